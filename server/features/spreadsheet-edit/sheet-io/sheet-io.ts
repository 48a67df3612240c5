// Spreadsheet Edit's file layer (issue 45): the types both directions share, the bounds, the file names, and the
// rules for one CSV cell (plain numbers, TRUE/FALSE, OWASP's CSV-injection quote). The writer is sheet-writer.ts, the
// reader sheet-reader.ts; what the columns mean is the column layer's business, not this folder's.
import { ERROR_CODES } from '../../../../common/errors';
import { AppError } from '../../../errors';

/** One cell: text, a number, a boolean, or null for an empty cell. */
export type CellValue = string | number | boolean | null;
export type SheetName = 'Products' | 'Variants';
export type SheetSpec = { name: SheetName; headers: string[] };
export type SpreadsheetFormat = 'xlsx' | 'csv';

export const SHEET_NAMES: readonly SheetName[] = ['Products', 'Variants'];

/** The header of a CSV's first column, and the name of the XLSX custom document property: the export's id. */
export const EXPORT_ID_HEADER = 'Export ID';

/**
 * The longest cell accepted either way, in characters. BigCommerce's longest field is a product's description; a
 * description longer than this is not a spreadsheet's job. Excel itself shows at most 32,767 characters of a cell
 * (LibreOffice more): the column layer decides whether to warn about that, this layer only bounds the memory.
 */
export const MAX_CELL_CHARS = 100_000;
/** The most columns a header row may have (the issue's products sheet has ~30 plus one per custom field name). */
export const MAX_COLUMNS = 200;
/** The most entries a ZIP (an XLSX, or the ZIP of two CSVs) may hold: an XLSX of two sheets has about a dozen. */
export const MAX_ZIP_ENTRIES = 1_000;

/**
 * The code every refusal of an uploaded file carries: `invalid_input` (400), whose server text (which sheet, which
 * row, which column) the client keeps beside its own translated words (client/lib/error-text.ts DETAIL_CODES). A file
 * that unpacks to more than allowed is `file_too_large` (413).
 */
export function sheetError(message: string): AppError {
  return new AppError(ERROR_CODES.invalidInput, message);
}

export function fileTooLarge(message: string): AppError {
  return new AppError(ERROR_CODES.fileTooLarge, message);
}

/** The download's file name: one XLSX, one CSV named for its sheet, or a ZIP of the two CSVs. */
export function exportFileName(format: SpreadsheetFormat, sheets: readonly SheetSpec[]): string {
  if (format === 'xlsx') return 'products.xlsx';
  return sheets.length === 1 ? csvFileName(sheets[0]!.name) : 'products.zip';
}

export function exportContentType(format: SpreadsheetFormat, sheets: readonly SheetSpec[]): string {
  if (format === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return sheets.length === 1 ? 'text/csv; charset=utf-8' : 'application/zip';
}

export function csvFileName(sheet: SheetName): string {
  return sheet === 'Products' ? 'products.csv' : 'variants.csv';
}

/** A header row's own faults: too many columns, or a header twice. */
export function checkHeaders(sheet: SheetName, headers: readonly string[]): void {
  if (headers.length > MAX_COLUMNS) {
    throw sheetError(
      `Sheet ${sheet}: the header row has ${headers.length} columns; at most ${MAX_COLUMNS} are accepted`,
    );
  }
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const header of headers) {
    if (header === '') continue;
    if (seen.has(header)) twice.add(header);
    seen.add(header);
  }
  if (twice.size > 0) {
    throw sheetError(
      `Sheet ${sheet}: the header row has the same column twice: ${[...twice].map((h) => `"${h}"`).join(', ')}`,
    );
  }
}

export function cellTooLong(sheet: SheetName, row: number, column: string): AppError {
  return sheetError(
    `Sheet ${sheet}, row ${row}, column ${column}: the cell is longer than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters`,
  );
}

/**
 * A number as plain digits: no exponent, no thousands separators (19.99, -3, 12345678901234567890, 0.0000001).
 * JavaScript's own text is kept where it has no exponent: it is the shortest text that reads back to the same number.
 */
export function plainNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
  if (Object.is(value, -0)) return '0';
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, head, tail = '', exp] = match;
  const digits = `${head}${tail}`;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Text a spreadsheet would run as a formula when it opens a CSV (OWASP "CSV Injection": a leading `=`, `+`, `-`, `@`,
 * tab or carriage return), after any number of single quotes. The quotes count so that the one quote added on write
 * is the one removed on read, whatever the text was: `'=x` is written `''=x` and reads back `'=x`.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell's text in a CSV. */
export function csvCellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return plainNumber(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A CSV cell's text read back: empty is null, the quote added on write is removed; everything else stays text. */
export function csvCellValue(text: string): CellValue {
  if (text === '') return null;
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
