// Query-string parsing for the content routes. A bad value answers 422 with the title BigCommerce uses for it:
// `Query parameter "limit" value must be integer. For input string: "a".` ([CHAN getChannels], API-NOTES §2).
import { ContentError } from './content-state';

export const DEFAULT_LIMIT = 50;

export type QueryReader = (name: string) => string | undefined;

function badInteger(name: string, raw: string): ContentError {
  return new ContentError(
    422,
    `Query parameter "${name}" value must be integer. For input string: "${raw}".`,
  );
}

/** An optional integer parameter; `min` bounds it from below. */
export function intParam(query: QueryReader, name: string, min = 1): number | undefined {
  const raw = query(name);
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw badInteger(name, raw);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw badInteger(name, raw);
  if (value < min) {
    throw new ContentError(
      422,
      `Query parameter "${name}" value must be at least ${min}. For input string: "${raw}".`,
    );
  }
  return value;
}

/** `page` (default 1) and `limit` (default 50; [WID] declares no maximum). */
export function pagingParams(query: QueryReader): { page: number; limit: number } {
  return { page: intParam(query, 'page') ?? 1, limit: intParam(query, 'limit') ?? DEFAULT_LIMIT };
}

/** A comma-separated list such as `name:in=a,b`; empty entries are dropped. */
export function listParam(query: QueryReader, name: string): string[] | undefined {
  const raw = query(name);
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A comma-separated list of integers such as `channel_id:in=1,2`. */
export function intListParam(query: QueryReader, name: string): number[] | undefined {
  const entries = listParam(query, name);
  if (entries === undefined) return undefined;
  return entries.map((entry) => {
    if (!/^\d+$/.test(entry)) throw badInteger(name, entry);
    return Number(entry);
  });
}
