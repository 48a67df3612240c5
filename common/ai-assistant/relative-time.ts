// The history sidebar's relative time labels (spec part 2 §9): 'Just now', '{n}m ago', '{n}h ago', 'Yesterday',
// '{n}d ago' under 7 days, else a date. Whole minutes, hours and days, rounded down.

export type RelativeTime =
  | { kind: 'justNow' }
  | { kind: 'minutes'; n: number }
  | { kind: 'hours'; n: number }
  | { kind: 'yesterday' }
  | { kind: 'days'; n: number }
  | { kind: 'date'; date: Date };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function relativeTime(at: Date | string, now: Date): RelativeTime {
  const date = typeof at === 'string' ? new Date(at) : at;
  // A clock a little ahead of this one reads as now.
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  const minutes = Math.floor(elapsed / MINUTE_MS);
  const hours = Math.floor(elapsed / HOUR_MS);
  const days = Math.floor(elapsed / DAY_MS);
  if (minutes < 1) return { kind: 'justNow' };
  if (minutes < 60) return { kind: 'minutes', n: minutes };
  if (hours < 24) return { kind: 'hours', n: hours };
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'days', n: days };
  return { kind: 'date', date };
}
