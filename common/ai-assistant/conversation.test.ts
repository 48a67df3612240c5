import { describe, expect, it } from 'vitest';
import { contextWindow, isSendable, titleFromQuestion } from './conversation';

describe('contextWindow (spec part 2 §9: the last 10 messages)', () => {
  it('keeps the last 10, oldest first, and fewer when there are fewer', () => {
    const history = Array.from({ length: 25 }, (_, i) => i);
    expect(contextWindow(history)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(contextWindow([1, 2, 3])).toEqual([1, 2, 3]);
    expect(contextWindow([], 10)).toEqual([]);
    expect(contextWindow([1, 2], 0)).toEqual([]);
  });
});

describe('isSendable (spec part 2 §5)', () => {
  it('refuses empty and white-space-only messages', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable('  \n\t ')).toBe(false);
    expect(isSendable(' hi ')).toBe(true);
  });
});

describe('titleFromQuestion', () => {
  it('takes the first non-blank line, white space folded', () => {
    expect(titleFromQuestion('\n\n  How do   I add a widget?\nsecond line')).toBe('How do I add a widget?');
  });

  it('cuts a long question at a word, at most 60 characters with the ellipsis', () => {
    const title = titleFromQuestion(
      'Why does my Stencil theme refuse a custom Handlebars helper that I wrote for the product page?',
    );
    expect(title).toBe('Why does my Stencil theme refuse a custom Handlebars helper…');
    expect(Array.from(title).length).toBeLessThanOrEqual(60);
  });

  it('cuts a word that never ends, and counts letters not code units', () => {
    expect(titleFromQuestion('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(Array.from(titleFromQuestion('🙂'.repeat(80))).length).toBe(60);
  });
});
