// P13 (issue 45): Spreadsheet Edit on a 10,000-product catalogue, through the real app (server/main.ts in a child
// process, PGlite) against a sandbox store in this process reached through BC_API_BASE_URL, generated from the demo's
// seed to N products (with their variants and custom fields). The whole path a store manager takes:
//   1. export every product with every column as XLSX (`POST /api/spreadsheet-edit/export`, its job to the end), and
//      download the file through the same-origin link;
//   2. edit it as a spreadsheet would save it (the app's own file layer): every product's and every variant's price
//      raised by 1, the sheets cut to `ID, Name, Price` and `Product ID, Variant ID, Price` (a column left out changes
//      nothing), the export id kept;
//   3. preview it against the live store (`POST /api/spreadsheet-edit/preview`, multipart);
//   4. run it (`POST /api/spreadsheet-edit/jobs`: its before-job snapshot of the products it touches, then the writes)
//      to the end, and check every price in the store.
// Rows:
//   requests, per step, at N products: baseline = the fewest BigCommerce allows for the step, candidate = the requests
//     the store received (sandbox statistics; by route in the note). The fewest:
//       export  = ceil(N/250) product pages (variants and custom fields included, products_catalog.v3.yml getProducts
//                 `limit` maximum 250 and `include`) + the brand and category pages the Brand and Categories columns
//                 name (250 a page);
//       preview = the same brand and category pages + ceil(N/250) products by `id:in` + ceil(V/250) variants;
//       import  = the before-job snapshot's products, 10 a page with options and modifiers (as P11 counts a
//                 snapshot's) + the re-read of every product and variant just before its write, ceil(N/250) +
//                 ceil(V/250) + the writes, ceil(N/10) (`PUT /v3/catalog/products`, 10 per request) + ceil(V/50)
//                 (`PUT /v3/catalog/variants`, 50 per request), V being the variants with options (the sheet's
//                 rows) here and every variant in the reads.
//     Goal <= 1.2 for each. The note gives the time at BigCommerce's pace (150 requests per 30 s).
//   memory: the peak RSS growth of the app's process during each step (VmRSS every 100 ms: the largest rise above
//     its lowest point before), baseline = 2,000 products, candidate = 10,000, each size in a fresh app process after a
//     warm-up run of a 300-product store and full garbage collections (SIGUSR2, bench/servers/gc-on-signal.ts).
//     Goal: roughly flat in the catalogue's size (rows are streamed: the export's parts go to the object store, the
//     upload to a temporary file, the preview's rows to the database, the job reads them a wave at a time); shown, not
//     checked (V8 collects when it will; PGlite's heap lives in the same process and grows with the pages it touches,
//     as P11 found).
// A quota of 1,000,000 requests a second, so that the run is bound by the app, not the pace.
// BENCH_P13_PRODUCTS (10,000) and BENCH_P13_SMALL (2,000) change the sizes; BENCH_P13_DATABASE=postgres runs the app on
// PostgreSQL (BENCH_DATABASE_URL, else embedded), the database out of the app's process. `npm run bench -- P13` (some 12 min).
//
// Measured (issue 45, 2 shared cores beside other work, PGlite): 10,000 products, 12,648 variants with options.
// Export 44 requests against the fewest 42 (1.05), 26 s; preview 143 against 119 (1.20: its variants read 50 products
// a request, 101 pages; one filter per 250-row chunk since); import 2,707 against 2,370 (1.14: the waves' re-reads,
// 50 rows each), 9 min at 150 requests per 30 s, 526 s at the large quota, all 22,648 rows written and checked.
// Peak RSS growth 2,000 vs 10,000 products: export 14 / 94 MB, preview 9 / 49 MB, import 88 / 385 MB: NOT flat. P11
// found PGlite's heap (in the app's process, never given back) to grow with the pages written; the export's and
// preview's rows and the import's backup go to the database. On PostgreSQL (BENCH_P13_DATABASE=postgres, same
// session): export 24 / 84 MB, preview 7 / 27 MB, import 115 / 362 MB, ratios 3.5 / 4.1 / 3.1: still NOT flat, so the
// app's own memory grows with the catalogue (a suspect: the import keeps the whole backup, every overwritten value, in
// memory and in its job row, rewritten each wave). Requests the same (preview 137 against 119, 1.15, with one filter
// per chunk); the import 272 s.
// Since (same session, PostgreSQL, idle machine): the job's look and events read the row without its plan and backup
// (the bench looks every 200 ms; each look parsed both, megabytes at 10,000 products), the import reads the backup of
// its wave alone, and the preview writes its rows to the database a chunk at a time. Peak RSS growth: export 11.1 /
// 58.7 MB, preview 2.4 / 8.9 MB, import 92 / 153.5 MB; the import 79.9 s (was 272 s). With the app's V8 old space
// capped at 128 MB (BENCH_P13_HEAP_MB=128; 64 MB does not start the app under tsx), every step of both sizes ends:
// export 17.8 / 24 MB (1.34), preview 5.9 / 9.6 MB (1.63), import 15.9 / 56.6 MB (3.56), all 22,648 rows written.
// So the export's and the preview's rise uncapped is V8 growing its heap because it may, not rows kept; the import
// still holds its plan (one item per row, read whole at each slice from the job row): about 2 KB a row.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ALL_COLUMN_HEADERS } from '../common/spreadsheet-edit/columns';
import { FINAL_JOB_STATES, jobPath, jobResponseSchema, type JobView } from '../common/contracts/jobs';
import {
  exportResultSchema,
  previewResponseSchema,
  SPREADSHEET_EXPORT_PATH,
  SPREADSHEET_JOBS_PATH,
  SPREADSHEET_PREVIEW_PATH,
  type PreviewResponse,
} from '../common/contracts/spreadsheet-edit';
import type { CellValue } from '../server/features/spreadsheet-edit/sheet-io/sheet-io';
import { openSpreadsheet } from '../server/features/spreadsheet-edit/sheet-io/sheet-reader';
import { createSheetWriter } from '../server/features/spreadsheet-edit/sheet-io/sheet-writer';
import type { StoreStatsSnapshot } from '../server/sandbox/core/stats';
import { startSandboxServer, type RunningSandbox } from '../server/sandbox/test-server';
import { createGeneratedStore, residentBytes } from './generated-store';
import { fmt, startAppServer, type Bench, type BenchRow } from './lib';
import { benchDatabase } from './load-lib';

