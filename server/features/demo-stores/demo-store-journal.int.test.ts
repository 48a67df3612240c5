// Issue 29: the demo copies' journal in the app's database, on PGlite and PostgreSQL: several sandboxes in this
// process (as several app instances) share one database journal and serve the same copies (the cases:
// server/sandbox/demo-copies/shared-copies-cases.ts). Two app processes on one PostgreSQL:
// demo-stores-shared.int.test.ts.
import { describe } from 'vitest';
import { sharedCopyCases } from '../../sandbox/demo-copies/shared-copies-cases';
import { createTestDatabase, testDatabaseKinds } from '../../test/harness';
import { createDatabaseCopyJournal } from './demo-store-journal';

describe.each(testDatabaseKinds())('demo copies shared through the database journal (%s)', (kind) => {
  sharedCopyCases(async () => {
    const database = await createTestDatabase(kind);
    return { journal: createDatabaseCopyJournal(database), dispose: () => database.dispose() };
  });
});
