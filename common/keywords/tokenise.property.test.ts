import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createKeywordCounter,
  extractKeywords,
  keywordCounterFromJSON,
  STOP_WORDS,
  tokenise,
  type KeywordProduct,
  type KeywordSize,
} from './index';

// Text that looks like product descriptions at their worst: words (also stop-words, Vietnamese composed and
// decomposed, mixed case), digits, entities, tags, scripts and styles, emoji, punctuation and any Unicode at all.
const fragment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('oak', 'Walnut', 'TABLE', 'lamp', 'x', 'giày', 'Da', 'áo', 'sơ', 'mi'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('the', 'and', 'và', 'của', 'bao', 'giờ', 'bất', 'thình', 'lình', 'mug'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ' bao giờ ',
      ' túi bất thình lình ',
      ' bất kể ',
      ' vô hình trung ',
      ' tất tần tật ',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('gia\u0300y', 'A\u0301O', 'ta\u00adble', '\u212Aelvin', 'İstanbul'),
  },
  { weight: 2, arbitrary: fc.constantFrom('2024', '4K', '3d', '²', '½', '٣٤', 'x2', 'Ⅻ', 'ⓐ') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '&amp;',
      '&mdash;',
      '&rsquo;',
      '&nbsp;',
      '&#39;',
      '&#x41;',
      '&eacute;',
      '&bogus;',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '<p>',
      '</p>',
      '<br/>',
      '<b>',
      '</b>',
      '<li>',
      '<img src="a>b">',
      '<!-- c -->',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('<script>oak table</script>', '<style>.lamp{}</style>', '<', '</'),
  },
  { weight: 2, arbitrary: fc.constantFrom('🙂', '❤️', '1️⃣', '👍🏽', 'ℹ️', '🇻🇳', '👨‍👩‍👧') },
  { weight: 4, arbitrary: fc.constantFrom(' ', ' ', '. ', ', ', '\n', '-', "'", '…', '—', '/', '\t') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);
const text = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));
const product = fc.record({ name: text, description: text });

const codePoints = (s: string) => [...s].length;
const SIZES: KeywordSize[] = [1, 2, 3];

describe('tokenise (properties)', () => {
  it('keeps only tokens of 2+ characters with a letter, lower-case, NFC, no stop-word, no emoji', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('html' as const, 'text' as const), (input, kind) => {
        for (const token of tokenise(input, kind)) {
          expect(codePoints(token)).toBeGreaterThanOrEqual(2);
          expect(token).toMatch(/\p{L}/u);
          expect(token).not.toMatch(/^\p{N}+$/u);
          expect(token).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
          expect(token).not.toMatch(/\p{Extended_Pictographic}/u);
          expect(STOP_WORDS.has(token)).toBe(false);
          expect(token.normalize('NFC')).toBe(token);
          expect(token.toLowerCase()).toBe(token);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is idempotent on its own output joined with spaces', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('html' as const, 'text' as const), (input, kind) => {
        const once = tokenise(input, kind);
        expect(tokenise(once.join(' '), kind)).toEqual(once);
      }),
      { numRuns: 400 },
    );
  });

  it('builds phrases from its own tokens, in order', () => {
    fc.assert(
      fc.property(text, (input) => {
        const keywords = extractKeywords(input);
        expect(keywords[1]).toEqual(tokenise(input));
        const words = new Set(keywords[1]);
        for (const size of [2, 3] as const) {
          for (const phrase of keywords[size]) {
            const parts = phrase.split(' ');
            expect(parts).toHaveLength(size);
            for (const part of parts) expect(words.has(part)).toBe(true);
          }
        }
        expect(keywords[2].length).toBeLessThanOrEqual(Math.max(0, keywords[1].length - 1));
      }),
      { numRuns: 300 },
    );
  });
});

/** An independent count: the extracted keywords of each product, in a Map. */
function naiveCount(products: readonly KeywordProduct[], size: KeywordSize) {
  const counts = new Map<string, { titleCount: number; descriptionCount: number }>();
  const add = (keyword: string, field: 'titleCount' | 'descriptionCount') => {
    const entry = counts.get(keyword) ?? { titleCount: 0, descriptionCount: 0 };
    entry[field]++;
    counts.set(keyword, entry);
  };
  for (const p of products) {
    for (const k of extractKeywords(p.name, 'text')[size]) add(k, 'titleCount');
    for (const k of extractKeywords(p.description ?? '', 'html')[size]) add(k, 'descriptionCount');
  }
  return counts;
}

describe('counter (properties)', () => {
  it('adds up: the 1-word counts sum to the number of tokens of titles and of descriptions', () => {
    fc.assert(
      fc.property(fc.array(product, { maxLength: 8 }), (products) => {
        const counter = createKeywordCounter();
        for (const p of products) counter.addProduct(p);
        const entries = counter.entries(1);
        const titleTokens = products.reduce((n, p) => n + tokenise(p.name, 'text').length, 0);
        const descriptionTokens = products.reduce((n, p) => n + tokenise(p.description, 'html').length, 0);
        expect(entries.reduce((n, e) => n + e.titleCount, 0)).toBe(titleTokens);
        expect(entries.reduce((n, e) => n + e.descriptionCount, 0)).toBe(descriptionTokens);
      }),
      { numRuns: 200 },
    );
  });

  it('matches an independent count of the extracted keywords, for every size', () => {
    fc.assert(
      fc.property(fc.array(product, { maxLength: 8 }), (products) => {
        const counter = createKeywordCounter();
        for (const p of products) counter.addProduct(p);
        for (const size of SIZES) {
          const expected = naiveCount(products, size);
          const entries = counter.entries(size);
          expect(entries).toHaveLength(expected.size);
          for (const e of entries) {
            expect(expected.get(e.keyword)).toEqual({
              titleCount: e.titleCount,
              descriptionCount: e.descriptionCount,
            });
            expect(e.score).toBe(e.titleCount * 10_000 + e.descriptionCount);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('resumes from a snapshot at any point, with or without pruning, to the same result', () => {
    fc.assert(
      fc.property(
        fc.array(product, { maxLength: 10 }),
        fc.nat(10),
        fc.constantFrom(3, 8, 1_000),
        (products, cut, cap) => {
          const whole = createKeywordCounter({ maxKeywordsPerSize: cap });
          for (const p of products) whole.addProduct(p);
          const first = createKeywordCounter({ maxKeywordsPerSize: cap });
          for (const p of products.slice(0, cut)) first.addProduct(p);
          const resumed = keywordCounterFromJSON(JSON.parse(JSON.stringify(first.toJSON())));
          for (const p of products.slice(cut)) resumed.addProduct(p);
          for (const size of SIZES) {
            expect(resumed.entries(size)).toEqual(whole.entries(size));
            expect(resumed.distinct(size)).toBeLessThanOrEqual(cap);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
