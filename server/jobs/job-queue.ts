// The queue of long work (STYLE.md §5, issues 12 and 30): pg-boss 10 on the project's own database, PGlite through its
// `db` option (MACHINE-NOTES) and PostgreSQL alike. Each job kind registered with the platform (job-kinds.ts) has its
// own queue, named after the kind. A job row (job-store.ts) is worked in slices: a slice does a bounded amount of work
// from the job's checkpoint and, when there is more, queues the next slice before it completes. A worker that dies
// mid-slice leaves a pg-boss job that expires and is retried, which resumes from the checkpoint. One job of a kind at
// a time per store hash (a `singleton` queue keyed by the store hash): two would only share the store's quota. Jobs
// of different kinds on one store may run side by side; the store's scheduler paces them together on an instance,
// and the store's rate-limit headers across instances. Like Immich's job repository, a kind without a handler is
// refused before anything is queued.
import PgBoss from 'pg-boss';
import type { JobKind } from '../../common/contracts/jobs';
import type { Database } from '../db/database';
import type { Logger } from '../logger';

/**
 * The one queue every kind shared before issue 30. Nothing is sent to it any more; it is still worked (by kind), so
 * slices queued by an older version resume after an upgrade.
 */
export const LEGACY_JOB_QUEUE = 'bulk-edit';

/** What a slice did: the job is finished (or failed, recorded in its row), or there is more to do. */
export type SliceOutcome = 'finished' | 'more';
export type SliceHandler = (jobId: string) => Promise<SliceOutcome>;

type QueuedJob = { jobId: string; kind: JobKind; storeHash: string };

/**
 * A queue of whole jobs (not slices), such as the H.265 conversions (issue 17): `concurrency` workers per instance,
 * a job not completed in `expireInSeconds` is taken as lost (its instance died) and retried, `retryLimit` times.
 * A handler that throws fails the attempt (retried too, after `retryDelaySeconds`).
 */
export type WholeJobQueue = {
  name: string;
  concurrency: number;
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  handler: (data: { id: string }) => Promise<void>;
};

/**
 * Work on a clock (issue 32: Store History's hourly tick): pg-boss's `schedule(name, cron)` sends one job per firing,
 * whatever the number of instances (its timekeeper takes the minute under a database row), and one instance's worker
 * runs `handler`. Times are UTC.
 */
export type CronQueue = {
  name: string;
  /** Five-field cron, UTC: `0 * * * *` is every hour on the hour. */
  cron: string;
  /** A run not completed in this time is taken as lost and tried again, once. */
  expireInSeconds: number;
  handler: () => Promise<void>;
};

export type JobQueueOptions = {
  database: Database;
  logger: Logger;
  /** A slice not completed in this time is taken as lost (its worker died) and retried. Default 120 s. */
  sliceExpireSeconds?: number;
  /** How often expired slices are looked for. Default 30 s. */
  maintenanceIntervalSeconds?: number;
  /** Slice workers per kind on this instance (each serves one store at a time). Default 1. */
  sliceWorkers?: number;
  /** How often an idle worker asks for work. Default 1 s. */
  pollingIntervalSeconds?: number;
};

