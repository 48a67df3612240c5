import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { relativeTimeText } from './chat-sidebar';

const now = new Date('2026-11-23T12:00:00.000Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('relativeTimeText (spec part 2 §9)', () => {
  it('reads the spec’s labels in English', () => {
    const { t } = createI18n('en');
    expect([0, 5, 90, 24 * 60, 3 * 24 * 60].map((m) => relativeTimeText(ago(m), now, t, 'en'))).toEqual([
      'Just now',
      '5m ago',
      '1h ago',
      'Yesterday',
      '3d ago',
    ]);
    expect(relativeTimeText('2026-11-01T10:00:00.000Z', now, t, 'en')).toBe(
      new Date('2026-11-01T10:00:00.000Z').toLocaleDateString('en'),
    );
  });

  it('and in Vietnamese', () => {
    const { t } = createI18n('vi');
    expect(relativeTimeText(ago(5), now, t, 'vi')).toBe('5 phút trước');
    expect(relativeTimeText(ago(24 * 60), now, t, 'vi')).toBe('Hôm qua');
  });
});
