// Hands a dump from the tool that made it to the tool that opens it (issue 31: "Open in Widgets Visualization",
// "Import this product into…"), without a download and an upload. Features never import each other, so the dump goes
// through here, as the Keyword Extractor's product ids go through product-ids-handoff.ts; but a dump may weigh
// megabytes, more than session storage holds, so it waits in the page's memory (the last one for each target), and
// the history entry of the tab opened for it names it. The target screen reads it when it mounts on that entry: at
// once, and again after Back and Forward to it; another entry of the same tab (the sidebar, a reload) starts empty.
import { useCallback } from 'react';
import type { LocalStore } from '../../common/contracts/stores';
import type { TabId } from '../../common/contracts/tabs';
import { useOpenTab } from './tab-navigation';

export const DUMP_HANDOFF_TARGETS = [
  'widgets-visualization',
  'import-product',
] as const satisfies readonly TabId[];
export type DumpHandoffTarget = (typeof DUMP_HANDOFF_TARGETS)[number];

/** The key of `history.state` that names the dump handed to the entry's tab. */
export const DUMP_HANDOFF_STATE_KEY = 'bcToolsDumpHandoff';

export type HandedOffDump = {
  /** The name the file was downloaded as. */
  fileName: string;
  /** The dump, as the tool received it (the target checks it as it would a file). */
  content: unknown;
  /** The store it was dumped from. */
  sourceStore: LocalStore | null;
  /**
   * A second dump to compare the first with (Store History's page "before" and "after", issue 32): the target opens
   * the first as its main dump and this one as the compared dump. Left out, the target opens the first alone.
   */
  compare?: { fileName: string; content: unknown };
};

type HistoryLike = Pick<History, 'state' | 'replaceState'>;
type Mark = { target: DumpHandoffTarget; id: string };

const waiting = new Map<DumpHandoffTarget, HandedOffDump & { id: string }>();
let serial = 0;

/** Keeps the dump for `target` (replacing the one kept before) and returns its id. */
export function keepDumpFor(target: DumpHandoffTarget, dump: HandedOffDump): string {
  const id = `${Date.now().toString(36)}-${++serial}`;
  waiting.set(target, { ...dump, id });
  return id;
}

/** Names the dump in the current history entry (the one just pushed for the target tab). */
export function markHistoryEntry(history: HistoryLike, target: DumpHandoffTarget, id: string): void {
  const state: unknown = history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  const mark: Mark = { target, id };
  history.replaceState({ ...base, [DUMP_HANDOFF_STATE_KEY]: mark }, '');
}

function markOf(state: unknown): Mark | null {
  if (typeof state !== 'object' || state === null) return null;
  const mark = (state as Record<string, unknown>)[DUMP_HANDOFF_STATE_KEY];
  if (typeof mark !== 'object' || mark === null) return null;
  const { target, id } = mark as Record<string, unknown>;
  return typeof id === 'string' && DUMP_HANDOFF_TARGETS.includes(target as DumpHandoffTarget)
    ? { target: target as DumpHandoffTarget, id }
    : null;
}

/** The dump the history entry names for `target`, while the page still holds it; else null. */
export function dumpForEntry(target: DumpHandoffTarget, state: unknown): HandedOffDump | null {
  const mark = markOf(state);
  if (!mark || mark.target !== target) return null;
  const kept = waiting.get(target);
  if (!kept || kept.id !== mark.id) return null;
  const { id: _id, ...dump } = kept;
  return dump;
}

/** In the page: the dump handed to `target` on the history entry shown. */
export function handedOffDump(target: DumpHandoffTarget): HandedOffDump | null {
  try {
    return typeof window === 'undefined' ? null : dumpForEntry(target, window.history.state);
  } catch {
    return null;
  }
}

/** Hands the dump to `target` and opens its tab (a new history entry, which names the dump). */
export function useHandOffDump(): (target: DumpHandoffTarget, dump: HandedOffDump) => void {
  const openTab = useOpenTab();
  return useCallback(
    (target, dump) => {
      const id = keepDumpFor(target, dump);
      openTab(target);
      try {
        markHistoryEntry(window.history, target, id);
      } catch {
        // History refused: the tab still opens, empty.
      }
    },
    [openTab],
  );
}
