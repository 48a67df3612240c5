// The pure rules of the Store History screen: sizes and dates for people, the order of the list, the pair compared by
// default, and how a changed field is shown (a readable text diff for long text, else before and after).
import type { Snapshot, SnapshotFieldChange } from '../../../common/contracts/store-history';
import { formatNumber } from '../../lib/number-format';
import { readableText } from '../../lib/readable-text';
import { diffWords, type TextDiffSegment } from './text-diff';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** '512 B', '1.5 KB', '12.3 MB' (base 1024, one decimal at most, the language's decimal mark: '1,5 KB' in Vietnamese). */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** A whole number with the language's grouping ('10,000'; '10.000' in Vietnamese): the app's one number format. */
export function formatCount(n: number, locale: string): string {
  return formatNumber(n, locale);
}

/** The date and time a snapshot was taken, in the reader's language and time zone. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Newest first (the server's order too; kept here so the screen never depends on it). */
export function newestFirst(snapshots: readonly Snapshot[]): Snapshot[] {
  return [...snapshots].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The snapshots that can be compared (complete ones), newest first. */
export function comparable(snapshots: readonly Snapshot[]): Snapshot[] {
  return newestFirst(snapshots.filter((snapshot) => snapshot.state === 'done'));
}

/** The `to` choice that compares with the store as it is now: a new snapshot of the same parts is taken first. */
export const LIVE = 'live';

/** A snapshot of what the user chose to keep (manual or scheduled), not the few items a write was about to touch. */
export const isFull = (snapshot: Snapshot) => snapshot.reason !== 'before-job';

/**
 * The pair compared by default (issue 44): the last full snapshot against the store now, so that the first question a
 * store manager asks, "what changed since I kept it?", is one click (a newer "Before a job" snapshot holds only what
 * that write touched, so comparing it shows nothing of the change); with only "Before a job" snapshots, the newest of
 * them against the store now; null with none. Two snapshots are compared by choosing them.
 */
export function defaultPair(snapshots: readonly Snapshot[]): { from: string; to: string } | null {
  const complete = comparable(snapshots);
  const from = complete.find(isFull) ?? complete[0];
  return from ? { from: from.id, to: LIVE } : null;
}

/** A value as text: null when there is none; text as it is; anything else as JSON. */
export function valueText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 80 ? JSON.stringify(value, null, 2) : json;
}

/** Text longer than this is compared word by word. */
export const LONG_TEXT_CHARS = 120;

/** A field's last name: `description` of `variants[sku=A].description`. */
const lastName = (path: string) =>
  path
    .split('.')
    .at(-1)
    ?.replace(/\[.*\]$/, '') ?? path;

export type FieldView =
  | { type: 'text'; segments: TextDiffSegment[] }
  | { type: 'values'; before: string | null; after: string | null };

/**
 * How a changed field is shown: a description, or any long text, as a readable word diff (its HTML as a person reads
 * it); anything else as its value before and after.
 */
export function fieldView(field: SnapshotFieldChange): FieldView {
  const before = field.before ?? '';
  const after = field.after ?? '';
  if (typeof before === 'string' && typeof after === 'string') {
    const isDescription = /description/i.test(lastName(field.path));
    if (isDescription || Math.max(before.length, after.length) > LONG_TEXT_CHARS) {
      return { type: 'text', segments: diffWords(readableText(before), readableText(after)) };
    }
  }
  return { type: 'values', before: valueText(field.before), after: valueText(field.after) };
}

/** A field's name as a person reads it when the locale has no label for it: `page_title` → "Page title". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A path's parts: `variants[sku=A.1].price` → `variants[sku=A.1]`, `price` (a dot inside brackets is no separator). */
function pathParts(path: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of path) {
    if (char === '[') depth += 1;
    if (char === ']') depth = Math.max(0, depth - 1);
    if (char === '.' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  return [...parts, current];
}

/**
 * A changed field's path as a person reads it (issue 44), each name by the locale's label or humanised, the element
 * an array entry names kept as it is: `variants[sku=A].price` → "Variants [sku=A] › Price". The server's own notes
 * ("(3 more fields)") stay as they are.
 */
export function fieldLabel(path: string, labels: Readonly<Record<string, string>>): string {
  if (path.startsWith('(')) return path;
  return pathParts(path)
    .map((part) => {
      const [, name = part, elements = ''] = /^([^[]*)(.*)$/.exec(part) ?? [];
      const label = name === '' ? '' : (labels[name] ?? humanise(name));
      return elements === '' ? label : `${label} ${elements}`.trim();
    })
    .join(' › ');
}

/** A rate the snapshot's progress saw, at a moment (ms). */
export type RateReading = { at: number; rate: number };

/** A time left is shown once the rate was read this many times, over this long, within this spread. */
export const STEADY_READINGS = 5;
export const STEADY_SPAN_MS = 10_000;
export const STEADY_SPREAD = 0.25;

/**
 * Whether the rate is steady enough for a time left (issue 44: "3 s left" at 6 s of a 32 s snapshot): the last
 * STEADY_READINGS rates span STEADY_SPAN_MS at least, and none is further than STEADY_SPREAD of their mean from it.
 */
export function isRateSteady(readings: readonly RateReading[]): boolean {
  const last = readings.slice(-STEADY_READINGS);
  const first = last[0];
  const newest = last.at(-1);
  if (last.length < STEADY_READINGS || !first || !newest) return false;
  if (newest.at - first.at < STEADY_SPAN_MS) return false;
  const mean = last.reduce((sum, reading) => sum + reading.rate, 0) / last.length;
  return mean > 0 && last.every((reading) => Math.abs(reading.rate - mean) <= STEADY_SPREAD * mean);
}

/** The readings kept after a new rate (the last STEADY_READINGS; a rate not read yet adds none). */
export function addRateReading(
  readings: readonly RateReading[],
  rate: number | undefined,
  at: number,
): RateReading[] {
  if (rate === undefined) return [...readings];
  return [...readings, { at, rate }].slice(-STEADY_READINGS);
}