const LARGE = Number(process.env.BENCH_P13_PRODUCTS ?? 10_000);
const SMALL = Number(process.env.BENCH_P13_SMALL ?? 2_000);
/** BENCH_P13_HEAP_MB: the app's V8 old space, capped (`--max-old-space-size`): a run that ends shows what its heap needs. */
const HEAP_MB = process.env.BENCH_P13_HEAP_MB ? Number(process.env.BENCH_P13_HEAP_MB) : undefined;
const WARM_UP = 300;
const TOKEN = 'p13-token';
const MB = 1024 * 1024;
const BC_QUOTA = 150;
const BC_WINDOW_S = 30;
/** A step that moves nothing for this long has stalled. */
const STALL_MS = 4 * 60_000;
const LIMITS = { maxRows: 200_000, maxUnpackedBytes: 1024 * MB };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const pages = (n: number, size: number) => Math.max(1, Math.ceil(n / size));

type StepName = 'export' | 'preview' | 'import';
type Step = { requests: number; byRoute: Record<string, number>; seconds: number; growth: number };
type SizeRun = {
  products: number;
  /** Every variant, the base variants of products without options included (what the reads page through). */
  variants: number;
  /** The variants with option values: the Variants sheet's rows (a simple product's base variant is not one). */
  optionVariants: number;
  brands: number;
  categories: number;
  steps: Record<StepName, Step>;
  preview: PreviewResponse;
  job: JobView;
};

