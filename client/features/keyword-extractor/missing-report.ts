// The "keywords missing from page titles" report of the products read (issue 14, "one click from fixing it"): their
// ids sent to `POST /api/keyword-extractor/missing-from-titles` in batches of `MISSING_REPORT_BATCH`, one batch after
// the other (the store's quota is shared with the run), and the answers joined into one report sorted as the server
// sorts each answer. Pure apart from the call it is given, so it is tested in Node.
import { MISSING_REPORT_BATCH } from '../../../common/contracts/keyword-extractor';
import { fileTimestamp } from '../../../common/dumps/file-names';
import type { MissingFromTitle } from '../../../common/keywords';

/** `keywords_missing_titles_{timestamp}.csv`, the timestamp of the keyword CSVs. */
export function missingTitlesCsvFileName(date: Date): string {
  return `keywords_missing_titles_${fileTimestamp(date)}.csv`;
}

/** The ids, each once in their first place, cut into batches of at most `size`. */
export function idBatches(ids: readonly number[], size: number = MISSING_REPORT_BATCH): number[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size ${size}`);
  const unique = [...new Set(ids)];
  const batches: number[][] = [];
  for (let at = 0; at < unique.length; at += size) batches.push(unique.slice(at, at + size));
  return batches;
}

/** The server's order (common/keywords `missingFromTitles`): most missing keywords first, then by id. */
export function compareReportLines(a: MissingFromTitle, b: MissingFromTitle): number {
  return b.missing.length - a.missing.length || a.id - b.id;
}

export interface MissingReport {
  /** Product ids sent. */
  sent: number;
  /** Products the store had and the server checked. */
  checked: number;
  /** Products whose page title lacks at least one of their top description keywords, in the server's order. */
  lines: MissingFromTitle[];
}

export interface RunMissingReportOptions {
  ids: readonly number[];
  /** One call for one batch. */
  fetchBatch: (
    productIds: number[],
    signal: AbortSignal,
  ) => Promise<{ checked: number; lines: MissingFromTitle[] }>;
  /** After each batch: products sent and answered so far, of all. */
  onProgress?: (done: number, total: number) => void;
  /** Cancel: the call under way is aborted and no further batch is sent. */
  signal: AbortSignal;
  batchSize?: number;
}

/** The report of all the ids, batch after batch; null when cancelled. A failed call rejects with its error. */
export async function runMissingReport({
  ids,
  fetchBatch,
  onProgress,
  signal,
  batchSize = MISSING_REPORT_BATCH,
}: RunMissingReportOptions): Promise<MissingReport | null> {
  const batches = idBatches(ids, batchSize);
  const total = batches.reduce((n, batch) => n + batch.length, 0);
  const report: MissingReport = { sent: 0, checked: 0, lines: [] };
  onProgress?.(0, total);
  for (const batch of batches) {
    if (signal.aborted) return null;
    let answer: Awaited<ReturnType<RunMissingReportOptions['fetchBatch']>>;
    try {
      answer = await fetchBatch(batch, signal);
    } catch (error) {
      if (signal.aborted) return null;
      throw error;
    }
    if (signal.aborted) return null;
    report.sent += batch.length;
    report.checked += answer.checked;
    report.lines.push(...answer.lines);
    onProgress?.(report.sent, total);
  }
  report.lines.sort(compareReportLines);
  return report;
}
