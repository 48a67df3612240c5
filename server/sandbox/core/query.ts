// Query-string parsing shared by the sandbox routes: typed filters, paging and field selection
// (API-NOTES.md §3; products_catalog.v3.yml getProducts parameters).

/** A query parameter that does not parse; routes answer 422 with BigCommerce's wording. */
export class QueryError extends Error {
  constructor(
    readonly param: string,
    readonly value: string,
    /** `integer`, `number`, `boolean`, `date` or a list of allowed values. */
    readonly expected: string,
  ) {
    super(
      expected === 'integer' || expected === 'number' || expected === 'boolean'
        ? `Query parameter "${param}" value must be ${expected === 'number' ? 'a number' : expected}. For input string: "${value}".`
        : `Query parameter "${param}" value must be one of ${expected}. For input string: "${value}".`,
    );
  }
}

const INT = /^-?\d+$/;
const NUM = /^-?\d+(\.\d+)?$/;

export function intParam(q: URLSearchParams, key: string): number | undefined {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  if (!INT.test(raw.trim())) throw new QueryError(key, raw, 'integer');
  return Number(raw);
}

export function numParam(q: URLSearchParams, key: string): number | undefined {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  if (!NUM.test(raw.trim())) throw new QueryError(key, raw, 'number');
  return Number(raw);
}

/** Comma-separated integers; BigCommerce also accepts the key repeated (`id:in=1&id:in=2`). */
export function intListParam(q: URLSearchParams, key: string): number[] | undefined {
  const raws = q.getAll(key);
  if (raws.length === 0) return undefined;
  const out: number[] = [];
  for (const raw of raws) {
    for (const part of raw.split(',')) {
      const t = part.trim();
      if (t === '') continue;
      if (!INT.test(t)) throw new QueryError(key, part, 'integer');
      out.push(Number(t));
    }
  }
  return out;
}

