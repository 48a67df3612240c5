// The Keyword Extractor's saved state (spec part 2 §3, §4, §9): the small state under ONE fixed key in local storage
// (status, currentPage, startPage, endPage, totalPages, totalProducts, processedProducts, channelId, and the store and
// run it belongs to). A saved "running" is read back as "stopped": the page that was running is gone with it. New
// clears the key. The counts themselves live in IndexedDB (counts-store.ts), named by `runId`.
import { z } from 'zod';
import { initialExtractorState, type ExtractorState } from './keyword-extractor-state';

/** The fixed key (spec §9 "Saved state key is fixed in browser storage"). */
export const KEYWORD_STATE_KEY = 'bc-tools-keyword-extractor';

const page = z.number().int().min(1).max(1_000_000_000);
const count = z.number().int().min(0);

const savedStateSchema = z.object({
  status: z.enum(['running', 'stopped', 'completed']),
  currentPage: page,
  startPage: page,
  endPage: page,
  totalPages: count,
  totalProducts: count,
  processedProducts: count,
  channelId: z.number().int().min(1),
  storeId: z.string().min(1),
  runId: z.string().min(1),
  countsFromPage: page,
});
export type SavedExtractorState = z.infer<typeof savedStateSchema>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's local storage, or undefined where it cannot be used (private modes, tests). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The saved state as the screen starts with it: running becomes stopped; anything unreadable is no saved state. */
export function loadSavedState(storage: KeyValueStorage | undefined): ExtractorState {
  let text: string | null = null;
  try {
    text = storage?.getItem(KEYWORD_STATE_KEY) ?? null;
  } catch {
    return initialExtractorState;
  }
  if (text === null) return initialExtractorState;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return initialExtractorState;
  }
  const parsed = savedStateSchema.safeParse(data);
  if (!parsed.success || parsed.data.endPage < parsed.data.startPage) return initialExtractorState;
  const saved = parsed.data;
  return {
    ...initialExtractorState,
    ...saved,
    status: saved.status === 'running' ? 'stopped' : saved.status,
    error: null,
  };
}

/** What is written for a state; null for idle (nothing to keep: the key is removed). */
export function toSavedState(state: ExtractorState): SavedExtractorState | null {
  if (state.status === 'idle' || state.channelId === null || state.storeId === null || state.runId === null) {
    return null;
  }
  return {
    status: state.status,
    currentPage: state.currentPage,
    startPage: state.startPage,
    endPage: state.endPage,
    totalPages: state.totalPages,
    totalProducts: state.totalProducts,
    processedProducts: state.processedProducts,
    channelId: state.channelId,
    storeId: state.storeId,
    runId: state.runId,
    countsFromPage: state.countsFromPage,
  };
}

/** Keeps the state under the fixed key; an idle state (after New) clears it. Storage errors are not fatal. */
export function saveState(storage: KeyValueStorage | undefined, state: ExtractorState): void {
  const saved = toSavedState(state);
  try {
    if (saved === null) storage?.removeItem(KEYWORD_STATE_KEY);
    else storage?.setItem(KEYWORD_STATE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the run goes on, it just cannot be resumed after a reload.
  }
}
