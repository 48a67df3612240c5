// P3 (issue 14), the engine part: the keyword extractor's engine (`common/keywords`) against a straightforward
// strip-split-Map implementation, in the same run, on the demo catalogue (`sandbox-demo`'s 1,260 products, names and
// HTML descriptions as the sandbox generates them, about 0.6 MB).
//   baseline  = regular expressions strip `<script>`/`<style>` blocks and tags, `entities` decodes, then lower-case,
//               NFC, `split(/[^\p{L}\p{M}\p{N}]+/u)`, filter (length, digits, the same stop-words), and a
//               `Map<string, {t, d}>` per size fed with space-joined 1-, 2- and 3-word keys; top 30 by sorting every
//               entry. It knows no sentences, so it does less than the engine (fewer phrases to count);
//   candidate = `createKeywordCounter()`: `addProduct` for each product, then `top(30, size)` for the three sizes.
// Each way counts the whole catalogue ROUNDS times per sample, after a warm-up; samples alternate between the two;
// the table shows the medians in MB/s (UTF-8 bytes of names and descriptions). Goal: at least 3x the baseline.
// The note checks that both give the same 1-word table (sentences only change phrases).
// The end-to-end part of P3 (all pages of `sandbox-demo` through the server and the screen) is measured elsewhere.
import { decodeHTML } from 'entities/decode';
import { createKeywordCounter, STOP_WORDS, TOP_N, type KeywordEntry } from '../common/keywords/index';
import { generateStoreData } from '../server/sandbox/catalog/demo/index';
import { fmt, median, type Bench } from './lib';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 7);
const ROUNDS = Number(process.env.BENCH_P3_ROUNDS ?? 5);

type Product = { name: string; description: string };
type Counts = { t: number; d: number };

function stripHtml(html: string): string {
  return decodeHTML(
    html
      .replace(/<script[\s\S]*?<\/script>/gi, ' ')
      .replace(/<style[\s\S]*?<\/style>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  );
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w) && !STOP_WORDS.has(w));
}

function add(map: Map<string, Counts>, key: string, field: 't' | 'd'): void {
  const entry = map.get(key) ?? { t: 0, d: 0 };
  entry[field]++;
  map.set(key, entry);
}

function baseline(products: readonly Product[]): KeywordEntry[][] {
  const maps = [new Map<string, Counts>(), new Map<string, Counts>(), new Map<string, Counts>()] as const;
  const countText = (text: string, field: 't' | 'd') => {
    const w = words(text);
    for (let i = 0; i < w.length; i++) {
      add(maps[0], w[i]!, field);
      if (i >= 1) add(maps[1], `${w[i - 1]} ${w[i]}`, field);
      if (i >= 2) add(maps[2], w.slice(i - 2, i + 1).join(' '), field);
    }
  };
  for (const product of products) {
    countText(product.name, 't');
    countText(stripHtml(product.description), 'd');
  }
  return maps.map((map) =>
    [...map]
      .map(([keyword, c]) => ({ keyword, titleCount: c.t, descriptionCount: c.d, score: c.t * 10_000 + c.d }))
      .sort((a, b) => b.score - a.score || (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0))
      .slice(0, TOP_N),
  );
}

function engine(products: readonly Product[]): KeywordEntry[][] {
  const counter = createKeywordCounter();
  for (const product of products) counter.addProduct(product);
  return [counter.top(TOP_N, 1), counter.top(TOP_N, 2), counter.top(TOP_N, 3)];
}

function timeIt(run: () => void): number {
  const started = performance.now();
  for (let r = 0; r < ROUNDS; r++) run();
  return (performance.now() - started) / ROUNDS;
}

export const keywordsBench: Bench = {
  name: 'P3 keyword engine',
  // eslint-disable-next-line @typescript-eslint/require-await -- the Bench contract is async; this one is CPU only
  async run() {
    const data = generateStoreData('sandbox-demo', 'demo');
    const products: Product[] = [...data.products.values()].map((p) => ({
      name: p.fields.name,
      description: p.fields.description,
    }));
    const bytes = products.reduce(
      (sum, p) => sum + Buffer.byteLength(p.name) + Buffer.byteLength(p.description),
      0,
    );
    // Warm-up, and the check that both see the same words.
    const base = baseline(products);
    const cand = engine(products);
    for (let i = 0; i < 3; i++) {
      baseline(products);
      engine(products);
    }
    const same1 = JSON.stringify(base[0]) === JSON.stringify(cand[0]);

    const baseMs: number[] = [];
    const candMs: number[] = [];
    for (let s = 0; s < SAMPLES; s++) {
      baseMs.push(timeIt(() => baseline(products)));
      candMs.push(timeIt(() => engine(products)));
    }
    const mbps = (ms: number) => bytes / 1e6 / (ms / 1000);
    const baseRate = mbps(median(baseMs));
    const candRate = mbps(median(candMs));
    return [
      {
        bench: 'P3 keyword engine vs strip-split-Map',
        metric: 'MB/s',
        baseline: fmt(baseRate, 1),
        candidate: fmt(candRate, 1),
        ratio: candRate / baseRate,
        note:
          `${products.length} products, ${fmt(bytes / 1e6, 2)} MB, median of ${SAMPLES}x${ROUNDS}; ` +
          `${fmt(median(baseMs), 1)} ms vs ${fmt(median(candMs), 1)} ms per catalogue; ` +
          `same 1-word top 30: ${same1 ? 'yes' : 'NO'}; goal >= 3x`,
      },
    ];
  },
};