export function strListParam(q: URLSearchParams, key: string): string[] | undefined {
  const raws = q.getAll(key);
  if (raws.length === 0) return undefined;
  return raws
    .flatMap((raw) => raw.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function strParam(q: URLSearchParams, key: string): string | undefined {
  const raw = q.get(key);
  return raw === null || raw === '' ? undefined : raw;
}

/** `true`/`false`, also `1`/`0` (is_featured and is_free_shipping are documented as 1 or 0). */
export function boolParam(q: URLSearchParams, key: string): boolean | undefined {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new QueryError(key, raw, 'boolean');
}

export function enumParam<T extends string>(
  q: URLSearchParams,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  const hit = allowed.find((a) => a.toLowerCase() === raw.toLowerCase());
  if (!hit) throw new QueryError(key, raw, `[${allowed.join(', ')}]`);
  return hit;
}

/**
 * The query with only the parameters an operation documents. BigCommerce ignores a filter it does not know, so a
 * request with one answers as if it had no filter (API-NOTES §9): the sandbox must do the same, or a client relying on
 * an undocumented filter passes here and fails on a real store.
 */
export function documentedOnly(q: URLSearchParams, documented: readonly string[]): URLSearchParams {
  const known = new Set(documented);
  const out = new URLSearchParams();
  for (const [key, value] of q) if (known.has(key)) out.append(key, value);
  return out;
}

export type Paging = { page: number; limit: number };

/**
 * `page` (1-based) and `limit` (default 50). Over the maximum, the sandbox clamps to it: the spec declares
 * `maximum: 250`, and whether the live API clamps or answers 413 is unverified (API-NOTES §7.3).
 */
export function pagingParams(q: URLSearchParams, maxLimit = 250, defaultLimit = 50): Paging {
  const page = intParam(q, 'page') ?? 1;
  const limit = intParam(q, 'limit') ?? defaultLimit;
  return { page: Math.max(1, page), limit: Math.min(Math.max(1, limit), maxLimit) };
}

export type FieldSelection = { include?: Set<string>; exclude?: Set<string> };

export function fieldSelectionParams(q: URLSearchParams): FieldSelection {
  const include = strListParam(q, 'include_fields');
  const exclude = strListParam(q, 'exclude_fields');
  return {
    ...(include && include.length > 0 ? { include: new Set(include) } : {}),
    ...(exclude && exclude.length > 0 ? { exclude: new Set(exclude) } : {}),
  };
}

/**
 * Applies include_fields / exclude_fields. The keys in `alwaysKept` (`id`) are returned whatever is asked for
 * [PROD IncludeFieldsParam, ExcludeFieldsParam].
 */
export function selectFields<T extends object>(
  obj: T,
  sel: FieldSelection,
  alwaysKept: readonly string[] = ['id'],
): Partial<T> {
  if (!sel.include && !sel.exclude) return obj;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const kept = alwaysKept.includes(key);
    if (!kept && sel.include && !sel.include.has(key)) continue;
    if (!kept && sel.exclude?.has(key)) continue;
    out[key] = value;
  }
  return out as Partial<T>;
}

/** Numeric range filters (`x`, `x:min`, `x:max`, `x:greater`, `x:less`, `x:in`, `x:not_in`) as one predicate. */
export function numericFilter(
  q: URLSearchParams,
  key: string,
  kind: 'integer' | 'number' = 'integer',
): ((v: number) => boolean) | undefined {
  const read = kind === 'integer' ? intParam : numParam;
  const eq = read(q, key);
  const min = read(q, `${key}:min`);
  const max = read(q, `${key}:max`);
  const greater = read(q, `${key}:greater`);
  const less = read(q, `${key}:less`);
  const inList = intListParam(q, `${key}:in`);
  const notIn = intListParam(q, `${key}:not_in`);
  const tests: ((v: number) => boolean)[] = [];
  if (eq !== undefined) tests.push((v) => v === eq);
  if (min !== undefined) tests.push((v) => v >= min);
  if (max !== undefined) tests.push((v) => v <= max);
  if (greater !== undefined) tests.push((v) => v > greater);
  if (less !== undefined) tests.push((v) => v < less);
  if (inList) {
    const set = new Set(inList);
    tests.push((v) => set.has(v));
  }
  if (notIn) {
    const set = new Set(notIn);
    tests.push((v) => !set.has(v));
  }
  return tests.length === 0 ? undefined : (v) => tests.every((t) => t(v));
}

/** Date filters (`x`, `x:min`, `x:max`) on BigCommerce date strings; values may be dates or date-times. */
export function dateFilter(q: URLSearchParams, key: string): ((v: string | null) => boolean) | undefined {
  const parse = (k: string) => {
    const raw = strParam(q, k);
    if (raw === undefined) return undefined;
    const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw);
    if (Number.isNaN(ms)) throw new QueryError(k, raw, 'date');
    return ms;
  };
  const eq = parse(key);
  const min = parse(`${key}:min`);
  const max = parse(`${key}:max`);
  if (eq === undefined && min === undefined && max === undefined) return undefined;
  return (v) => {
    if (v === null) return false;
    const ms = Date.parse(v);
    if (eq !== undefined && Math.floor(ms / 1000) !== Math.floor(eq / 1000)) return false;
    if (min !== undefined && ms < min) return false;
    if (max !== undefined && ms > max) return false;
    return true;
  };
}

/**
 * The order of a list the request did not ask to sort. BigCommerce documents an order only for `sort=` (e.g.
 * products_catalog.v3.yml SortParam 9534-9551, brands_catalog.v3.yml SortQuery 2701-2708); without it, the order is
 * not part of the contract. The sandbox answers in a fixed scramble of the ids: deterministic and stable (the same
 * request over an unchanged store gives the same order, so offset paging sees each item once, and a write does not
 * move an item), but neither id order nor creation order, so a client that relies on an order it did not ask for
 * fails here before it fails on a real store.
 */
export function unaskedOrder<T>(rows: readonly T[], idOf: (row: T) => number): T[] {
  return rows
    .map((row) => ({ row, id: idOf(row), key: scramble(idOf(row)) }))
    .sort((a, b) => a.key - b.key || a.id - b.id)
    .map((e) => e.row);
}

/** A 32-bit integer mix (the finaliser of MurmurHash3): neighbouring ids land far apart. */
function scramble(id: number): number {
  let h = id | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
