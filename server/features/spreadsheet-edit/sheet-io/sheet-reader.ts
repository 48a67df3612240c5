// Reads an uploaded spreadsheet from its temporary file, streaming (issue 45): an XLSX, one CSV, or a ZIP of
// `products.csv` and `variants.csv`.
//
// The XLSX is read here with yauzl (the ZIP) and saxes (the XML), not with exceljs 4.4.0: its streaming reader decodes
// XML entities a second time after saxes has decoded them (lib/utils/utils.js xmlDecode in worksheet-reader.js and
// the cell and sheet xforms), so `&amp;` written by its own writer reads back `&`, and a re-uploaded description would
// show as changed. Reading the parts ourselves also keeps every bound in our hands: the file is opened once, by its
// path, and nothing else is opened; a ZIP's entries are counted, their declared sizes summed and bounded before
// anything is inflated, and the bytes actually inflated are counted against the same bound as they come (yauzl also
// checks each entry's inflated size against its declared one, so a lying header is refused); the XML parser expands
// no entities but XML's own five and character references.
//
// What a cell reads as: a string cell (shared, inline or rich text, its runs joined) as its text; a number as a
// number; a boolean as a boolean; a formula as its cached value (never evaluated; a formula without one is empty); an
// error cell as its text (`#N/A`), so that the column layer refuses it instead of reading it as an empty cell, which
// would clear a field. An empty text is an empty cell (null). CSV cells are text (empty: null), the quote the writer
// adds before a formula-like text removed (sheet-io.ts csvCellValue).
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { AppError } from '../../../errors';
import {
  EXPORT_ID_HEADER,
  MAX_CELL_CHARS,
  MAX_COLUMNS,
  MAX_ZIP_ENTRIES,
  SHEET_NAMES,
  cellTooLong,
  checkHeaders,
  csvCellValue,
  fileTooLarge,
  sheetError,
  type CellValue,
  type SheetName,
} from './sheet-io';
import { CUSTOM_PROPERTIES_REL, OFFICE_DOCUMENT_REL, WORKSHEET_REL, columnLetters } from './xlsx-parts';

export type SheetRow = {
  sheet: SheetName;
  /** The row's number as a spreadsheet shows it (the header row is 1). */
  row: number;
  /** The row's cells by header, every column of the header row (an empty cell is null); the Export ID left out. */
  cells: Map<string, CellValue>;
};

export type OpenedSpreadsheet = {
  format: 'xlsx' | 'csv' | 'zip';
  exportId: string | null;
  /** The sheets found, in the file's order, with their headers (the CSV's Export ID column left out). */
  sheets: { name: SheetName; headers: string[] }[];
  /**
   * The data rows of every sheet, in order; wholly empty rows are skipped. Read once. Throws an AppError when the
   * file breaks a bound (more than `maxRows` rows, a cell too long, more bytes unpacked than allowed). Closes the file
   * when it ends.
   */
  rows(): AsyncIterable<SheetRow>;
  /** Closes the file; needed only when rows() is not read to its end. */
  close(): Promise<void>;
};

export type OpenOptions = {
  /** The most data rows, all sheets together. */
  maxRows: number;
  /** The most bytes the file may unpack to (a CSV: its size), counted as they are read. */
  maxUnpackedBytes: number;
  /** The uploaded file's name, for the messages only. */
  fileName?: string;
};

/** What one sheet's reader yields: its header row first, then its data rows. */
type SheetItem = { headers: string[] } | SheetRow;

type SheetSource = { name: SheetName; read: () => AsyncGenerator<SheetItem> };

