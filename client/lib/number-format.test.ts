import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format';

describe('formatNumber', () => {
  it('groups thousands and marks decimals as each language does', () => {
    expect(formatNumber(1260, 'en')).toBe('1,260');
    expect(formatNumber(1260, 'vi')).toBe('1.260');
    expect(formatNumber(9.5, 'en', 1)).toBe('9.5');
    expect(formatNumber(9.5, 'vi', 1)).toBe('9,5');
    expect(formatNumber(0, 'vi', 1)).toBe('0,0');
  });

  it('leaves numbers under a thousand as they were', () => {
    expect(formatNumber(166, 'en')).toBe('166');
    expect(formatNumber(166, 'vi')).toBe('166');
    expect(formatNumber(2.46, 'en')).toBe('2.5');
  });
});
