import { describe, expect, it } from 'vitest';
import { localDateTime, localHourText, nextRunAt } from './schedule-times';

const at = (iso: string) => new Date(iso);

describe('nextRunAt', () => {
  it('is today’s hour before it comes, and during it until it has run', () => {
    expect(nextRunAt(2, at('2026-11-30T01:10:00Z'), null).toISOString()).toBe('2026-11-30T02:00:00.000Z');
    expect(nextRunAt(2, at('2026-11-30T02:30:00Z'), '2026-11-29T02:01:00Z').toISOString()).toBe(
      '2026-11-30T02:00:00.000Z',
    );
  });

  it('is tomorrow’s once today’s has run or passed', () => {
    expect(nextRunAt(2, at('2026-11-30T02:30:00Z'), '2026-11-30T02:01:00Z').toISOString()).toBe(
      '2026-12-01T02:00:00.000Z',
    );
    expect(nextRunAt(2, at('2026-11-30T05:00:00Z'), null).toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(nextRunAt(23, at('2026-12-31T23:59:00Z'), '2026-12-31T23:00:05Z').toISOString()).toBe(
      '2027-01-01T23:00:00.000Z',
    );
  });
});

describe('localHourText and localDateTime', () => {
  it('reads a UTC hour on the reader’s clock, and nothing more where the clock is UTC', () => {
    const now = at('2026-11-30T00:00:00Z');
    expect(localHourText(2, now, 'en', 'Asia/Ho_Chi_Minh')).toBe('09:00');
    expect(localHourText(20, now, 'vi', 'Asia/Ho_Chi_Minh')).toBe('03:00');
    expect(localHourText(2, now, 'en', 'America/New_York')).toBe('21:00');
    expect(localHourText(2, now, 'en', 'UTC')).toBeNull();
  });

  it('names the zone of a date and time', () => {
    expect(localDateTime(at('2026-11-30T02:00:00Z'), 'en', 'Asia/Ho_Chi_Minh')).toBe(
      'Nov 30, 2026, 09:00 GMT+7',
    );
  });
});
