// Issue 29: demo copies shared by several sandboxes (as several app instances), on the in-memory journal with
// `shared: true` (the cases: shared-copies-cases.ts).
import { describe } from 'vitest';
import { MemoryCopyJournal } from './copy-journal';
import { sharedCopyCases } from './shared-copies-cases';

// Each case builds two or three copies from the seed (about half a second each): more than the unit default of 5 s on
// a busy machine.
describe('demo copies shared by several instances (in-memory journal)', { timeout: 60_000 }, () => {
  sharedCopyCases(() =>
    Promise.resolve({ journal: new MemoryCopyJournal(true), dispose: () => Promise.resolve() }),
  );
});
