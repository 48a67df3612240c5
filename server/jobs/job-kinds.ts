// The job platform's seam (issue 30): a long-running tool registers a definition of each job kind it runs, with its
// slice handler, the schema of its stored input, and, when it keeps a backup, how the backup downloads and how an
// undo is previewed and started. The platform (this folder and `/api/jobs`) knows the kinds only through these
// definitions and imports no feature. Each kind has its own pg-boss queue named after it (job-queue.ts).
import type { z } from 'zod';
import type { JobKind } from '../../common/contracts/jobs';
import type { BigCommerceClient } from '../integrations/bigcommerce';
import type { BeforeJobTargets } from './before-job';
import type { SliceHandler } from './job-queue';
import type { JobRow } from './job-store';

/** What undoing a job of this kind takes. */
export type JobUndo = {
  /** The kind of the undo job. */
  kind: JobKind;
  /** What an undo would change, from the store's live values (the screen's preview). */
  preview(row: JobRow, client: BigCommerceClient): Promise<unknown>;
  /** The undo job's stored input. */
  input(row: JobRow): Record<string, unknown>;
  /**
   * What the undo will touch: its before-job snapshot's targets (issue 32: a snapshot before every write job, an undo
   * included), so that an undo can itself be seen in Store History and undone by a restore.
   */
  before?(row: JobRow): BeforeJobTargets;
};

export type JobKindDefinition = {
  kind: JobKind;
  /** Works a slice of a job of this kind from its checkpoint. */
  slice: SliceHandler;
  /** The job's stored input (`job.input`), checked when a job is read back. */
  input: z.ZodType<Record<string, unknown>>;
  /** The backup as a download (`GET /api/jobs/{id}/backup`); kinds without one answer 404. */
  backup?: (row: JobRow) => unknown;
  undo?: JobUndo;
};

export type JobKinds = {
  register(definition: JobKindDefinition): void;
  get(kind: string): JobKindDefinition | undefined;
  all(): JobKindDefinition[];
};

export function createJobKinds(): JobKinds {
  const kinds = new Map<string, JobKindDefinition>();
  return {
    register(definition) {
      if (kinds.has(definition.kind)) throw new Error(`job kind ${definition.kind} is registered twice`);
      kinds.set(definition.kind, definition);
    },
    get: (kind) => kinds.get(kind),
    all: () => [...kinds.values()],
  };
}