export async function openSpreadsheet(filePath: string, opts: OpenOptions): Promise<OpenedSpreadsheet> {
  const handle = await open(filePath, 'r');
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Not zip.close(): yauzl would close the descriptor it was given, which is the handle's.
    await handle.close();
  };
  try {
    const { size } = await handle.stat();
    if (size === 0) throw sheetError('The file is empty');
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    const budget = new Budget(opts.maxUnpackedBytes);
    let format: OpenedSpreadsheet['format'];
    let sources: SheetSource[];
    let exportId: string | null;
    if (head.readUInt32LE(0) === 0x04034b50 || head.readUInt32LE(0) === 0x06054b50) {
      const zip = await openZip(handle);
      const entries = await zipEntries(zip, opts.maxUnpackedBytes);
      const opened = await openZipContent(zip, entries, budget);
      ({ format, sources, exportId } = opened);
    } else {
      if (/\.(xlsx|xlsm|zip)$/i.test(opts.fileName ?? '')) {
        throw sheetError(`The file ${opts.fileName} is not a valid XLSX or ZIP file`);
      }
      await checkText(handle, size);
      if (size > opts.maxUnpackedBytes)
        throw fileTooLarge(`The file is larger than ${mb(opts.maxUnpackedBytes)}`);
      format = 'csv';
      const read = () => csvSheet(fileStream(handle), null);
      const first = await firstItems(read);
      const name: SheetName = first.headers.includes('Variant ID') ? 'Variants' : 'Products';
      sources = [{ name, read: () => csvSheet(fileStream(handle), name) }];
      exportId = first.exportId;
    }
    const sheets: OpenedSpreadsheet['sheets'] = [];
    for (const source of sources) {
      const { headers } = await firstItems(source.read);
      sheets.push({
        name: source.name,
        headers: headers.filter((h) => format === 'xlsx' || h !== EXPORT_ID_HEADER),
      });
    }
    budget.reset();
    let started = false;
    async function* rows(): AsyncGenerator<SheetRow> {
      if (started) throw new Error('The rows of a spreadsheet are read once');
      started = true;
      let count = 0;
      try {
        for (const source of sources) {
          for await (const item of readable(source.read)) {
            if (!('sheet' in item)) continue;
            const id = item.cells.get(EXPORT_ID_HEADER);
            if (format !== 'xlsx' && item.cells.has(EXPORT_ID_HEADER)) {
              item.cells.delete(EXPORT_ID_HEADER);
              if (typeof id === 'string' && id.trim() !== exportId) {
                throw sheetError(
                  `Sheet ${item.sheet}, row ${item.row}: the Export ID ${id.trim()} is not this file's (${exportId ?? 'none'}): rows of two exports cannot be imported together`,
                );
              }
            }
            count += 1;
            if (count > opts.maxRows) {
              throw sheetError(`The file has more than ${opts.maxRows.toLocaleString('en-US')} rows`);
            }
            yield item;
          }
        }
      } finally {
        await close();
      }
    }
    return { format, exportId, sheets, rows, close };
  } catch (error) {
    await close();
    throw asAppError(error);
  }
}

/** A sheet reader whose failures are AppErrors. */
async function* readable(read: () => AsyncGenerator<SheetItem>): AsyncGenerator<SheetItem> {
  try {
    yield* read();
  } catch (error) {
    throw asAppError(error);
  }
}

function asAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof Error) return sheetError(`The file could not be read: ${error.message}`);
  return error;
}

/** A sheet's header row, and its first data row's Export ID (CSV). */
async function firstItems(
  read: () => AsyncGenerator<SheetItem>,
): Promise<{ headers: string[]; exportId: string | null }> {
  let headers: string[] = [];
  for await (const item of readable(read)) {
    if ('headers' in item) {
      headers = item.headers;
      if (!headers.includes(EXPORT_ID_HEADER)) break;
      continue;
    }
    const id = item.cells.get(EXPORT_ID_HEADER);
    return { headers, exportId: typeof id === 'string' && id.trim() !== '' ? id.trim() : null };
  }
  return { headers, exportId: null };
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;

/** The bytes unpacked so far, against the bound. */
class Budget {
  private used = 0;
  constructor(readonly max: number) {}
  add(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max) throw fileTooLarge(`The file unpacks to more than ${mb(this.max)}`);
  }
  reset(): void {
    this.used = 0;
  }
}

/** The file from its start, read through the one handle (destroying the stream leaves the handle open). */
function fileStream(handle: FileHandle): Readable {
  return Readable.from(
    (async function* () {
      let position = 0;
      for (;;) {
        const buffer = Buffer.alloc(64 * 1024);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) return;
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    })(),
    { objectMode: false },
  );
}

/** A text file: no NUL byte and valid UTF-8 in its first 64 KB. */
async function checkText(handle: FileHandle, size: number): Promise<void> {
  const sample = Buffer.alloc(Math.min(size, 64 * 1024));
  await handle.read(sample, 0, sample.length, 0);
  let text = true;
  if (sample.includes(0)) text = false;
  else {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    } catch {
      text = false;
    }
  }
  if (!text) throw sheetError('The file is neither an XLSX nor a CSV (UTF-8) file');
}

// ---------------------------------------------------------------------------------------------------------- ZIP

async function openZip(handle: FileHandle): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.fromFdPromise(handle.fd, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
      decodeStrings: true,
    });
  } catch (error) {
    throw sheetError(`The file is not a valid XLSX or ZIP file (${(error as Error).message})`);
  }
}

