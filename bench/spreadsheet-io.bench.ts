// Spreadsheet Edit's file layer (issue 45, server/features/spreadsheet-edit/sheet-io/): the JavaScript heap an export
// takes to write, and an upload to read, must not grow with the number of rows. Baseline = 2,000 product rows,
// candidate = 10,000 (30 columns, a description of ~2 KB each: an XLSX of ~25 MB unpacked), in one process, one
// after the other: a full garbage collection before each measure, then the peak of `heapUsed` above its start,
// sampled every 100 rows. Holding the rows would make the candidate's peak ~5x the baseline's; the goal is < 2x.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CellValue } from '../server/features/spreadsheet-edit/sheet-io/sheet-io';
import { openSpreadsheet } from '../server/features/spreadsheet-edit/sheet-io/sheet-reader';
import { createSheetWriter } from '../server/features/spreadsheet-edit/sheet-io/sheet-writer';
import { fmt, type Bench, type BenchRow } from './lib';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

const HEADERS = Array.from({ length: 30 }, (_, i) =>
  i === 0 ? 'ID' : i === 1 ? 'Description' : `Field ${i}`,
);
const row = (i: number): CellValue[] =>
  HEADERS.map((_, c) =>
    c === 0
      ? i
      : c === 1
        ? `<p>Product ${i} &amp; more</p>`.padEnd(2048, ' lorem ipsum')
        : c % 2 === 0
          ? i * 0.01
          : `value ${c}-${i}`,
  );

/** Runs `work`, calling `sample` now and then; answers the peak heap growth in bytes. */
async function peakHeap(work: (sample: () => void) => Promise<void>): Promise<number> {
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  await work(sample);
  sample();
  return peak - start;
}

async function measure(dir: string, format: 'xlsx' | 'csv', rows: number) {
  const file = path.join(dir, `bench-${rows}.${format}`);
  const started = performance.now();
  const write = await peakHeap(async (sample) => {
    const writer = createSheetWriter(createWriteStream(file), {
      format,
      sheets: [{ name: 'Products', headers: HEADERS }],
      exportId: 'bench',
    });
    for (let i = 1; i <= rows; i++) {
      await writer.addRow('Products', row(i));
      if (i % 100 === 0) sample();
    }
    await writer.finish();
  });
  const writeMs = performance.now() - started;
  const readStarted = performance.now();
  let count = 0;
  const read = await peakHeap(async (sample) => {
    const opened = await openSpreadsheet(file, { maxRows: 100_000, maxUnpackedBytes: 200 * MB });
    for await (const _ of opened.rows()) if (++count % 100 === 0) sample();
  });
  if (count !== rows) throw new Error(`read ${count} rows of ${rows}`);
  return { write, read, writeMs, readMs: performance.now() - readStarted, bytes: (await stat(file)).size };
}

export const spreadsheetIoBench: Bench = {
  name: 'spreadsheet file layer heap (2,000 vs 10,000 rows)',
  async run() {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-sheet-io-'));
    const out: BenchRow[] = [];
    try {
      for (const format of ['xlsx', 'csv'] as const) {
        const small = await measure(dir, format, 2_000);
        const large = await measure(dir, format, 10_000);
        const note = (m: typeof small) =>
          `${fmt(m.bytes / MB, 1)} MB file, write ${fmt(m.writeMs)} ms, read ${fmt(m.readMs)} ms`;
        for (const step of ['write', 'read'] as const) {
          out.push({
            bench: `spreadsheet ${format}`,
            metric: `peak heap growth, ${step}`,
            baseline: `${fmt(small[step] / MB, 1)} MB`,
            candidate: `${fmt(large[step] / MB, 1)} MB`,
            ratio: large[step] / Math.max(small[step], 1),
            note:
              step === 'write' ? `2,000: ${note(small)}; 10,000: ${note(large)}` : 'goal < 2 (rows held: ~5)',
          });
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return out;
  },
};
