// `npm run bench`: runs every `bench/*.bench.ts` (or those whose name contains an argument) and prints one table
// of ratios. Ratios compare against a baseline measured in the same run, never against a stored number.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchRow } from './lib';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts')).sort();

const rows: BenchRow[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
  const benches = Object.values(mod).filter(isBench);
  for (const bench of benches) {
    if (filters.length > 0 && !filters.some((f) => bench.name.includes(f) || file.includes(f))) continue;
    console.error(`running ${bench.name} (${file})...`);
    rows.push(...(await bench.run()));
  }
}

function isBench(value: unknown): value is Bench {
  return typeof value === 'object' && value !== null && 'run' in value && 'name' in value;
}

const header = ['bench', 'metric', 'baseline', 'candidate', 'ratio', 'note'];
const table = rows.map((r) => [r.bench, r.metric, r.baseline, r.candidate, r.ratio.toFixed(2), r.note ?? '']);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]?.length ?? 0)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
