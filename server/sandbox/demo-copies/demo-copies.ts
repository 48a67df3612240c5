// Demo copies: each visitor's or user's own demo stores (issue 9, point 2). The app hands out a hash such as
// `sandbox-demo-k3x9…` with a token it signed; the sandbox checks the token with the app's `verify` and creates the
// store from the deterministic seed on first use. At most `maxCopies` live at once; a copy idle for `idleMs` is
// dropped (it comes back from the seed on its next use), and when every slot is taken the copy idle the longest is
// dropped to make room, provided it has been idle for `evictIdleMs`; otherwise the caller is told to come back.
// Their state lives in a journal (copy-journal.ts: in memory, or the app's database so that every instance serves the
// same copies), served by demo-copy-pool.ts.
import { DEMO_COPY_HASH } from '../../../common/contracts/demo-stores';
import type { DemoCopyJournal } from './copy-journal';
import type { StoreKind } from '../catalog/demo/index';

export type DemoCopyOptions = {
  /** True when `token` is the one the app issued for `hash`. */
  verify: (hash: string, token: string) => boolean | Promise<boolean>;
  /** Copies alive at once (default 8). */
  maxCopies?: number;
  /** A copy unused this long is dropped (default 30 minutes). */
  idleMs?: number;
  /** A copy may make room for a new one once unused this long (default 2 minutes). */
  evictIdleMs?: number;
  /** Where the copies' state lives; default: this process's memory (`MemoryCopyJournal`). */
  journal?: DemoCopyJournal;
  /** With a shared journal, a copy is saved whole once this many writes (or bytes of them) are kept since the last. */
  snapshotAfter?: { ops: number; bytes: number };
};

export const DEMO_COPY_DEFAULTS = {
  maxCopies: 8,
  idleMs: 30 * 60_000,
  evictIdleMs: 2 * 60_000,
} as const;

/** The kind of store a demo-copy hash asks for, or undefined when the hash is not a demo copy. */
export function demoCopyKind(hash: string): StoreKind | undefined {
  const match = DEMO_COPY_HASH.exec(hash);
  return match ? (match[1] as StoreKind) : undefined;
}

/** Every slot is taken by a copy in use: try again once the least recently used one may be dropped. */
export class DemoCopiesBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('Every demo store slot is in use');
    this.name = 'DemoCopiesBusyError';
  }
}
