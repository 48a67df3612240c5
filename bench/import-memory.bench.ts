// P10 (issue 29): the memory an import takes, as the peak RSS growth of the process serving it, for a product dump of
// 2,000 variants and a widgets dump of 50 MB (500 pages of 100 widgets, 40 custom templates to create), in one run:
//   baseline  = the imports read whole, as before issue 29 (bench/servers/import-whole-body.ts: the whole app runs in
//               the same process, so both processes are alike, and the old routes answer on a second port): the
//               global body guard (a clone of the body read as text, parsed and walked), `c.req.json()` (text and
//               parse again), the contract's zod copy, and the services with every page and template held as objects.
//               Its size limit is raised out of the way: the app refused the 50 MB dump with 413 at 10 MB;
//   candidate = the app itself (`server/main.ts`): the body read as it arrives (server/json-stream.ts), each page and
//               template kept as its JSON bytes and parsed when it is written (import-widgets.request.ts).
// Every measurement is a fresh child process: a small import first (code loaded and compiled, database warm), full
// garbage collections (SIGUSR2, bench/servers/gc-on-signal.ts), then its peak RSS is reset (`/proc/PID/clear_refs` 5)
// and the dump sent; growth = the peak while it ran (VmHWM, and VmRSS
// sampled every 5 ms) - VmRSS before it.
// BigCommerce is a sandbox in a third process with a 4 GB store budget, reset before each import, so the stores'
// growth is not counted. BENCH_RUNS runs of each (default 3), alternating; the table shows medians, the note every run.
// BENCH_P10_CASE=product (or widgets) runs one case only.
//
// The bound the candidate must meet: peak RSS growth <= the body's size + 128 MB. An import checks the whole body before
// it writes anything (the contract's answers, spec part 1 §5), so without spilling to disk it holds the body once, as
// bytes outside the JavaScript heap; the rest must not grow with the dump: the pages being written (4 at a time),
// their answers, the results, and the heap's own slack. That slack is most of it: the product import, whose 1.3 MB
// dump is negligible, peaks 70-90 MB above its start either way (V8's young generation and the old space it lets grow
// before a full collection, over some 4,000 BigCommerce calls, in an app process of about 900 MB).
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_PRODUCT_PATH } from '../common/contracts/import-product';
import { IMPORT_WIDGETS_PATH } from '../common/contracts/import-widgets';
import { productDumpHead } from '../common/dumps/product-dump.fixtures';
import { fmt, median, startChildServer, type Bench, type BenchRow, type ChildServer } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MB = 1024 * 1024;
const STORE = { storeHash: 'benchimport', accessToken: 'bench-token', clientId: 'bench' };
const BOUND_SLACK_BYTES = 128 * MB;

type Json = Record<string, unknown>;

/** A product dump (common/dumps/product-dump.ts) with `variants` option variants over two options. */
export function productDump(variants: number, sku: string): Json {
  const sizes = Array.from({ length: 40 }, (_, i) => `Size ${i + 1}`);
  const colours = Array.from({ length: Math.ceil(variants / sizes.length) }, (_, i) => `Colour ${i + 1}`);
  const option = (id: number, name: string, type: string, labels: string[]) => ({
    id,
    product_id: 77,
    display_name: name,
    type,
    sort_order: id,
    config: {},
    option_values: labels.map((label, i) => ({
      id: id * 1000 + i,
      label,
      sort_order: i,
      value_data: null,
      is_default: false,
    })),
  });
  const variant = (i: number, values: Json[]) => ({
    id: 5000 + i,
    product_id: 77,
    sku: i === 0 ? sku : `${sku}-${i}`,
    sku_id: 9000 + i,
    price: 19.99 + (i % 7),
    calculated_price: 19.99 + (i % 7),
    sale_price: null,
    retail_price: 29.99,
    map_price: null,
    weight: 1.25,
    width: 10,
    height: 4,
    depth: 2,
    is_free_shipping: false,
    fixed_cost_shipping_price: null,
    calculated_weight: 1.25,
    purchasing_disabled: false,
    purchasing_disabled_message: '',
    image_url: '',
    cost_price: 7.5,
    upc: '',
    mpn: `MPN-${i}`,
    gtin: '',
    inventory_level: 10 + (i % 50),
    inventory_warning_level: 2,
    bin_picking_number: `BIN-${i % 100}`,
    option_values: values,
  });
  const list = Array.from({ length: variants }, (_, i) => {
    const size = i % sizes.length;
    const colour = Math.floor(i / sizes.length);
    return variant(i + 1, [
      { id: 1000 + size, label: sizes[size], option_id: 1, option_display_name: 'Size' },
      { id: 2000 + colour, label: colours[colour], option_id: 2, option_display_name: 'Colour' },
    ]);
  });
  return {
    ...productDumpHead('benchsource', 77, `Bench product ${sku}`),
    sku,
    type: 'physical',
    weight: 1.25,
    price: 19.99,
    description: `<p>${'A product with many variants. '.repeat(60)}</p>`,
    categories: [],
    category_details: [],
    brand_id: null,
    brand_name: null,
    channels: [1],
    channel_details: [{ id: 1, name: 'Default' }],
    images: [],
    variants: [variant(0, []), ...list],
    options: [option(1, 'Size', 'rectangles', sizes), option(2, 'Colour', 'dropdown', colours)],
    modifiers: [],
    videos: [],
    custom_fields: [],
    bulk_pricing_rules: [],
    reviews: [],
  };
}

