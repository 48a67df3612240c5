import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime (spec part 2 §9)', () => {
  it('reads under a minute, and a clock slightly ahead, as just now', () => {
    expect(relativeTime(ago(0), now)).toEqual({ kind: 'justNow' });
    expect(relativeTime(ago(59_999), now)).toEqual({ kind: 'justNow' });
    expect(relativeTime(ago(-5_000), now)).toEqual({ kind: 'justNow' });
  });

  it('counts whole minutes under an hour, whole hours under a day', () => {
    expect(relativeTime(ago(MIN), now)).toEqual({ kind: 'minutes', n: 1 });
    expect(relativeTime(ago(59 * MIN + 59_000), now)).toEqual({ kind: 'minutes', n: 59 });
    expect(relativeTime(ago(HOUR), now)).toEqual({ kind: 'hours', n: 1 });
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toEqual({ kind: 'hours', n: 23 });
  });

  it('says Yesterday for one whole day, days under 7, then the date', () => {
    expect(relativeTime(ago(DAY), now)).toEqual({ kind: 'yesterday' });
    expect(relativeTime(ago(2 * DAY - 1), now)).toEqual({ kind: 'yesterday' });
    expect(relativeTime(ago(2 * DAY), now)).toEqual({ kind: 'days', n: 2 });
    expect(relativeTime(ago(7 * DAY - 1), now)).toEqual({ kind: 'days', n: 6 });
    expect(relativeTime(ago(7 * DAY), now)).toEqual({ kind: 'date', date: ago(7 * DAY) });
  });

  it('takes an ISO string as the server sends it', () => {
    expect(relativeTime('2026-11-23T11:55:00.000Z', now)).toEqual({ kind: 'minutes', n: 5 });
  });
});
