// Hands a list of product ids from one tool to a bulk edit's "By Product IDs" scope (issue 14: the Keyword Extractor's
// products of a keyword go to Reset Page Title or Copy Description). Features never import each other, so the ids
// travel through the browser tab's session storage under one key, and the target tab is opened with `?tab=…` (the
// shell's tab navigation). The bulk edit's scope fieldset takes them when it mounts on that tab, once.
import { useCallback } from 'react';
import { z } from 'zod';
import { TAB_QUERY_PARAM, type TabId } from '../../common/contracts/tabs';
import { useOpenTab } from './tab-navigation';

export const PRODUCT_IDS_HANDOFF_KEY = 'bc-tools-product-ids-handoff';

/** The tabs whose scope takes product ids. */
export const HANDOFF_TARGETS = ['reset-page-title', 'copy-description'] as const satisfies readonly TabId[];
export type HandoffTarget = (typeof HANDOFF_TARGETS)[number];

/** A hand-off not taken within this time is dropped (the person went elsewhere). */
export const HANDOFF_MAX_AGE_MS = 10 * 60_000;

const handoffSchema = z.object({
  target: z.enum(HANDOFF_TARGETS),
  productIds: z.array(z.number().int().positive()).min(1),
  at: z.number(),
});
type Handoff = z.infer<typeof handoffSchema>;

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Leaves the ids for the target tab. */
export function writeProductIdsHandoff(
  storage: SessionLike,
  target: HandoffTarget,
  productIds: readonly number[],
  now: number = Date.now(),
): void {
  const handoff: Handoff = { target, productIds: [...new Set(productIds)], at: now };
  storage.setItem(PRODUCT_IDS_HANDOFF_KEY, JSON.stringify(handoff));
}

/**
 * The ids left for `tab`, without taking them; null when there are none for it. An old or unreadable hand-off is
 * removed; one for another tab stays (until it is taken there or grows too old).
 */
export function peekProductIdsHandoff(
  storage: SessionLike,
  tab: string | null,
  now: number = Date.now(),
): number[] | null {
  const text = storage.getItem(PRODUCT_IDS_HANDOFF_KEY);
  if (text === null) return null;
  let parsed: ReturnType<typeof handoffSchema.safeParse>;
  try {
    parsed = handoffSchema.safeParse(JSON.parse(text));
  } catch {
    storage.removeItem(PRODUCT_IDS_HANDOFF_KEY);
    return null;
  }
  if (!parsed.success || now - parsed.data.at > HANDOFF_MAX_AGE_MS || now < parsed.data.at - 60_000) {
    storage.removeItem(PRODUCT_IDS_HANDOFF_KEY);
    return null;
  }
  return parsed.data.target === tab ? parsed.data.productIds : null;
}

/** The ids left for `tab`, removed as they are taken (a second take finds none). */
export function takeProductIdsHandoff(
  storage: SessionLike,
  tab: string | null,
  now: number = Date.now(),
): number[] | null {
  const productIds = peekProductIdsHandoff(storage, tab, now);
  if (productIds) storage.removeItem(PRODUCT_IDS_HANDOFF_KEY);
  return productIds;
}

/** The tab's sessionStorage, or null (no window, or storage refused). */
export function sessionStorageOrNull(): SessionLike | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function inPage(read: typeof peekProductIdsHandoff): number[] | null {
  const storage = sessionStorageOrNull();
  if (!storage) return null;
  try {
    return read(storage, new URLSearchParams(window.location.search).get(TAB_QUERY_PARAM));
  } catch {
    return null;
  }
}

/** In the page: the ids left for the tab the address names (`?tab=`), still there. */
export function peekHandedOffProductIds(): number[] | null {
  return inPage(peekProductIdsHandoff);
}

/** In the page: the ids left for the tab the address names (`?tab=`), taken (once). */
export function takeHandedOffProductIds(): number[] | null {
  return inPage(takeProductIdsHandoff);
}

/** Hands the ids to a bulk edit and opens its tab. */
export function useHandOffProductIds(): (target: HandoffTarget, productIds: readonly number[]) => void {
  const openTab = useOpenTab();
  return useCallback(
    (target, productIds) => {
      const storage = sessionStorageOrNull();
      try {
        if (storage) writeProductIdsHandoff(storage, target, productIds);
      } catch {
        // Storage refused: the tab still opens, with its scope as it was.
      }
      openTab(target);
    },
    [openTab],
  );
}
