// An item's identity (issue 42): its kind and its key. The key is kept as canonical JSON (`itemKeyText`), so the same
// item has the same key in every snapshot; the id `<kind>:<key text>` names it in one string. That spelling is
// persisted (the keys of a restore job's backup, restore-plan.ts `backupKey`): never change it. The ids BigCommerce
// gives (a product's 112, a widget's uuid) are another noun, kept apart in id-map.ts.
import { canonicalItem } from '../../../common/store-history/field-diff';

/** A key as stored: canonical JSON (sorted keys), so the same item has the same key in every snapshot. */
export function itemKeyText(key: Record<string, unknown>): string {
  return JSON.stringify(canonicalItem(key));
}

/** An item's id from a snapshot row's kind and key text. */
export function itemIdOfRow(kind: string, keyText: string): string {
  return `${kind}:${keyText}`;
}

/** An item's id: `<kind>:<canonical key JSON>`. */
export function itemId(item: { kind: string; key: Record<string, unknown> }): string {
  return itemIdOfRow(item.kind, itemKeyText(item.key));
}