/** The ZIP's entries by name, refused when there are too many or their declared sizes add up to more than allowed. */
async function zipEntries(zip: yauzl.ZipFile, maxUnpackedBytes: number): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    throw sheetError(`The file holds ${zip.entryCount} files; at most ${MAX_ZIP_ENTRIES} are accepted`);
  }
  const entries = new Map<string, yauzl.Entry>();
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    if (entry.isEncrypted()) throw sheetError('The file is encrypted (password-protected)');
    declared += entry.uncompressedSize;
    if (declared > maxUnpackedBytes)
      throw fileTooLarge(`The file unpacks to more than ${mb(maxUnpackedBytes)}`);
    entries.set(entry.fileName, entry);
  }
  return entries;
}

/** An entry's text, streamed: each inflated chunk counted against the budget, then decoded. */
async function* entryText(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: Budget): AsyncGenerator<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.add(chunk.length);
      yield decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
  } finally {
    stream.destroy();
  }
}

/** An entry as a byte stream counted against the budget (for csv-parse). */
async function countedEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: Budget): Promise<Readable> {
  const stream = await zip.openReadStreamPromise(entry);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        budget.add(chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  stream.on('error', (error) => counter.destroy(error));
  return stream.pipe(counter);
}

type ZipContent = { format: 'xlsx' | 'zip'; sources: SheetSource[]; exportId: string | null };

async function openZipContent(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  budget: Budget,
): Promise<ZipContent> {
  const packageRels = entries.has('_rels/.rels')
    ? await readRels(zip, entries, '_rels/.rels', '', budget)
    : [];
  const workbookPart = partName(
    '',
    packageRels.find((r) => r.type === OFFICE_DOCUMENT_REL)?.target ?? 'xl/workbook.xml',
  );
  if (entries.has(workbookPart)) return openXlsx(zip, entries, workbookPart, packageRels, budget);

  const csvs = new Map<SheetName, yauzl.Entry>();
  for (const [name, entry] of entries) {
    if (name.startsWith('__MACOSX/')) continue;
    const base = path.posix.basename(name).toLowerCase();
    const sheet: SheetName | undefined =
      base === 'products.csv' ? 'Products' : base === 'variants.csv' ? 'Variants' : undefined;
    if (!sheet) continue;
    if (csvs.has(sheet)) throw sheetError(`The ZIP holds ${base} twice`);
    csvs.set(sheet, entry);
  }
  if (csvs.size === 0) {
    throw sheetError('The file is a ZIP but neither an XLSX nor a ZIP of products.csv and variants.csv');
  }
  const sources: SheetSource[] = SHEET_NAMES.filter((name) => csvs.has(name)).map((name) => ({
    name,
    read: async function* () {
      yield* csvSheet(await countedEntry(zip, csvs.get(name)!, budget), name);
    },
  }));
  let exportId: string | null = null;
  for (const source of sources) {
    const id = (await firstItems(source.read)).exportId;
    if (id !== null && exportId !== null && id !== exportId) {
      throw sheetError('products.csv and variants.csv come from two exports (their Export IDs differ)');
    }
    exportId ??= id;
  }
  return { format: 'zip', sources, exportId };
}

/** A part's name in the ZIP from a relationship's target, relative to the folder of the part that holds it. */
function partName(sourceDir: string, target: string): string {
  const joined = target.startsWith('/') ? target.slice(1) : path.posix.join(sourceDir, target);
  return path.posix.normalize(joined);
}

type Rel = { id: string; type: string; target: string };

/** A small XML part parsed whole, streaming: each open tag (local name and attributes) and each element's text. */
async function scanXml(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: Budget,
  onOpen: (name: string, attributes: Record<string, string>) => void,
  onText?: (text: string) => void,
  onClose?: (name: string) => void,
): Promise<void> {
  const parser = new SaxesParser({ position: false, xmlns: false });
  parser.on('opentag', (tag: SaxesTagPlain) => onOpen(localName(tag.name), tag.attributes));
  if (onText) {
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  if (onClose) parser.on('closetag', (tag) => onClose(localName(tag.name)));
  for await (const text of entryText(zip, entry, budget)) parser.write(text);
  parser.close();
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

async function readRels(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  name: string,
  sourceDir: string,
  budget: Budget,
): Promise<Rel[]> {
  const entry = entries.get(name);
  if (!entry) return [];
  const rels: Rel[] = [];
  await scanXml(zip, entry, budget, (tag, a) => {
    if (tag === 'Relationship' && a.Id && a.Type && a.Target && a.TargetMode !== 'External') {
      rels.push({ id: a.Id, type: a.Type, target: partName(sourceDir, a.Target) });
    }
  });
  return rels;
}

async function openXlsx(
  zip: yauzl.ZipFile,
  entries: Map<string, yauzl.Entry>,
  workbookPart: string,
  packageRels: Rel[],
  budget: Budget,
): Promise<ZipContent> {
  const dir = path.posix.dirname(workbookPart);
  const rels = await readRels(
    zip,
    entries,
    `${dir}/_rels/${path.posix.basename(workbookPart)}.rels`,
    dir,
    budget,
  );
  const sheetRefs: { name: string; rid: string }[] = [];
  await scanXml(zip, entries.get(workbookPart)!, budget, (tag, a) => {
    const rid = a['r:id'] ?? Object.entries(a).find(([key]) => key.endsWith(':id'))?.[1];
    if (tag === 'sheet' && a.name !== undefined && rid) sheetRefs.push({ name: a.name, rid });
  });
  const sources: SheetSource[] = [];
  const sharedStringsPart =
    rels.find((r) => r.type.endsWith('/sharedStrings'))?.target ?? `${dir}/sharedStrings.xml`;
  let shared: Promise<string[]> | undefined;
  const sharedStrings = () => (shared ??= readSharedStrings(zip, entries.get(sharedStringsPart), budget));
  for (const ref of sheetRefs) {
    const name = SHEET_NAMES.find((n) => n.toLowerCase() === ref.name.trim().toLowerCase());
    const target = rels.find((r) => r.id === ref.rid && r.type === WORKSHEET_REL)?.target;
    if (!name || !target || sources.some((s) => s.name === name)) continue;
    const entry = entries.get(target);
    if (!entry) throw sheetError(`The XLSX file is damaged: the sheet ${ref.name} is missing`);
    sources.push({
      name,
      read: async function* () {
        yield* worksheetItems(entryText(zip, entry, budget), name, await sharedStrings());
      },
    });
  }
  if (sources.length === 0) throw sheetError('The XLSX file has no sheet named Products or Variants');

  let exportId: string | null = null;
  const customPart =
    packageRels.find((r) => r.type === CUSTOM_PROPERTIES_REL)?.target ?? 'docProps/custom.xml';
  const custom = entries.get(customPart);
  if (custom) {
    let inExportId = false;
    let depth = 0;
    let text = '';
    await scanXml(
      zip,
      custom,
      budget,
      (tag, a) => {
        if (tag === 'property') inExportId = a.name === EXPORT_ID_HEADER;
        else if (inExportId) depth += 1;
      },
      (t) => {
        if (inExportId && depth > 0) text += t;
      },
      (tag) => {
        if (tag === 'property') inExportId = false;
        else if (inExportId) depth -= 1;
      },
    );
    exportId = decodeXstring(text).trim() || null;
  }
  return { format: 'xlsx', sources, exportId };
}

/** `_xHHHH_` as the character it stands for (ECMA-376 ST_Xstring; xlsx-parts.ts xstring writes them). */
function decodeXstring(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

async function readSharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
  budget: Budget,
): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  let text = '';
  let inT = false;
  let inPhonetic = false;
  await scanXml(
    zip,
    entry,
    budget,
    (tag) => {
      if (tag === 'si') text = '';
      else if (tag === 't') inT = true;
      else if (tag === 'rPh') inPhonetic = true;
    },
    (t) => {
      if (inT && !inPhonetic) text += t;
    },
    (tag) => {
      if (tag === 't') inT = false;
      else if (tag === 'rPh') inPhonetic = false;
      else if (tag === 'si') strings.push(decodeXstring(text));
    },
  );
  return strings;
}

/** The 0-based column of a cell reference (`C12` → 2), or undefined. */
function columnIndex(ref: string | undefined): number | undefined {
  const letters = ref ? /^\$?([A-Za-z]{1,3})/.exec(ref)?.[1] : undefined;
  if (!letters) return undefined;
  let n = 0;
  for (const c of letters.toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** A worksheet's rows as they stream by: its header row, then each data row that is not wholly empty. */
async function* worksheetItems(
  chunks: AsyncIterable<string>,
  sheet: SheetName,
  shared: readonly string[],
): AsyncGenerator<SheetItem> {
  const parser = new SaxesParser({ position: false, xmlns: false });
  const ready: SheetItem[] = [];
  let headers: string[] | undefined;
  let rowNumber = 0;
  let cells = new Map<number, CellValue>();
  let column = -1;
  let type = 'n';
  let ref = '';
  let value = '';
  let inline = '';
  let where: 'v' | 't' | null = null;
  let inInline = false;
  let inPhonetic = false;
  const rawLimit = MAX_CELL_CHARS * 7;

  const cellValue = (): CellValue => {
    switch (type) {
      case 's': {
        const index = Number(value.trim());
        const text = shared[index];
        if (value.trim() === '' || text === undefined) {
          throw sheetError(`Sheet ${sheet}, cell ${ref}: the XLSX file is damaged (a missing shared string)`);
        }
        return text === '' ? null : text;
      }
      case 'inlineStr':
        return inline === '' ? null : decodeXstring(inline);
      case 'str':
      case 'e':
      case 'd':
        return value === '' ? null : decodeXstring(value);
      case 'b':
        return value === '' ? null : value.trim() === '1' || value.trim().toLowerCase() === 'true';
      default: {
        if (value.trim() === '') return null;
        const n = Number(value);
        return Number.isFinite(n) ? n : value;
      }
    }
  };

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    if (name === 'row') {
      const r = Number(tag.attributes.r);
      rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
      cells = new Map();
      column = -1;
    } else if (name === 'c') {
      ref = tag.attributes.r ?? '';
      column = columnIndex(ref) ?? column + 1;
      ref = ref || `${columnLetters(column)}${rowNumber}`;
      type = tag.attributes.t ?? 'n';
      value = '';
      inline = '';
    } else if (name === 'v') where = 'v';
    else if (name === 'is') inInline = true;
    else if (name === 't' && inInline) where = 't';
    else if (name === 'rPh') inPhonetic = true;
  });
  const onText = (text: string) => {
    if (where === 'v') value += text;
    else if (where === 't' && !inPhonetic) inline += text;
    else return;
    if (value.length + inline.length > rawLimit) throw tooLong();
  };
  const tooLong = () => cellTooLong(sheet, rowNumber, headers?.[column] ?? columnLetters(column));
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'v' || name === 't') where = null;
    else if (name === 'is') inInline = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'c') {
      const cell = cellValue();
      if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) throw tooLong();
      if (cell !== null) {
        if (headers === undefined && column >= MAX_COLUMNS) {
          throw sheetError(`Sheet ${sheet}: the header row has more than ${MAX_COLUMNS} columns`);
        }
        cells.set(column, cell);
      }
    } else if (name === 'row') {
      if (headers === undefined) {
        const width = cells.size === 0 ? 0 : Math.max(...cells.keys()) + 1;
        headers = Array.from({ length: width }, (_, i) => headerText(cells.get(i) ?? null));
        checkHeaders(sheet, headers);
        ready.push({ headers: headers.filter((h) => h !== '') });
        return;
      }
      const row = new Map<string, CellValue>();
      let empty = true;
      headers.forEach((header, i) => {
        if (header === '') return;
        const cell = cells.get(i) ?? null;
        if (cell !== null) empty = false;
        row.set(header, cell);
      });
      if (!empty) ready.push({ sheet, row: rowNumber, cells: row });
    }
  });

  for await (const chunk of chunks) {
    parser.write(chunk);
    while (ready.length > 0) yield ready.shift()!;
  }
  parser.close();
  if (headers === undefined) yield { headers: [] };
  while (ready.length > 0) yield ready.shift()!;
}

