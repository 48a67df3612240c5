// Writes an export as it is produced, with memory flat in the number of rows: an XLSX, one CSV, or a ZIP of the two
// CSVs (issue 45).
//
// Why the XLSX is written here (yazl + xlsx-parts.ts) and not by exceljs 4.4.0's streaming WorkbookWriter: that writer
// has no custom document properties (the export id must be one), and adding them means reaching into its private zip
// stream; it writes string cells in a way its own reader decodes twice (`&amp;` reads back `&`); and it writes the
// worksheets one after another through one archive, so the rows of a second sheet wait in memory until the first is
// committed. The parts of an XLSX of two sheets of values are few and fixed (about 150 lines), and written here each
// text is escaped once, as SpreadsheetML says (`_xHHHH_` included).
//
// The rows of the first sheet stream straight into the ZIP entry, which streams into `out` (a row waits while `out`
// is full). The rows of the other sheet (an export writes a product's variants beside it) go to a temporary file,
// added to the ZIP when `finish` is called and deleted after; the temporary directory is the process's own
// (os.tmpdir()).
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import {
  EXPORT_ID_HEADER,
  MAX_CELL_CHARS,
  cellTooLong,
  checkHeaders,
  csvCellText,
  csvFileName,
  type CellValue,
  type SheetName,
  type SheetSpec,
  type SpreadsheetFormat,
} from './sheet-io';
import { WORKSHEET_TAIL, packageParts, rowXml, sheetPartName, worksheetHead } from './xlsx-parts';

export interface SheetWriter {
  /** Adds one data row to a sheet; resolves when the row may be followed by another (`out`'s backpressure). */
  addRow(sheet: SheetName, cells: CellValue[]): Promise<void>;
  /** Writes what is left and ends `out`; resolves when `out` has finished. */
  finish(): Promise<void>;
  /** Gives up: ends the streams and deletes the temporary file. `out` is destroyed. */
  abort(): Promise<void>;
}

/** UTF-8's byte order mark: Excel opens a CSV as UTF-8 only with it. */
const BOM = '\uFEFF';

type Channel = {
  spec: SheetSpec;
  /** Where its rows go; unset until the first row of a sheet that is spooled. */
  stream?: Writable;
  /** Rows written so far, the header included: the next row's number. */
  rows: number;
  /** The temporary file the rows go to, when they do not go straight to the ZIP. */
  spool?: { path: string; stream: WriteStream };
};

