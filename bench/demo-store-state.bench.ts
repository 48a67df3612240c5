// P8 (issue 29): what keeping the demo copies' state in the database costs the tools. Two tools on a visitor's demo
// copy (`POST /api/demo-stores`), through the app in a child process, its built-in sandbox on loopback:
//   Dump Widgets `{dumpMode: "all"}` (reads only), and Copy Description from product 77 to 1,000 listed products
//   (`POST /api/copy-description`, a job of 100 batch PUTs: every one a write appended to the copy's journal);
//   baseline  = `SANDBOX_DEMO_STATE=memory`: the copies in the process's memory, as before issue 29 (one instance only);
//   candidate = `SANDBOX_DEMO_STATE=database`: the copies' journal in the app's database;
// both on PGlite (in DATA_DIR), and again both on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a
// fresh database each on that server), so each pair differs only in where the copies live.
// The copy is reset before every run and opened once (built from its seed, not measured), so every run starts from
// the seed with a fresh quota window. Runs alternate between the apps; the table shows medians of the time the tool
// took and of the CPU time the app process used meanwhile (Linux: /proc; steadier than the time when the machine is
// busy with other work; with PostgreSQL the database server's own work is not in it).
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { bulkResultResponseSchema, COPY_DESCRIPTION_PATH } from '../common/contracts/bulk-edit';
import { demoStoresResponseSchema, type DemoStore } from '../common/contracts/demo-stores';
import { dumpWidgetsResponseSchema } from '../common/contracts/dump-widgets';
import { withDatabaseName } from '../server/test/postgres';
import { fmt, median, startAppServer, type Bench, type BenchRow, type ChildServer } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PRODUCTS = 1_000;

type App = {
  label: string;
  server: ChildServer;
  demo: DemoStore;
  ids: number[];
  stop(): Promise<void>;
};

/** CPU milliseconds (user + system) a process has used, or undefined where /proc is not there. */
async function cpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Runs `work` and says how long it took and how much CPU the app used meanwhile. */
async function measured(
  app: App,
  work: () => Promise<{ check: string; requests: number }>,
): Promise<Measured> {
  const cpuBefore = await cpuMs(app.server.process.pid);
  const started = performance.now();
  const { check, requests } = await work();
  const ms = performance.now() - started;
  const cpuAfter = await cpuMs(app.server.process.pid);
  return {
    ms,
    cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    check,
    requests,
  };
}

type Measured = { ms: number; cpu: number | undefined; check: string; requests: number };

async function startApp(label: string, env: Record<string, string>, dispose = async () => {}): Promise<App> {
  const server = await startAppServer({ SANDBOX: 'on', ...env }, 'bct-bench-demo-');
  const res = await fetch(`${server.url}/api/demo-stores`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', origin: server.url },
    body: '{}',
  });
  const demo = demoStoresResponseSchema.parse(await res.json()).stores[0]!;
  const ids: number[] = [];
  for (let page = 1; ids.length < PRODUCTS; page++) {
    const list = await fetch(
      `${server.url}/sandbox/stores/${demo.storeHash}/v3/catalog/products?include_fields=id&limit=250&page=${page}`,
      { headers: { 'X-Auth-Token': demo.accessToken } },
    );
    const rows = ((await list.json()) as { data: { id: number }[] }).data;
    if (rows.length === 0) break;
    ids.push(...rows.map((row) => row.id));
  }
  return {
    label,
    server,
    demo,
    ids: ids.slice(0, PRODUCTS),
    stop: async () => {
      await server.stop();
      await dispose();
    },
  };
}

/** The copy back to its seed, then opened once: built from the seed before the clock starts. */
async function fresh(app: App): Promise<void> {
  const { url } = app.server;
  const reset = await fetch(`${url}/api/demo-stores/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', origin: url },
    body: JSON.stringify({ storeHash: app.demo.storeHash, accessToken: app.demo.accessToken }),
  });
  if (!reset.ok) throw new Error(`reset: ${reset.status}`);
  const open = await fetch(`${url}/sandbox/stores/${app.demo.storeHash}/v2/store`, {
    headers: { 'X-Auth-Token': app.demo.accessToken },
  });
  if (!open.ok) throw new Error(`open: ${open.status}`);
}

const credentials = (demo: DemoStore) => ({ storeHash: demo.storeHash, accessToken: demo.accessToken });

async function dumpAll(app: App): Promise<Measured> {
  await fresh(app);
  return measured(app, async () => {
    const res = await fetch(`${app.server.url}/api/dump-widgets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', origin: app.server.url },
      body: JSON.stringify({ storeCredentials: credentials(app.demo), dumpMode: 'all' }),
    });
    const answer = dumpWidgetsResponseSchema.parse(await res.json());
    if (!answer.success) throw new Error(`${app.label}: dump widgets: ${answer.error}`);
    return { check: `${answer.data.summary.totalWidgets} widgets`, requests: await requestsUsed(app) };
  });
}