export function createJobQueue(options: JobQueueOptions) {
  const logger = options.logger.child({ component: 'jobs' });
  const handlers = new Map<JobKind, SliceHandler>();
  const wholeQueues = new Map<string, WholeJobQueue>();
  const cronQueues = new Map<string, CronQueue>();
  const workerIds = new Map<string, string[]>();
  // Once the queue has stopped, pg-boss may still finish a handler that outlived `stop`'s wait and then complete or
  // fail its job without awaiting it (pg-boss 10, manager.js `onFetch`): on a closed database that is an unhandled
  // rejection. After `stop` every statement answers "no result" without reaching the database; the job left active
  // expires and is retried, as when the process dies (CI stop 37: "PGlite is closed" after a test server stopped).
  // `rows` is left out, not empty: pg-boss reads a missing result as none (`result?.rows || []` in fetch,
  // `result && result.rows ? … : 0` in complete and fail), whereas an empty one makes complete read `rows[0].count`.
  let stopped = false;
  const noResult = { rows: undefined as unknown as unknown[], rowCount: 0 };
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        if (stopped) return noResult;
        try {
          return await options.database.executeSql(text, values);
        } catch (error) {
          if (stopped) return noResult;
          throw error;
        }
      },
    },
    schema: 'pgboss',
    supervise: true,
    // The timekeeper of `registerCron`'s queues (one firing for all instances); it checks every 30 s.
    schedule: true,
    cronWorkerIntervalSeconds: 15,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  let started: Promise<void> | undefined;
  let watch: NodeJS.Timeout | undefined;
  const sliceWorkers = new Map<string, string[]>();

  const send = async (job: QueuedJob) => {
    await boss.send(job.kind, job, { singletonKey: job.storeHash });
    // This instance's worker looks now rather than at its next poll (other instances find it at theirs).
    for (const worker of sliceWorkers.get(job.kind) ?? []) boss.notifyWorker(worker);
  };

  const workSlice = async (queued: QueuedJob) => {
    const handler = handlers.get(queued.kind);
    if (!handler) throw new Error(`no handler for job kind ${queued.kind}`);
    const outcome = await handler(queued.jobId);
    if (outcome === 'more') await send(queued);
  };

  /**
   * Completes a slice's pg-boss job as soon as its work is done, then has this instance's workers look for work at
   * once. pg-boss completes a job after its handler without waiting for the write, and the worker fetches again at
   * the same moment: the store's next slice (or next job: one active per store, the singleton key) was still blocked
   * by this one, so it waited for the next poll, up to a second per slice (issue 29, bench L2: a third of each store's
   * quota unused). pg-boss's own completion after this finds the job completed and changes nothing (`state = 'active'`).
   */
  const settleSlice = async (name: string, id: string) => {
    await boss.complete(name, id);
    for (const worker of sliceWorkers.get(name) ?? []) boss.notifyWorker(worker);
  };

  /**
   * Creates a queue (idempotent). Two instances creating pg-boss's queues at once on a new database can deadlock
   * (`40P01` in `pgboss.create_queue`, seen with two instances, issue 29): the loser tries again after a short random
   * wait.
   */
  const createQueue = async (name: string, queueOptions: Parameters<PgBoss['createQueue']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, queueOptions);
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== '40P01' || attempt >= 6) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250 * attempt));
      }
    }
  };

  const startOnce = async () => {
    await boss.start();
    for (const name of [...handlers.keys(), LEGACY_JOB_QUEUE]) {
      await createQueue(name, {
        name,
        policy: 'singleton',
        retryLimit: 20,
        retryDelay: 1,
        expireInSeconds: options.sliceExpireSeconds ?? 120,
      });
      if (sliceWorkers.has(name)) continue;
      const ids: string[] = [];
      // Several workers per kind: the singleton policy still runs one slice per store at a time, and the other
      // workers serve the kind's other stores meanwhile (issue 29, bench L2).
      for (let index = 0; index < (options.sliceWorkers ?? 1); index += 1) {
        ids.push(
          await boss.work<QueuedJob>(
            name,
            { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
            async ([queued]) => {
              if (!queued) return;
              await workSlice(queued.data);
              await settleSlice(name, queued.id);
            },
          ),
        );
      }
      sliceWorkers.set(name, ids);
    }
    for (const queue of wholeQueues.values()) {
      await createQueue(queue.name, {
        name: queue.name,
        policy: 'standard',
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        expireInSeconds: queue.expireInSeconds,
      });
      if (workerIds.has(queue.name)) continue;
      const ids: string[] = [];
      // pg-boss 10 has no per-worker concurrency: each `work` is one worker fetching one job at a time.
      for (let index = 0; index < queue.concurrency; index += 1) {
        ids.push(
          await boss.work<{ id: string }>(
            queue.name,
            { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
            async ([job]) => {
              if (job) await queue.handler(job.data);
            },
          ),
        );
      }
      workerIds.set(queue.name, ids);
    }
    for (const cron of cronQueues.values()) {
      await createQueue(cron.name, {
        name: cron.name,
        policy: 'standard',
        retryLimit: 1,
        retryDelay: 60,
        expireInSeconds: cron.expireInSeconds,
      });
      await boss.schedule(cron.name, cron.cron, {}, { tz: 'UTC' });
      if (workerIds.has(cron.name)) continue;
      const id = await boss.work(cron.name, { batchSize: 1, pollingIntervalSeconds: 10 }, async () => {
        await cron.handler();
      });
      workerIds.set(cron.name, [id]);
    }
  };

  return {
    /** Registers the slice handler of a kind (before `start`). */
    register(kind: JobKind, handler: SliceHandler) {
      handlers.set(kind, handler);
    },

    /** Adds a queue of whole jobs (before `start`). */
    registerQueue(queue: WholeJobQueue) {
      wholeQueues.set(queue.name, queue);
    },

    /** Adds work on a clock (before `start`): pg-boss fires it once per time for all instances. */
    registerCron(queue: CronQueue) {
      cronQueues.set(queue.name, queue);
    },

    /** Starts pg-boss (its own schema and migrations) and this instance's worker. */
    start(): Promise<void> {
      // A failed start is not kept (issue 29: the instance that lost a deadlock creating the queues stayed unable to
      // queue anything until restarted): the next call starts again, and what was done is not done twice.
      started ??= startOnce().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },

    /**
     * Starts the worker once there is work: now if unfinished jobs exist (another process may have left them), else
     * at the first enqueue, and by a look every `intervalMs` (an instance that stopped mid-job leaves its jobs to the
     * others). An instance that never runs a job never pays for pg-boss.
     */
    startWhenThereIsWork(hasWork: () => Promise<boolean>, intervalMs = 30_000): void {
      const look = async () => {
        if (started) return;
        if (await hasWork()) await this.start();
      };
      look().catch((error: unknown) => logger.error({ err: error }, 'the job queue did not start'));
      watch = setInterval(() => {
        look().catch((error: unknown) => logger.error({ err: error }, 'the job queue did not start'));
      }, intervalMs);
      watch.unref();
    },

    /** Queues a job's first slice. */
    async enqueue(job: QueuedJob): Promise<void> {
      if (!handlers.has(job.kind)) throw new Error(`no handler for job kind ${job.kind}`);
      await this.start();
      await send(job);
    },

    /** Queues a whole job on a queue added with `registerQueue`; `singletonKey` keeps one job per key queued. */
    async enqueueWhole(name: string, data: { id: string }): Promise<void> {
      if (!wholeQueues.has(name)) throw new Error(`no queue ${name}`);
      await this.start();
      await boss.send(name, data, { singletonKey: data.id });
      // This instance's idle workers look now rather than at their next poll.
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },

    async stop(): Promise<void> {
      clearInterval(watch);
      if (!started) return;
      await started.catch(() => undefined);
      try {
        await boss.stop({ graceful: true, close: false, wait: true, timeout: 5_000 });
      } finally {
        stopped = true;
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
