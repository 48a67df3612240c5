// What a restore names (issue 32 "Restore"): whole items, or single fields of them, chosen in the diff. Pure, so the
// rules are unit-tested: an item is chosen whole (every field) or by some of its changed fields; an item added since
// the older snapshot cannot be restored (it was not there), one removed since is restored whole (made again).
import type { RestoreItem, SnapshotChange } from '../../../common/contracts/store-history';
import { MAX_RESTORE_ITEMS } from '../../../common/contracts/store-history';

/** One chosen item: every field (`fields` null) or those named. */
export type ChosenItem = { change: SnapshotChange; fields: readonly string[] | null };
export type RestoreSelection = ReadonlyMap<string, ChosenItem>;

export const EMPTY_SELECTION: RestoreSelection = new Map();

/** An item's identity in the diff, a selection and a job's outcomes: its kind and key (its fields in name order). */
export const changeKey = (change: { kind: string; key: object }) =>
  `${change.kind}:${JSON.stringify(Object.entries(change.key).sort(([a], [b]) => a.localeCompare(b)))}`;

/** The diff's fields a restore can name one by one (not the "(12 more fields)" line of a long list). */
export const restorableFields = (change: SnapshotChange): string[] =>
  change.change === 'changed'
    ? change.fields.map((field) => field.path).filter((path) => !path.startsWith('('))
    : [];

export const isRestorable = (change: SnapshotChange) => change.change !== 'added';

export type ItemState = 'none' | 'some' | 'all';

export function itemState(selection: RestoreSelection, change: SnapshotChange): ItemState {
  const chosen = selection.get(changeKey(change));
  if (!chosen) return 'none';
  return chosen.fields === null ? 'all' : 'some';
}

export function isFieldChosen(selection: RestoreSelection, change: SnapshotChange, path: string): boolean {
  const chosen = selection.get(changeKey(change));
  return chosen !== undefined && (chosen.fields === null || chosen.fields.includes(path));
}

/** The item's box: ticked, the whole item; unticked, none of it. */
export function toggleItem(
  selection: RestoreSelection,
  change: SnapshotChange,
  isOn: boolean,
): RestoreSelection {
  const next = new Map(selection);
  const key = changeKey(change);
  if (!isOn) next.delete(key);
  else if (isRestorable(change) && (next.has(key) || next.size < MAX_RESTORE_ITEMS)) {
    next.set(key, { change, fields: null });
  }
  return next;
}

/** One field's box: the item's chosen fields with or without it (all of them again is the whole item). */
export function toggleField(
  selection: RestoreSelection,
  change: SnapshotChange,
  path: string,
  isOn: boolean,
): RestoreSelection {
  const all = restorableFields(change);
  const key = changeKey(change);
  const current = selection.get(key);
  if (!current && selection.size >= MAX_RESTORE_ITEMS) return selection;
  const chosen = new Set(current ? (current.fields ?? all) : []);
  if (isOn) chosen.add(path);
  else chosen.delete(path);
  const next = new Map(selection);
  const fields = all.filter((each) => chosen.has(each));
  if (fields.length === 0) next.delete(key);
  else next.set(key, { change, fields: fields.length === all.length ? null : fields });
  return next;
}

/** The restore request's `items`. */
export function restoreItems(selection: RestoreSelection): RestoreItem[] {
  return [...selection.values()].map(({ change, fields }) => ({
    kind: change.kind,
    key: change.key,
    ...(fields ? { fields: [...fields] } : {}),
  }));
}