function headerText(cell: CellValue): string {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell).trim();
}

// ---------------------------------------------------------------------------------------------------------- CSV

/**
 * A CSV's rows (RFC 4180; a UTF-8 byte order mark tolerated): its header row, then each data row that is not wholly
 * empty, numbered as a spreadsheet numbers them (a cell holding a line break is still one row). `sheet` null: the
 * header row only (the sheet is known from it).
 */
async function* csvSheet(source: Readable, sheet: SheetName | null): AsyncGenerator<SheetItem> {
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: false });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let headers: string[] | undefined;
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      if (headers === undefined) {
        headers = record.map((h) => h.trim());
        while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
        checkHeaders(sheet ?? (headers.includes('Variant ID') ? 'Variants' : 'Products'), headers);
        yield { headers: headers.filter((h) => h !== '') };
        continue;
      }
      const name = sheet ?? (headers.includes('Variant ID') ? 'Variants' : 'Products');
      const row = new Map<string, CellValue>();
      let empty = true;
      headers.forEach((header, i) => {
        if (header === '') return;
        const text = record[i] ?? '';
        if (text.length > MAX_CELL_CHARS) throw cellTooLong(name, rowNumber, header);
        const cell = header === EXPORT_ID_HEADER ? text.trim() || null : csvCellValue(text);
        if (cell !== null && header !== EXPORT_ID_HEADER) empty = false;
        row.set(header, cell);
      });
      if (!empty) yield { sheet: name, row: rowNumber, cells: row };
    }
    if (headers === undefined) yield { headers: [] };
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
}