const routeDelta = (before: StoreStatsSnapshot, after: StoreStatsSnapshot) =>
  Object.fromEntries(
    Object.entries(after.byRoute)
      .map(([route, n]) => [route, n - (before.byRoute[route] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );

/** The store's counts, read as BigCommerce answers them. */
async function storeCounts(sb: RunningSandbox, hash: string) {
  const total = async (p: string) => {
    const res = await fetch(`${sb.storeUrl(hash)}${p}`, { headers: { 'X-Auth-Token': TOKEN } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return ((await res.json()) as { meta: { pagination?: { total: number } } }).meta.pagination?.total ?? 0;
  };
  return {
    products: await total('/v3/catalog/products?limit=1&include_fields=id'),
    variants: await total('/v3/catalog/variants?limit=1'),
    brands: await total('/v3/catalog/brands?limit=1'),
    categories: await total('/v3/catalog/trees/categories?limit=1'),
  };
}

/** Every product's price and every option variant's, by id (`p<id>`, `v<id>`). */
async function prices(sb: RunningSandbox, hash: string) {
  const found = new Map<string, number | null>();
  for (const [kind, route] of [
    ['p', '/v3/catalog/products?include_fields=price'],
    ['v', '/v3/catalog/variants?'],
  ] as const) {
    for (let page = 1; ; page++) {
      const res = await fetch(`${sb.storeUrl(hash)}${route}&limit=250&page=${page}`, {
        headers: { 'X-Auth-Token': TOKEN },
      });
      const body = (await res.json()) as {
        data: { id: number; price: number | null; option_values?: unknown[] }[];
        meta: { pagination: { total_pages: number } };
      };
      for (const item of body.data)
        if (kind === 'p' || (item.option_values ?? []).length > 0) found.set(`${kind}${item.id}`, item.price);
      if (page >= body.meta.pagination.total_pages) break;
    }
  }
  return found;
}

async function startApp(sb: RunningSandbox, databaseUrl: string | undefined) {
  const server = await startAppServer(
    {
      SANDBOX: 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      BC_API_BASE_URL: sb.baseUrl,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import tsx --import ./bench/servers/gc-on-signal.ts${HEAP_MB ? ` --max-old-space-size=${HEAP_MB}` : ''}`,
    },
    'bct-bench-p13-',
    { logToFile: true },
  );
  const cookie = `bct_visitor=${randomBytes(16).toString('hex')}`;
  const pid = server.process.pid!;
  const folder = await mkdtemp(path.join(tmpdir(), 'bct-bench-p13-files-'));
  /**
   * One request to the app. A connection the app closed while this busy process was about to reuse it (its 5 s
   * keep-alive ended during a long stall of this event loop, which also serves the sandbox) fails before any answer:
   * sent again, twice at most.
   */
  const request = async (p: string, init: RequestInit = {}): Promise<Response> => {
    const send = () =>
      fetch(`${server.url}${p}`, { ...init, headers: { origin: server.url, cookie, ...init.headers } });
    let res: Response | undefined;
    for (let attempt = 1; !res; attempt++) {
      try {
        res = await send();
      } catch (error) {
        if (attempt >= 3 || !(error instanceof TypeError)) throw error;
        const cause = error.cause instanceof Error ? error.cause.message : error.message;
        console.error(`${init.method ?? 'GET'} ${p}: ${cause}; sent again`);
      }
    }
    return res;
  };
  const call = async (p: string, init: RequestInit = {}) => {
    const res = await request(p, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as unknown;
  };
  const postJson = (p: string, body: unknown) =>
    call(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const ended = async (first: JobView): Promise<JobView> => {
    let job = first;
    let deadline = Date.now() + STALL_MS;
    while (!(FINAL_JOB_STATES as readonly string[]).includes(job.state)) {
      if (Date.now() > deadline) throw new Error(`job ${job.kind} moved nothing for ${STALL_MS} ms`);
      await sleep(200);
      const done = job.succeeded + job.failed;
      job = jobResponseSchema.parse(await call(jobPath(job.id))).job;
      if (job.succeeded + job.failed !== done) deadline = Date.now() + STALL_MS;
    }
    if (job.state !== 'done') throw new Error(`job ${job.kind} ended ${job.state}: ${job.message}`);
    return job;
  };

  /** Runs `work` and measures it: the store's requests and the app's peak RSS growth from a collected heap. */
  const measured = async <T>(hash: string, work: () => Promise<T>): Promise<Step & { value: T }> => {
    process.kill(pid, 'SIGUSR2');
    await sleep(2_000);
    let trough = residentBytes(pid);
    let growth = 0;
    const sampler = setInterval(() => {
      const rss = residentBytes(pid);
      trough = Math.min(trough, rss);
      growth = Math.max(growth, rss - trough);
    }, 100);
    const stats = sb.sandbox.stores.get(hash)!.stats;
    const before = stats.snapshot();
    const started = performance.now();
    try {
      const value = await work();
      const after = stats.snapshot();
      return {
        value,
        requests: after.requests - before.requests,
        byRoute: routeDelta(before, after),
        seconds: (performance.now() - started) / 1000,
        growth,
      };
    } finally {
      clearInterval(sampler);
    }
  };

  /** Export, edit, preview and import the whole store `hash`; every price checked after. */
  const run = async (hash: string): Promise<SizeRun> => {
    const storeCredentials = { storeHash: hash, accessToken: TOKEN };
    const before = await prices(sb, hash);
    const counts = {
      ...(await storeCounts(sb, hash)),
      optionVariants: [...before.keys()].filter((key) => key.startsWith('v')).length,
    };
    const exported = path.join(folder, `${hash}-exported.xlsx`);
    const edited = path.join(folder, `${hash}-edited.xlsx`);

    const exportStep = await measured(hash, async () => {
      const started = jobResponseSchema.parse(
        await postJson(SPREADSHEET_EXPORT_PATH, {
          storeCredentials,
          targetOption: 'all',
          columns: ALL_COLUMN_HEADERS,
          format: 'xlsx',
        }),
      ).job;
      const result = exportResultSchema.parse((await ended(started)).result);
      const file = await request(result.downloadUrl);
      if (!file.ok) throw new Error(`download: ${file.status}`);
      await writeFile(exported, Buffer.from(await file.arrayBuffer()));
      return result;
    });
    if (exportStep.value.products !== counts.products || exportStep.value.variants !== counts.optionVariants)
      throw new Error(
        `the export wrote ${exportStep.value.products} products and ${exportStep.value.variants} variants of ` +
          `${counts.products} and ${counts.optionVariants}`,
      );

    // The edit, outside any measurement: what the user's spreadsheet does.
    const opened = await openSpreadsheet(exported, LIMITS);
    const kept = {
      Products: ['ID', 'Name', 'Price'],
      Variants: ['Product ID', 'Variant ID', 'Price'],
    } as const;
    const out = createWriteStream(edited);
    const writer = createSheetWriter(out, {
      format: 'xlsx',
      sheets: (['Products', 'Variants'] as const).map((name) => ({ name, headers: [...kept[name]] })),
      exportId: opened.exportId!,
    });
    const expected = new Map<string, number>();
    for await (const row of opened.rows()) {
      const cells: CellValue[] = kept[row.sheet].map((header) => row.cells.get(header) ?? null);
      const id = Number(row.cells.get(row.sheet === 'Products' ? 'ID' : 'Variant ID'));
      const key = `${row.sheet === 'Products' ? 'p' : 'v'}${id}`;
      const price = (before.get(key) ?? 0) + 1;
      expected.set(key, price);
      cells[2] = price;
      await writer.addRow(row.sheet, cells);
    }
    await writer.finish();
    await finished(out);

    const previewStep = await measured(hash, async () => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(await readFile(edited))]), 'edited.xlsx');
      form.set('storeCredentials', JSON.stringify(storeCredentials));
      return previewResponseSchema.parse(
        await call(SPREADSHEET_PREVIEW_PATH, { method: 'POST', body: form }),
      );
    });
    const preview = previewStep.value;
    if (preview.counts.changed !== counts.products + counts.optionVariants || preview.counts.errors !== 0)
      throw new Error(`the preview counts ${JSON.stringify(preview.counts)}`);

    const importStep = await measured(hash, async () => {
      const started = jobResponseSchema.parse(
        await postJson(SPREADSHEET_JOBS_PATH, { storeCredentials, previewId: preview.previewId }),
      ).job;
      return ended(started);
    });
    const after = await prices(sb, hash);
    const wrong = [...expected].filter(([key, price]) => after.get(key) !== price);
    if (wrong.length > 0)
      throw new Error(`${wrong.length} prices not written, e.g. ${JSON.stringify(wrong.slice(0, 3))}`);
    const { value: _export, ...exportMeasure } = exportStep;
    const { value: _preview, ...previewMeasure } = previewStep;
    const { value: job, ...importMeasure } = importStep;
    return {
      ...counts,
      steps: { export: exportMeasure, preview: previewMeasure, import: importMeasure },
      preview,
      job,
    };
  };

  return {
    ...server,
    run,
    stop: async () => {
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The fewest requests BigCommerce allows for each step (the header's formulas). */
function fewest(run: SizeRun): Record<StepName, number> {
  const lookups = pages(run.brands, 250) + pages(run.categories, 250);
  const rows = pages(run.products, 250) + pages(run.variants, 250);
  return {
    export: pages(run.products, 250) + lookups,
    preview: lookups + rows,
    import: pages(run.products, 10) + rows + pages(run.products, 10) + pages(run.optionVariants, 50),
  };
}

const routesNote = (byRoute: Record<string, number>) =>
  Object.entries(byRoute)
    .sort((a, b) => b[1] - a[1])
    .map(([route, n]) => `${route} ${fmt(n)}`)
    .join(', ');

export const spreadsheetEditBench: Bench = {
  name: 'P13 spreadsheet edit',
  async run(): Promise<BenchRow[]> {
    const sb = await startSandboxServer({ rateLimit: { quota: 1_000_000, windowMs: 1_000 } });
    const db =
      process.env.BENCH_P13_DATABASE === 'postgres' ? await benchDatabase('bct_bench_p13') : undefined;
    const runs: SizeRun[] = [];
    try {
      for (const size of [SMALL, LARGE]) {
        const warm = `p13warm${size}`;
        const hash = `p13store${size}`;
        createGeneratedStore(sb, warm, WARM_UP, TOKEN, `P13 ${WARM_UP}`);
        createGeneratedStore(sb, hash, size, TOKEN, `P13 ${size}`);
        const app = await startApp(sb, db?.url);
        try {
          await app.run(warm);
          runs.push(await app.run(hash));
        } catch (error) {
          // What the app said last, before its folder goes.
          const log = app.logFile ? await readFile(app.logFile, 'utf8').catch(() => '') : '';
          console.error(`the app's last log lines:\n${log.slice(-6_000)}`);
          throw error;
        } finally {
          await app.stop();
          sb.sandbox.stores.delete(warm);
          sb.sandbox.stores.delete(hash);
        }
      }
    } finally {
      await sb.close();
      await db?.dispose();
    }
    const [small, large] = runs as [SizeRun, SizeRun];
    const rows: BenchRow[] = [];
    const least = fewest(large);
    const atBc = (requests: number) => (requests / BC_QUOTA) * BC_WINDOW_S;
    for (const step of ['export', 'preview', 'import'] as const) {
      const sent = large.steps[step].requests;
      const ratio = sent / least[step];
      rows.push({
        bench: `P13 ${step} of ${fmt(large.products)} products (${fmt(large.optionVariants)} variants): requests`,
        metric: 'requests (fewest vs sent)',
        baseline: fmt(least[step]),
        candidate: fmt(sent),
        ratio,
        note:
          `goal <= 1.2: ${ratio <= 1.2 ? 'met' : 'NOT MET'}; at 150/30 s ${fmt(atBc(sent) / 60, 1)} min ` +
          `(the fewest ${fmt(atBc(least[step]) / 60, 1)} min); measured ${fmt(large.steps[step].seconds, 1)} s at a ` +
          `quota of 1,000,000/s; by route: ${routesNote(large.steps[step].byRoute)}`,
      });
    }
    for (const step of ['export', 'preview', 'import'] as const) {
      rows.push({
        bench: `P13 ${step} memory, ${fmt(small.products)} vs ${fmt(large.products)} products`,
        metric: 'peak RSS growth MB',
        baseline: fmt(small.steps[step].growth / MB, 1),
        candidate: fmt(large.steps[step].growth / MB, 1),
        ratio: large.steps[step].growth / Math.max(1, small.steps[step].growth),
        note:
          `${db ? 'PostgreSQL' : 'PGlite (in the app process)'}; store ${fmt(large.products / small.products, 1)}x ` +
          `larger; goal roughly flat; ` +
          `${fmt(small.steps[step].seconds, 1)} / ${fmt(large.steps[step].seconds, 1)} s` +
          (step === 'import'
            ? `; job written ${fmt(large.job.succeeded)}, failed ${fmt(large.job.failed)}; preview counts ` +
              `${JSON.stringify(large.preview.counts)}`
            : ''),
      });
    }
    return rows;
  },
};
