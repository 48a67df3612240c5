// Store History's field-level diff (issue 32): what differs between two versions of one item (a product, a category,
// a brand, a widget template, a page), as paths a person can read: `description`, `variants[sku=ABC-1].price`,
// `custom_fields[name=Material].value`, `regions[name=header_bottom].children[0].configuration.title`. Pure: the
// server's diff and the tests share it.
import type { SnapshotFieldChange } from '../contracts/store-history';

/** Fields a store changes by itself (on every save, on every visit of the page): left out of snapshots and diffs (an unchanged item stays equal). */
export const VOLATILE_FIELDS: ReadonlySet<string> = new Set(['date_modified', 'view_count', 'views']);

/** At most this many fields are listed for one item (the rest are counted in the last entry). */
export const MAX_FIELDS_PER_ITEM = 200;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The keys that name an element of an array of objects, best first (a variant by its SKU, anything by its id). */
const ELEMENT_KEYS = ['sku', 'uuid', 'id', 'name', 'label', 'display_name'] as const;

/**
 * The item without the fields a store changes by itself, with its object keys sorted: what is hashed and stored.
 * Those fields are left out at the item's top level only (issue 40): deeper down a `views` or `date_modified` key is
 * data, such as a widget's configuration, and is kept.
 */
export function canonicalItem(value: unknown): Json {
  return canonical(value, true);
}

/** A value inside an item (a field, a variant), keys sorted, nothing left out. */
export function canonicalValue(value: unknown): Json {
  return canonical(value, false);
}

function canonical(value: unknown, top: boolean): Json {
  if (Array.isArray(value)) return value.map((element) => canonical(element, false));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) {
      if (top && VOLATILE_FIELDS.has(key)) continue;
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined) out[key] = canonical(field, false);
    }
    return out;
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return null;
}

/** The differing fields of two versions of an item, in document order. */
export function fieldChanges(before: unknown, after: unknown): SnapshotFieldChange[] {
  const changes: SnapshotFieldChange[] = [];
  walk(canonicalItem(before), canonicalItem(after), '', changes);
  if (changes.length > MAX_FIELDS_PER_ITEM) {
    const rest = changes.length - MAX_FIELDS_PER_ITEM + 1;
    return [
      ...changes.slice(0, MAX_FIELDS_PER_ITEM - 1),
      { path: `(${rest} more fields)`, before: null, after: null },
    ];
  }
  return changes;
}

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function walk(before: Json, after: Json, path: string, out: SnapshotFieldChange[]): void {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const key of keys) {
      walk(before[key] ?? null, after[key] ?? null, join(path, key), out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const key = elementKey(before, after);
    if (key) return walkKeyed(before, after, key, path, out);
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) {
      walk(before[index] ?? null, after[index] ?? null, `${path}[${index}]`, out);
    }
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ path, before, after });
}

/** The key that names every element of both arrays uniquely (`sku` for variants), if there is one. */
function elementKey(before: Json[], after: Json[]): string | null {
  const all = [...before, ...after];
  if (all.length === 0 || !all.every(isObject)) return null;
  for (const key of ELEMENT_KEYS) {
    const unique = (list: Json[]) => {
      const values = list.map((element) => (element as { [key: string]: Json })[key]);
      const named = values.every(
        (value) => (typeof value === 'string' && value !== '') || typeof value === 'number',
      );
      return named && new Set(values.map(String)).size === values.length;
    };
    if (unique(before) && unique(after)) return key;
  }
  return null;
}

function walkKeyed(
  before: Json[],
  after: Json[],
  key: string,
  path: string,
  out: SnapshotFieldChange[],
): void {
  // elementKey made sure every element names itself with a string or a number under `key`.
  const name = (element: Json): string => {
    const value = (element as { [key: string]: Json })[key];
    return typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  };
  const afterByName = new Map(after.map((element) => [name(element), element]));
  const beforeNames = new Set(before.map(name));
  for (const element of before) {
    walk(element, afterByName.get(name(element)) ?? null, `${path}[${key}=${name(element)}]`, out);
  }
  for (const element of after) {
    if (!beforeNames.has(name(element))) walk(null, element, `${path}[${key}=${name(element)}]`, out);
  }
}
