import { describe, expect, it } from 'vitest';
import {
  citedPassages,
  composeOfflineAnswer,
  OFFLINE_NO_MATCH,
  OFFLINE_NOTICE,
  quote,
  sourcesFooter,
} from './answer';

const passage = (n: number, text = `Text of passage ${n}.`) => ({
  id: `file#p${n}`,
  title: `Passage ${n}`,
  text,
});

describe('composeOfflineAnswer', () => {
  it('says it is offline, quotes the best 3 passages with their numbers and lists them as sources', () => {
    const { text, sources } = composeOfflineAnswer([1, 2, 3, 4].map((n) => passage(n)));
    expect(text.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(text).toContain('### [1] Passage 1\n\nText of passage 1.');
    expect(text).toContain('### [3] Passage 3');
    expect(text).not.toContain('Passage 4');
    expect(text.endsWith('**Sources**\n\n- [1] Passage 1\n- [2] Passage 2\n- [3] Passage 3')).toBe(true);
    expect(sources).toEqual([
      { id: 'file#p1', title: 'Passage 1' },
      { id: 'file#p2', title: 'Passage 2' },
      { id: 'file#p3', title: 'Passage 3' },
    ]);
  });

  it('says so when nothing matches, and cites nothing', () => {
    expect(composeOfflineAnswer([])).toEqual({
      text: `${OFFLINE_NOTICE}\n\n${OFFLINE_NO_MATCH}`,
      sources: [],
    });
  });
});

describe('quote', () => {
  it('keeps a short text and cuts a long one at a paragraph or a sentence', () => {
    expect(quote('  short  ', 10)).toBe('short');
    expect(quote(`${'a'.repeat(50)}\n\n${'b'.repeat(80)}`, 100)).toBe(`${'a'.repeat(50)}\n\n…`);
    expect(quote(`${'a'.repeat(50)}. ${'b'.repeat(80)}`, 100)).toBe(`${'a'.repeat(50)}. …`);
    expect(quote('c'.repeat(200), 100)).toBe(`${'c'.repeat(100)}…`);
  });
});

describe('citedPassages', () => {
  const passages = [1, 2, 3].map((n) => passage(n));
  it('keeps the passages cited as [n], with their numbers', () => {
    expect(citedPassages('Use batches of 10 [2]. See also [3] and [2].', passages)).toEqual([
      { passage: passages[1], n: 2 },
      { passage: passages[2], n: 3 },
    ]);
  });

  it('takes all passages when none is cited, and ignores numbers out of range', () => {
    expect(citedPassages('No citation [9] here', passages).map((c) => c.n)).toEqual([1, 2, 3]);
  });
});

describe('sourcesFooter', () => {
  it('is empty without sources, else a rule and a numbered list', () => {
    expect(sourcesFooter([])).toBe('');
    expect(sourcesFooter([{ id: 'a', title: 'A' }], [2])).toBe('\n\n---\n\n**Sources**\n\n- [2] A');
  });
});
