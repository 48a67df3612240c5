// When a daily schedule runs, for people (issue 44): its UTC hour in the reader's own time, and the next run. The
// server's tick takes a store's snapshot once a day during its UTC hour (snapshot-schedules.ts), so the next run is
// today's hour if it has not passed or is under way without a run yet, else tomorrow's.

const HOUR_MS = 60 * 60 * 1000;

/** The start of `hour` (UTC) on the UTC day of `day`. */
function atUtcHour(day: Date, hour: number): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour));
}

/** The start of the hour the next scheduled snapshot is taken in. */
export function nextRunAt(hour: number, now: Date, lastRunAt: string | null): Date {
  const today = atUtcHour(now, hour);
  const ranToday = lastRunAt !== null && new Date(lastRunAt).getTime() >= today.getTime();
  if (!ranToday && now.getTime() < today.getTime() + HOUR_MS) return today;
  return new Date(today.getTime() + 24 * HOUR_MS);
}

/** `hour`:00 UTC as the reader's clock reads it ('09:00'), or null where the reader's clock is UTC. */
export function localHourText(hour: number, now: Date, language: string, timeZone?: string): string | null {
  const format = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const at = atUtcHour(now, hour);
  const utc = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  const local = format.format(at);
  return local === utc && format.resolvedOptions().timeZone === 'UTC' ? null : local;
}

/** A date and time in the reader's language and time zone, with the zone's name ('Nov 30, 2026, 09:00 GMT+7'). */
export function localDateTime(at: Date, language: string, timeZone?: string): string {
  return at.toLocaleString(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  });
}
