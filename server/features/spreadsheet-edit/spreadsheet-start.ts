// Starting a previewed sheet's import (issue 45), the one way for the screen's route and the agents' `update_products`:
// the products its rows touch are snapshotted first (Store History), then the job writes them.
import type { SinceExport } from '../../../common/contracts/spreadsheet-edit';
import type { JobRow } from '../../jobs/job-store';
import { startJob, type JobRoutesDeps } from '../jobs/start-job';
import { importTargets, type ImportInput } from './spreadsheet-import.job';
import type { SpreadsheetRepository } from './spreadsheet-repository';

export type ImportStartDeps = Pick<
  JobRoutesDeps,
  'jobStore' | 'jobQueue' | 'beforeJob' | 'getTokenCipher'
> & {
  spreadsheets: SpreadsheetRepository;
};

/** The products a preview's rows without errors touch (their before-job snapshot's targets). */
async function touchedProducts(spreadsheets: SpreadsheetRepository, previewId: string): Promise<number[]> {
  const ids = new Set<number>();
  for (let after = -1; ;) {
    const page = await spreadsheets.previewRows(previewId, after, 1000);
    if (page.length === 0) break;
    after = page[page.length - 1]!.seq;
    for (const { row } of page) if (row.view.errors.length === 0) ids.add(row.view.key.productId);
  }
  return [...ids];
}

export async function startSpreadsheetImport(
  deps: ImportStartDeps,
  job: {
    id: string;
    owner: string;
    credentials: { storeHash: string; accessToken: string };
    previewId: string;
    sinceExport: SinceExport;
    caller?: string;
    signal?: AbortSignal;
  },
): Promise<JobRow> {
  const productIds = await touchedProducts(deps.spreadsheets, job.previewId);
  const input: ImportInput = { kind: 'import', previewId: job.previewId, sinceExport: job.sinceExport };
  return startJob(deps, {
    id: job.id,
    kind: 'spreadsheet-import',
    owner: job.owner,
    input,
    credentials: { target: job.credentials },
    now: new Date(),
    ...(productIds.length > 0 ? { before: importTargets(productIds) } : {}),
    ...(job.caller ? { caller: job.caller } : {}),
    ...(job.signal ? { signal: job.signal } : {}),
  });
}
