import { describe, expect, it } from 'vitest';
import { countChangedWords, diffWords, MAX_DIFF_CELLS, tokenize, type TextDiffSegment } from './text-diff';

const side = (segments: TextDiffSegment[], skip: 'added' | 'removed') =>
  segments
    .filter((s) => s.type !== skip)
    .map((s) => s.text)
    .join('');

/** "[-removed-][+added+]" around the changes: the diff as a person reads it. */
const marked = (segments: TextDiffSegment[]) =>
  segments
    .map((s) => (s.type === 'same' ? s.text : s.type === 'removed' ? `[-${s.text}-]` : `[+${s.text}+]`))
    .join('');

describe('diffWords', () => {
  it('marks one replaced word', () => {
    expect(marked(diffWords('A soft cotton shirt', 'A soft linen shirt'))).toBe(
      'A soft [-cotton-][+linen+] shirt',
    );
  });

  it('marks added and removed words', () => {
    expect(marked(diffWords('Warm and dry', 'Warm, light and dry'))).toBe('[-Warm-][+Warm, light+] and dry');
    expect(marked(diffWords('Made in Portugal by hand', 'Made in Portugal'))).toBe(
      'Made in Portugal[- by hand-]',
    );
  });

  it('gathers a run of changed words into one replacement', () => {
    expect(marked(diffWords('Ships in two days', 'Ships within one week'))).toBe(
      'Ships [-in two days-][+within one week+]',
    );
  });

  it('keeps both texts whole: same and removed give the old one, same and added the new one', () => {
    const pairs: Array<[string, string]> = [
      ['', 'New text'],
      ['Old text', ''],
      ['a b c d e', 'a x c y e'],
      ['  spaced   out  ', 'spaced in'],
      ['one two three four five six', 'six five four three two one'],
      ['Same', 'Same'],
    ];
    for (const [before, after] of pairs) {
      const segments = diffWords(before, after);
      expect(side(segments, 'added')).toBe(before);
      expect(side(segments, 'removed')).toBe(after);
    }
  });

  it('answers one same segment for equal texts, nothing for two empty ones', () => {
    expect(diffWords('No change here', 'No change here')).toEqual([{ type: 'same', text: 'No change here' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('shows a too large middle as one removal and one addition', () => {
    const size = Math.ceil(Math.sqrt(MAX_DIFF_CELLS));
    const before = Array.from({ length: size }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: size }, (_, i) => `b${i}`).join(' ');
    const segments = diffWords(`Start ${before} end`, `Start ${after} end`);
    expect(segments.map((s) => s.type)).toEqual(['same', 'removed', 'added', 'same']);
    expect(segments[1]?.text).toBe(before);
    expect(segments[2]?.text).toBe(after);
  });
});

describe('tokenize and countChangedWords', () => {
  it('splits words from the white space between them', () => {
    expect(tokenize('Hi  there\nyou')).toEqual(['Hi', '  ', 'there', '\n', 'you']);
  });

  it('counts the words added and removed', () => {
    expect(countChangedWords(diffWords('Ships in two days', 'Ships within one week now'))).toEqual({
      added: 4,
      removed: 3,
    });
  });
});