/** Requests the copy counted in its window so far (the window starts with the run, `fresh`). */
async function requestsUsed(app: App): Promise<number> {
  const res = await fetch(`${app.server.url}/sandbox/stores/${app.demo.storeHash}/v2/time`, {
    headers: { 'X-Auth-Token': app.demo.accessToken },
  });
  await res.body?.cancel();
  const quota = Number(res.headers.get('x-rate-limit-requests-quota'));
  // Less this request and the one that opened the copy.
  return quota - Number(res.headers.get('x-rate-limit-requests-left')) - 2;
}

async function copyDescription(app: App): Promise<Measured> {
  await fresh(app);
  return measured(app, async () => {
    const res = await fetch(`${app.server.url}${COPY_DESCRIPTION_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', origin: app.server.url },
      body: JSON.stringify({
        sourceStoreCredentials: credentials(app.demo),
        sourceProductId: String(app.ids[0]),
        targetStoreCredentials: credentials(app.demo),
        targetOption: 'specific',
        targetValue: app.ids.join(','),
      }),
    });
    const answer = bulkResultResponseSchema.parse(await res.json());
    if (!answer.success) throw new Error(`${app.label}: copy description: ${answer.error}`);
    if (answer.data.failed > 0) throw new Error(`${app.label}: ${answer.data.failed} products failed`);
    return { check: `${answer.data.success} products written`, requests: await requestsUsed(app) };
  });
}

/** The app on a fresh PostgreSQL database of its own. */
async function postgresApp(url: string, state: 'memory' | 'database'): Promise<App> {
  const name = `bct_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return startApp(
    `${state}, PostgreSQL`,
    { SANDBOX_DEMO_STATE: state, DATABASE_URL: withDatabaseName(url, name) },
    async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  );
}

export const demoStoreStateBench: Bench = {
  name: 'P8 demo store state',
  async run() {
    const apps: App[] = [];
    try {
      // Pairs of apps on the same kind of database: [baseline (memory), candidate (database)].
      const pairs: [App, App][] = [];
      const onPglite = async (state: 'memory' | 'database') => {
        const app = await startApp(`${state}, PGlite`, { SANDBOX_DEMO_STATE: state });
        apps.push(app);
        return app;
      };
      pairs.push([await onPglite('memory'), await onPglite('database')]);
      const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      if (url) {
        const pair: App[] = [];
        for (const state of ['memory', 'database'] as const) {
          const app = await postgresApp(url, state);
          apps.push(app);
          pair.push(app);
        }
        pairs.push([pair[0]!, pair[1]!]);
      }
      const rows: BenchRow[] = [];
      const tasks = [
        { name: 'Dump Widgets mode all', run: dumpAll },
        { name: `Copy Description to ${fmt(PRODUCTS)} products`, run: copyDescription },
      ];
      for (const task of tasks) {
        // Warm-up: JIT and each app's first run of the tool are not measured.
        for (const app of apps) await task.run(app);
        const times = new Map<App, number[]>(apps.map((app) => [app, []]));
        const cpu = new Map<App, number[]>(apps.map((app) => [app, []]));
        const checks = new Set<string>();
        const requests = new Map<App, number[]>(apps.map((app) => [app, []]));
        for (let i = 0; i < RUNS; i++) {
          for (const app of apps) {
            const run = await task.run(app);
            times.get(app)!.push(run.ms);
            if (run.cpu !== undefined) cpu.get(app)!.push(run.cpu);
            checks.add(run.check);
            requests.get(app)!.push(run.requests);
          }
        }
        if (checks.size !== 1) {
          throw new Error(`${task.name}: the apps did not do the same (${[...checks].join(' / ')})`);
        }
        for (const [baseline, candidate] of pairs) {
          const baseMs = median(times.get(baseline)!);
          const candMs = median(times.get(candidate)!);
          const bench = `P8 ${task.name} on a demo copy, ${candidate.label.split(', ')[1]}`;
          rows.push({
            bench,
            metric: 'ms (median)',
            baseline: fmt(baseMs, 1),
            candidate: fmt(candMs, 1),
            ratio: candMs / baseMs,
            note:
              `copies in memory vs in the database; ${RUNS} runs each; ${[...checks][0]}; requests per run ` +
              `${median(requests.get(baseline)!)} vs ${median(requests.get(candidate)!)}`,
          });
          const baseCpu = cpu.get(baseline)!;
          const candCpu = cpu.get(candidate)!;
          if (baseCpu.length === RUNS && candCpu.length === RUNS) {
            rows.push({
              bench,
              metric: 'app CPU ms (median)',
              baseline: fmt(median(baseCpu)),
              candidate: fmt(median(candCpu)),
              ratio: median(candCpu) / Math.max(1, median(baseCpu)),
              note: 'user + system time of the app process during the run',
            });
          }
        }
      }
      return rows;
    } finally {
      for (const app of apps) await app.stop();
    }
  },
};