export function createSheetWriter(
  out: NodeJS.WritableStream,
  opts: { format: SpreadsheetFormat; sheets: SheetSpec[]; exportId: string },
): SheetWriter {
  const { format, sheets, exportId } = opts;
  if (sheets.length === 0) throw new Error('A spreadsheet needs at least one sheet');
  const names = new Set(sheets.map((s) => s.name));
  if (names.size !== sheets.length) throw new Error('A sheet is named twice');
  for (const sheet of sheets) checkHeaders(sheet.name, sheet.headers);

  const single = format === 'csv' && sheets.length === 1;
  const zip = single ? null : new ZipFile();
  const outFinished = finished(out);
  // A rejection is read by finish() or abort(); until then it must not count as unhandled.
  outFinished.catch(() => {});
  if (zip) zip.outputStream.pipe(out);
  let tempDir: Promise<string> | undefined;
  let state: 'open' | 'finishing' | 'done' = 'open';

  const header = (spec: SheetSpec): string =>
    format === 'xlsx'
      ? worksheetHead() + rowXml(1, spec.headers, 1)
      : csvLine([EXPORT_ID_HEADER, ...spec.headers], true);

  const csvLine = (cells: readonly string[], first = false): string =>
    (first ? BOM : '') + stringify([cells], { record_delimiter: 'windows', quoted_match: /[\r\n]|^\s|\s$/ });

  if (zip && format === 'xlsx') {
    for (const [name, text] of packageParts(sheets, exportId)) zip.addBuffer(Buffer.from(text, 'utf8'), name);
  }

  const channels = new Map<SheetName, Channel>();
  sheets.forEach((spec, i) => {
    if (single) {
      channels.set(spec.name, { spec, stream: out as Writable, rows: 0 });
    } else if (i === 0) {
      const stream = new PassThrough();
      zip!.addReadStream(stream, format === 'xlsx' ? sheetPartName(0) : csvFileName(spec.name));
      channels.set(spec.name, { spec, stream, rows: 0 });
    } else {
      // Opened on its first row (below), so that a sheet's rows never wait for another sheet's.
      channels.set(spec.name, { spec, rows: 0 });
    }
  });

  async function channelFor(sheet: SheetName): Promise<Channel & { stream: Writable }> {
    const channel = channels.get(sheet);
    if (!channel) throw new Error(`The spreadsheet has no sheet ${sheet}`);
    if (channel.rows === 0) {
      if (channel.stream === undefined) {
        tempDir ??= mkdtemp(path.join(tmpdir(), 'bct-sheet-'));
        const file = path.join(await tempDir, `${sheet}.part`);
        const stream = createWriteStream(file);
        // Its failure is read where it is written to, and by `finished` in finish().
        stream.on('error', () => {});
        channel.spool = { path: file, stream };
        channel.stream = stream;
      }
      channel.rows = 1;
      await write(channel.stream, header(channel.spec));
    }
    return channel as Channel & { stream: Writable };
  }

  async function addRow(sheet: SheetName, cells: CellValue[]): Promise<void> {
    if (state !== 'open') throw new Error('The spreadsheet is finished');
    const channel = await channelFor(sheet);
    if (cells.length !== channel.spec.headers.length) {
      throw new Error(`Sheet ${sheet}: ${cells.length} cells for ${channel.spec.headers.length} columns`);
    }
    const rowNumber = channel.rows + 1;
    cells.forEach((cell, i) => {
      if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) {
        throw cellTooLong(sheet, rowNumber, channel.spec.headers[i]!);
      }
    });
    channel.rows = rowNumber;
    const text =
      format === 'xlsx' ? rowXml(rowNumber, cells) : csvLine([exportId, ...cells.map(csvCellText)]);
    await write(channel.stream, text);
  }

  async function finish(): Promise<void> {
    if (state !== 'open') throw new Error('The spreadsheet is finished');
    state = 'finishing';
    try {
      for (const [i, spec] of sheets.entries()) {
        const channel = await channelFor(spec.name);
        if (format === 'xlsx') await write(channel.stream, WORKSHEET_TAIL);
        if (single) break;
        if (channel.spool) {
          const spoolPath = channel.spool.path;
          channel.spool.stream.end();
          await finished(channel.spool.stream);
          zip!.addReadStreamLazy(format === 'xlsx' ? sheetPartName(i) : csvFileName(spec.name), (cb) =>
            cb(null, createReadStream(spoolPath)),
          );
        } else {
          channel.stream.end();
        }
      }
      if (zip) zip.end();
      else out.end();
      await outFinished;
      state = 'done';
    } finally {
      await removeTemp();
    }
  }

  async function abort(): Promise<void> {
    state = 'done';
    for (const channel of channels.values()) channel.spool?.stream.destroy();
    (out as Writable).destroy();
    await outFinished.catch(() => {});
    await removeTemp();
  }

  async function removeTemp(): Promise<void> {
    if (tempDir) await rm(await tempDir, { recursive: true, force: true });
  }

  return { addRow, finish, abort };
}

/** Writes a chunk and waits for the stream to drain when it asks to (or to fail). */
async function write(stream: Writable, text: string): Promise<void> {
  if (stream.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onDrain = () => (cleanup(), resolve());
    const onError = (error: Error) => (cleanup(), reject(error));
    const onClose = () => (
      cleanup(),
      reject(new Error('The stream closed before the spreadsheet was written'))
    );
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
