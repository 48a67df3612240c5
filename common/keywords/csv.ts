// The keyword extractor's CSV downloads (spec part 2 §9): columns `keyword,score`, one file per size, named
// `keywords_1word_{timestamp}.csv`, `keywords_2word_…`, `keywords_3word_…`.
//
// RFC 4180: a header line, CRLF line ends, a field in double quotes when it holds a comma, a quote, CR or LF, and a
// quote inside doubled. (Keywords are letters, marks, numbers and single spaces, so they never need quoting today;
// the rule is here so that a future change of the tokeniser cannot break the file.) A keyword never starts with
// `=`, `+`, `-` or `@`, so a spreadsheet cannot read one as a formula.
//
// The timestamp is the one of the dump downloads (`common/dumps/file-names.ts`): UTC ISO time with `:` and `.` as
// `-`, sortable and legal in file names everywhere.
import { fileTimestamp } from '../dumps/file-names';
import type { KeywordEntry } from './score';
import type { KeywordSize } from './tokenise';

export const KEYWORD_CSV_HEADER = 'keyword,score';
export const KEYWORD_CSV_TYPE = 'text/csv;charset=utf-8';
/** Excel opens a UTF-8 CSV as UTF-8 only when it starts with a byte order mark (Vietnamese keywords need it). */
export const UTF8_BOM = '\uFEFF';

export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `keyword,score` then one line per entry, in the order given; CRLF after every line. */
export function keywordsCsv(entries: readonly Pick<KeywordEntry, 'keyword' | 'score'>[]): string {
  const lines = [KEYWORD_CSV_HEADER];
  for (const entry of entries) lines.push(`${csvField(entry.keyword)},${csvField(entry.score)}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** `keywords_{size}word_{timestamp}.csv` */
export function keywordsCsvFileName(size: KeywordSize, date: Date): string {
  return `keywords_${size}word_${fileTimestamp(date)}.csv`;
}

/** The download of one size: its file name, type, and content with a byte order mark for Excel. */
export function keywordsCsvFile(
  counter: { toCsv(size: KeywordSize, limit?: number): string },
  size: KeywordSize,
  date: Date,
  limit?: number,
): { name: string; type: string; content: string } {
  return {
    name: keywordsCsvFileName(size, date),
    type: KEYWORD_CSV_TYPE,
    content: UTF8_BOM + counter.toCsv(size, limit),
  };
}
