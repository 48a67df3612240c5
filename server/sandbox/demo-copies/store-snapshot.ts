// A sandbox store's state as bytes and back: its catalogue data, its content (through the content plugin's
// `saveState`/`loadState`) and its write budget counter, in V8's structured-clone format (maps, typed arrays),
// deflated. Demo copies shared by several instances (demo-copy-pool.ts) keep one such snapshot in their journal, so
// an instance that has not followed a copy need not replay every write since the seed.
import { deserialize, serialize } from 'node:v8';
import { deflateSync, inflateSync } from 'node:zlib';
import type { StoreBudget } from '../core/store-budget';
import type { StoreData } from '../core/store-state';

/** The parts of a store a snapshot holds. */
type Snapshotted = { data: StoreData; content: unknown; budget: StoreBudget };

export type ContentSnapshots = {
  save: (slot: unknown) => unknown;
  load: (slot: unknown, saved: unknown) => void;
};

type Saved = { format: 1; data: Omit<StoreData, 'hash'>; content: unknown; budget: number };

export function saveStoreState(state: Snapshotted, content: ContentSnapshots | undefined): Uint8Array {
  const { hash: _hash, ...data } = state.data;
  const saved: Saved = {
    format: 1,
    data,
    content: content && state.content !== undefined ? content.save(state.content) : undefined,
    budget: state.budget.countedBytes,
  };
  return deflateSync(serialize(saved), { level: 1 });
}

/** Replaces the state of `state` (in place: what its content slot refers to stays valid) with a snapshot. */
export function loadStoreState(
  state: Snapshotted,
  bytes: Uint8Array,
  content: ContentSnapshots | undefined,
): void {
  const saved = deserialize(inflateSync(bytes)) as Saved;
  if (saved.format !== 1) throw new Error(`Unknown sandbox snapshot format ${String(saved.format)}`);
  Object.assign(state.data, saved.data);
  state.budget.resume(saved.budget);
  if (content && state.content !== undefined && saved.content !== undefined) {
    content.load(state.content, saved.content);
  }
}
