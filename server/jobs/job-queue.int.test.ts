// The job queue's shutdown (CI stop 37): a handler that outlives `stop`'s wait ends after the database is closed, and
// pg-boss then fails its job without awaiting the write. That must not become an unhandled rejection ("PGlite is
// closed"), which crashes a process and fails a test run; the job is left to expire and be retried elsewhere.
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/database';
import { createLogger } from '../logger';
import { waitFor } from '../test/wait-for';
import { createJobQueue } from './job-queue';

describe('job queue shutdown', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  let database: Database | undefined;
  afterEach(async () => {
    process.off('unhandledRejection', onRejection);
    await database?.close();
  });

  it('lets a handler that outlived stop end after the database closed, with no unhandled rejection', async () => {
    process.on('unhandledRejection', onRejection);
    database = await openPglite(undefined);
    const queue = createJobQueue({ database, logger: createLogger('silent'), pollingIntervalSeconds: 1 });
    let started = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let ended = false;
    queue.registerQueue({
      name: 'shutdown-test',
      concurrency: 1,
      expireInSeconds: 60,
      retryLimit: 0,
      retryDelaySeconds: 1,
      handler: async () => {
        started = true;
        await released;
        ended = true;
        // A handler that reads the closed database throws: pg-boss fails the job, without awaiting it.
        throw new Error('the database went away');
      },
    });
    await queue.start();
    await queue.enqueueWhole('shutdown-test', { id: 'job-1' });
    await waitFor(() => started, { what: 'the handler to start' });

    await queue.stop();
    await database.close();
    release();
    await waitFor(() => ended, { what: 'the handler to end' });
    // pg-boss's `fail` runs in the microtasks after the handler's rejection; an unhandled rejection is reported
    // after the microtask queue drains, so a few turns of the event loop are enough to see one.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(rejections).toEqual([]);
  });
});
