import { describe, expect, it } from 'vitest';
import {
  compareKeywordEntries,
  createKeywordCounter,
  csvField,
  KEYWORD_RULES_VERSION,
  keywordCounterFromJSON,
  keywordScore,
  keywordsCsv,
  keywordsCsvFile,
  keywordsCsvFileName,
  KeywordSnapshotError,
  SCORE_TITLE_WEIGHT,
  TOP_N,
  type KeywordProduct,
} from './index';

const roundTrip = <T>(value: T): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe('score', () => {
  it('is title count x 10,000 + description count', () => {
    expect(SCORE_TITLE_WEIGHT).toBe(10_000);
    expect(TOP_N).toBe(30);
    expect(keywordScore(2, 5)).toBe(20_005);
    expect(keywordScore(0, 9_999)).toBeLessThan(keywordScore(1, 0));
  });

  it('counts every occurrence, in the name as title and in the description', () => {
    const counter = createKeywordCounter();
    counter.addProduct({ name: 'Oak Table', description: '<p>Solid oak. Oiled oak table.</p>' });
    counter.addProduct({ name: 'Oak oak shelf', description: null });
    expect(counter.products).toBe(2);
    expect(counter.top(3, 1)).toEqual([
      { keyword: 'oak', titleCount: 3, descriptionCount: 2, score: 30_002 },
      { keyword: 'table', titleCount: 1, descriptionCount: 1, score: 10_001 },
      { keyword: 'shelf', titleCount: 1, descriptionCount: 0, score: 10_000 },
    ]);
    expect(counter.top(TOP_N, 2)).toEqual([
      { keyword: 'oak table', titleCount: 1, descriptionCount: 1, score: 10_001 },
      { keyword: 'oak oak', titleCount: 1, descriptionCount: 0, score: 10_000 },
      { keyword: 'oak shelf', titleCount: 1, descriptionCount: 0, score: 10_000 },
      { keyword: 'oiled oak', titleCount: 0, descriptionCount: 1, score: 1 },
      { keyword: 'solid oak', titleCount: 0, descriptionCount: 1, score: 1 },
    ]);
    expect(counter.top(TOP_N, 3).map((e) => e.keyword)).toEqual(['oak oak shelf', 'oiled oak table']);
    expect([counter.distinct(1), counter.distinct(2), counter.distinct(3)]).toEqual([5, 5, 2]);
  });
});

