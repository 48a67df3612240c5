// What the spreadsheet file layer's tests share: a temporary folder, a ZIP made in memory, an export written to a
// file and read back.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZipFile } from 'yazl';
import yauzl from 'yauzl';
import type { CellValue, SheetName, SheetSpec, SpreadsheetFormat } from './sheet-io';
import { openSpreadsheet, type OpenOptions, type SheetRow } from './sheet-reader';
import { createSheetWriter } from './sheet-writer';

export const LIMITS: OpenOptions = { maxRows: 100_000, maxUnpackedBytes: 200 * 1024 * 1024 };

export async function tempFolder(): Promise<{ file(name: string): string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sheet-io-test-'));
  return { file: (name) => path.join(dir, name), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A ZIP of the given entries (deflated), as bytes. */
export async function zipBuffer(entries: [string, string | Buffer][]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, body] of entries) zip.addBuffer(Buffer.isBuffer(body) ? body : Buffer.from(body), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A ZIP's entries as text, by name. */
export async function unzipText(file: string): Promise<Map<string, string>> {
  const zip = await yauzl.openPromise(file);
  const out = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  zip.close();
  return out;
}

/** Writes rows (in the order given, sheets interleaved as they come) to `file`. */
export async function writeSheets(
  file: string,
  format: SpreadsheetFormat,
  sheets: SheetSpec[],
  rows: [SheetName, CellValue[]][],
  exportId = 'exp-123',
): Promise<void> {
  const writer = createSheetWriter(createWriteStream(file), { format, sheets, exportId });
  for (const [sheet, cells] of rows) await writer.addRow(sheet, cells);
  await writer.finish();
}

export async function readAll(file: string, options: Partial<OpenOptions> = {}) {
  const opened = await openSpreadsheet(file, { ...LIMITS, ...options });
  const rows: SheetRow[] = [];
  for await (const row of opened.rows()) rows.push(row);
  return { ...opened, rows };
}

export async function writeText(file: string, body: string | Buffer): Promise<string> {
  await writeFile(file, body);
  return file;
}