/** An Import Widgets request of about `bytes`: `pages` pages of 100 widgets, and 40 custom templates to create. */
export function widgetsRequest(bytes: number, pages = 500): Json {
  const templates = Array.from({ length: 40 }, (_, i) => ({
    uuid: `7e1d0c00-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Bench template ${i}`,
    kind: 'custom',
    template: `<section class="bench-${i}"><h2>{{title}}</h2><p>{{text}}</p></section>`.padEnd(20_000, ' '),
    schema: [],
    storefront_api_query: null,
  }));
  const page = (n: number, textLength: number) => ({
    template_file: 'pages/product',
    entity_id: String(n + 1),
    channel_id: 1,
    regions: [
      {
        name: 'product_below_content',
        children: Array.from({ length: 100 }, (_, w) => ({
          type: 'widget',
          name: `Widget ${n}-${w}`,
          widget_template_uuid: templates[(n + w) % templates.length]!.uuid,
          configuration: {
            title: `Title ${n}-${w}`,
            text: `Text of widget ${w} on page ${n}. `.repeat(textLength).slice(0, textLength),
          },
        })),
      },
    ],
  });
  // The widgets' text fills what the pages' structure leaves of `bytes`.
  const perPage = (bytes - JSON.stringify(templates).length) / pages;
  const textLength = Math.max(20, Math.floor((perPage - JSON.stringify(page(pages, 0)).length) / 100));
  return {
    store: STORE,
    pages: Array.from({ length: pages }, (_, n) => page(n, textLength)),
    autoCreateMissingTemplates: true,
    sourceWidgetTemplates: templates,
  };
}

const statusOf = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (status: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);

type Mode = 'baseline' | 'candidate';
type Case = {
  name: string;
  path: string;
  warmUp: Buffer;
  body: Buffer;
  /** Throws unless the answer is the import's whole success. */
  check: (answer: Json) => void;
};