describe('top 30', () => {
  it('orders by score, then keyword, and keeps 30', () => {
    const counter = createKeywordCounter();
    // 40 words "wa".."wn" etc. with counts that tie in groups.
    const words = Array.from({ length: 40 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${i}`);
    words.forEach((word, i) => {
      for (let k = 0; k < (i % 5) + 1; k++) counter.addProduct({ name: 'item', description: word });
      if (i % 7 === 0) counter.addProduct({ name: word, description: '' });
    });
    const top = counter.top(TOP_N, 1);
    const all = counter.entries(1);
    expect(top).toHaveLength(30);
    expect(all).toHaveLength(41);
    expect(top).toEqual([...all].sort(compareKeywordEntries).slice(0, 30));
    expect(all).toEqual([...all].sort(compareKeywordEntries));
    expect(top[0]).toEqual({ keyword: 'item', titleCount: 120, descriptionCount: 0, score: 1_200_000 });
    // Ties are alphabetical (code-unit order).
    const fives = top.filter((e) => e.score === 5).map((e) => e.keyword);
    expect(fives).toEqual([...fives].sort());
    expect(fives.length).toBeGreaterThan(1);
  });

  it('gives fewer rows when there are fewer keywords, and none for n = 0', () => {
    const counter = createKeywordCounter();
    counter.addProduct({ name: 'Lamp', description: '' });
    expect(counter.top(30, 1)).toHaveLength(1);
    expect(counter.top(30, 2)).toEqual([]);
    expect(counter.top(0, 1)).toEqual([]);
  });
});

describe('CSV', () => {
  it('quotes fields per RFC 4180', () => {
    expect(csvField('oak table')).toBe('oak table');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(10_001)).toBe('10001');
    expect(keywordsCsv([{ keyword: 'a,"b"', score: 3 }])).toBe('keyword,score\r\n"a,""b""",3\r\n');
  });

  it('writes keyword,score in rank order, all keywords or the top n', () => {
    const counter = createKeywordCounter();
    counter.addProduct({ name: 'Giày da', description: '<p>giày đẹp, da</p>' });
    expect(counter.toCsv(1)).toBe('keyword,score\r\nda,10001\r\ngiày,10001\r\nđẹp,1\r\n');
    expect(counter.toCsv(1, 1)).toBe('keyword,score\r\nda,10001\r\n');
    expect(counter.toCsv(3)).toBe('keyword,score\r\n');
  });

  it('names the files keywords_{n}word_{timestamp}.csv, with a BOM for Excel', () => {
    const date = new Date('2024-06-11T09:05:03.120Z');
    expect(keywordsCsvFileName(1, date)).toBe('keywords_1word_2024-06-11T09-05-03-120Z.csv');
    expect(keywordsCsvFileName(2, date)).toBe('keywords_2word_2024-06-11T09-05-03-120Z.csv');
    expect(keywordsCsvFileName(3, date)).toBe('keywords_3word_2024-06-11T09-05-03-120Z.csv');
    const counter = createKeywordCounter();
    counter.addProduct({ name: 'Lamp', description: '' });
    expect(keywordsCsvFile(counter, 1, date)).toEqual({
      name: 'keywords_1word_2024-06-11T09-05-03-120Z.csv',
      type: 'text/csv;charset=utf-8',
      content: '\uFEFFkeyword,score\r\nlamp,10000\r\n',
    });
  });
});

const PRODUCTS: KeywordProduct[] = Array.from({ length: 60 }, (_, i) => ({
  name: `Oak ${['table', 'shelf', 'lamp', 'chair'][i % 4]} ${i % 7 === 0 ? 'Giày da' : 'walnut'} n${i % 11}`,
  description:
    `<p>Solid oak w${i} and walnut x${i % 13}. Hand finished w${(i * 7) % 17} oil.</p>` +
    `<ul><li>Made in small batches</li><li>túi bao giờ y${i % 5}, vô hình trung</li></ul>`,
}));

describe('snapshot', () => {
  it('survives JSON and goes on counting as if never stopped', () => {
    const whole = createKeywordCounter();
    for (const product of PRODUCTS) whole.addProduct(product);
    const first = createKeywordCounter();
    for (const product of PRODUCTS.slice(0, 25)) first.addProduct(product);
    const resumed = keywordCounterFromJSON(roundTrip(first.toJSON()));
    expect(resumed.products).toBe(25);
    expect(resumed.entries(2)).toEqual(first.entries(2));
    for (const product of PRODUCTS.slice(25)) resumed.addProduct(product);
    expect(resumed.products).toBe(60);
    for (const size of [1, 2, 3] as const) expect(resumed.entries(size)).toEqual(whole.entries(size));
    expect(resumed.toJSON().rules).toBe(KEYWORD_RULES_VERSION);
  });

  it('rejects what is not a snapshot, or one counted under other rules', () => {
    expect(() => keywordCounterFromJSON({ version: 1 })).toThrow(KeywordSnapshotError);
    expect(() => keywordCounterFromJSON(null)).toThrow(KeywordSnapshotError);
    const snapshot = createKeywordCounter().toJSON();
    expect(() => keywordCounterFromJSON({ ...snapshot, rules: 'kw-0' })).toThrow(/other rules/);
    const bad = { ...snapshot, keywords: [[['two words', 1, 0]], [], []] };
    expect(() => keywordCounterFromJSON(bad)).toThrow(/not a 1-word keyword/);
    for (const entry of [['oak', -1, 0], ['oak', 1.5, 0], ['', 1, 0], ['oak', 1], 'oak']) {
      expect(() => keywordCounterFromJSON({ ...snapshot, keywords: [[entry], [], []] })).toThrow(
        KeywordSnapshotError,
      );
    }
  });
});

describe('bounded memory', () => {
  it('keeps at most the cap per size, dropping the rarest', () => {
    const counter = createKeywordCounter({ maxKeywordsPerSize: 20 });
    // "common" in every product; "wN" once each; "keep" twice per product.
    for (let i = 0; i < 100; i++)
      counter.addProduct({ name: `common keep${i % 3}`, description: `w${i} keep${i % 3}` });
    for (const size of [1, 2, 3] as const) expect(counter.distinct(size)).toBeLessThanOrEqual(20);
    expect(counter.top(4, 1).map((e) => [e.keyword, e.titleCount, e.descriptionCount])).toEqual([
      ['common', 100, 0],
      ['keep0', 34, 34],
      ['keep1', 33, 33],
      ['keep2', 33, 33],
    ]);
  });

  it('prunes the same way whether resumed or not', () => {
    const options = { maxKeywordsPerSize: 24 };
    const whole = createKeywordCounter(options);
    for (const product of PRODUCTS) whole.addProduct(product);
    let counter = createKeywordCounter(options);
    for (let i = 0; i < PRODUCTS.length; i++) {
      counter.addProduct(PRODUCTS[i]!);
      if (i % 9 === 4) counter = keywordCounterFromJSON(roundTrip(counter.toJSON()));
    }
    for (const size of [1, 2, 3] as const) {
      expect(counter.distinct(size)).toBeLessThanOrEqual(24);
      expect(counter.entries(size)).toEqual(whole.entries(size));
    }
  });
});
