// Hands a chosen video from one tab to another in the same page (issue 16: where this browser cannot make H.265,
// the Video Converter offers the cloud converter with the same file). A File cannot go through storage, so it waits
// in memory for the target tab, which takes it once; one not taken within 10 minutes is dropped.
import type { TabId } from '../../../common/contracts/tabs';

const MAX_AGE_MS = 10 * 60_000;
let pending: { target: TabId; file: File; at: number } | null = null;

export function handOffFile(target: TabId, file: File, now = Date.now()): void {
  pending = { target, file, at: now };
}

/** The file left for `target`, once (null when there is none or it is too old). */
export function takeHandedOffFile(target: TabId, now = Date.now()): File | null {
  if (!pending || pending.target !== target) return null;
  const { file, at } = pending;
  pending = null;
  return now - at <= MAX_AGE_MS ? file : null;
}