export const importMemoryBench: Bench = {
  name: 'P10 import memory',
  async run() {
    const sandbox = await startChildServer('bench/servers/import-sandbox.ts', { PORT: '0' });
    const control = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${sandbox.url}/sandbox/__control${route}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`sandbox control ${method} ${route}: ${res.status} ${await res.text()}`);
    };
    await control('POST', '/stores', { hash: STORE.storeHash, token: STORE.accessToken, kind: 'empty' });
    const freshStore = async () => {
      await control('POST', `/stores/${STORE.storeHash}/reset`);
      await control('PUT', `/stores/${STORE.storeHash}/settings`, { quota: 10_000_000, windowMs: 1_000 });
    };

    const start = async (mode: Mode, dataDir: string): Promise<ChildServer> => {
      const env = {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        SANDBOX: 'off',
        BC_API_BASE_URL: `${sandbox.url}/sandbox`,
        // SIGUSR2 collects the garbage before a measurement (bench/servers/gc-on-signal.ts).
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import tsx --import ./bench/servers/gc-on-signal.ts`,
      };
      return mode === 'baseline'
        ? startChildServer('bench/servers/import-whole-body.ts', { ...env, LOG_LEVEL: 'warn' })
        : startChildServer('server/main.ts', env);
    };
    const post = async (server: ChildServer, route: string, body: Buffer) => {
      const res = await fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as Json;
    };

    /** One measurement in a fresh process: peak RSS growth in bytes, and the import's time. */
    const measure = async (mode: Mode, one: Case) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'bct-bench-p10-'));
      await freshStore();
      const server = await start(mode, dataDir);
      try {
        one.check(await post(server, one.path, one.warmUp));
        await freshStore();
        const pid = server.process.pid!;
        process.kill(pid, 'SIGUSR2');
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        const before = kb(statusOf(pid), 'VmRSS');
        // VmHWM alone misses peaks given back with madvise (V8's heap pages, malloc's trimmed arenas): RSS is also
        // sampled every 5 ms while the import runs, and the larger of the two is the peak.
        let sampled = before;
        const sampler = setInterval(() => {
          sampled = Math.max(sampled, kb(statusOf(pid), 'VmRSS'));
        }, 5);
        const started = performance.now();
        try {
          one.check(await post(server, one.path, one.body));
        } finally {
          clearInterval(sampler);
        }
        const ms = performance.now() - started;
        const peak = Math.max(sampled, kb(statusOf(pid), 'VmHWM'));
        return { growth: (peak - before) * 1024, ms };
      } finally {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    };

    const product = (variants: number, sku: string) =>
      Buffer.from(JSON.stringify({ store: STORE, productData: productDump(variants, sku), options: {} }));
    const cases: Case[] = [
      {
        name: 'product dump, 2,000 variants',
        path: IMPORT_PRODUCT_PATH,
        warmUp: product(6, 'WARM'),
        body: product(2_000, 'BENCH'),
        check: (answer) => {
          const results = answer.results as { variants: { created: number; failed: number } };
          // BigCommerce keeps 600 SKUs per product: the others are refused one by one, and said so.
          if (results.variants.created + results.variants.failed < 6)
            throw new Error(`the import wrote no variants: ${JSON.stringify(results.variants)}`);
        },
      },
      {
        name: 'widgets dump, 50 MB',
        path: IMPORT_WIDGETS_PATH,
        warmUp: Buffer.from(JSON.stringify(widgetsRequest(0, 2))),
        body: Buffer.from(JSON.stringify(widgetsRequest(50 * MB))),
        check: (answer) => {
          const results = answer.results as { success: boolean; error: string | null }[];
          const failed = results.filter((result) => !result.success);
          if (failed.length > 0) throw new Error(`${failed.length} pages failed: ${failed[0]?.error}`);
        },
      },
    ];

    try {
      const rows: BenchRow[] = [];
      const only = process.env.BENCH_P10_CASE;
      for (const one of cases.filter((item) => !only || item.name.includes(only))) {
        const runs: Record<Mode, { growth: number; ms: number }[]> = { baseline: [], candidate: [] };
        for (let i = 0; i < RUNS; i++) {
          for (const mode of ['baseline', 'candidate'] as const) runs[mode].push(await measure(mode, one));
        }
        const base = median(runs.baseline.map((run) => run.growth));
        const cand = median(runs.candidate.map((run) => run.growth));
        const bound = one.body.length + BOUND_SLACK_BYTES;
        const worst = Math.max(...runs.candidate.map((run) => run.growth));
        const baseWorst = Math.max(...runs.baseline.map((run) => run.growth));
        rows.push({
          bench: `P10 import memory, ${one.name}`,
          metric: 'peak RSS growth MB (median)',
          baseline: fmt(base / MB, 1),
          candidate: fmt(cand / MB, 1),
          ratio: cand / base,
          note:
            `body ${fmt(one.body.length / MB, 1)} MB; bound (body + 128 MB) ${fmt(bound / MB, 1)} MB: ` +
            `candidate ${worst <= bound ? 'met' : 'NOT MET'}, baseline ${baseWorst <= bound ? 'met' : 'not met'} ` +
            `(worst runs); ` +
            `growth / body: baseline ${fmt(base / one.body.length, 1)}x, candidate ${fmt(cand / one.body.length, 1)}x; ` +
            `import ms (median): baseline ${fmt(median(runs.baseline.map((run) => run.ms)))}, ` +
            `candidate ${fmt(median(runs.candidate.map((run) => run.ms)))}; ${RUNS} runs each, MB: baseline ` +
            `${runs.baseline.map((run) => fmt(run.growth / MB, 1)).join('/')}, candidate ` +
            `${runs.candidate.map((run) => fmt(run.growth / MB, 1)).join('/')}`,
        });
      }
      return rows;
    } finally {
      await sandbox.stop();
    }
  },
};
