import { describe, expect, it } from 'vitest';
import type { KeywordProduct } from '../../../common/contracts/keyword-extractor';
import {
  createKeywordCounter,
  KEYWORD_CSV_HEADER,
  missingFromTitlesCsv,
  TOP_N,
  UTF8_BOM,
} from '../../../common/keywords';
import { createMemoryCountsStore } from './counts-store';
import { KeywordSession } from './keyword-session';
import { MAX_DESCRIPTION_TEXT } from './keyword-protocol';
import { countOccurrences, runsText, toProductRecord } from './product-records';
import { createKeywordClient, serveKeywordSession } from './worker-rpc';

const WORDS = ['leather', 'wallet', 'canvas', 'tote', 'brass', 'buckle', 'giày', 'da', 'handmade', 'gift'];

/** Products with repeated words, HTML, entities and Vietnamese, so every size has counts. */
function productsOf(page: number, count = 7): KeywordProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const n = page * 100 + i;
    const word = (k: number) => WORDS[(n + k) % WORDS.length] ?? 'x';
    return {
      id: n,
      name: `${word(0)} ${word(1)} ${word(2)}`,
      description: `<p>${word(1)} ${word(2)} ${word(3)} &amp; ${word(0)} ${word(1)}.</p><script>var hidden = 1;</script><ul><li>${word(4)} ${word(5)}</li></ul>`,
    };
  });
}

const count = (session: KeywordSession, page: number, processedBefore: number, countsFromPage = 1) =>
  session.count({
    kind: 'count',
    runId: 'run-1',
    page,
    products: productsOf(page),
    processedBefore,
    countsFromPage,
  });

describe('KeywordSession: counts saved with the position, Resume continues counting', () => {
  it('a run stopped after page 2 and read back in a new session ends with the counts of one straight run', async () => {
    const store = createMemoryCountsStore();
    const first = new KeywordSession(store);
    await first.reset();
    await count(first, 1, 0);
    await count(first, 2, 7);

    // A reload: a new worker reads the counts back.
    const second = new KeywordSession(store);
    const restored = await second.restore('run-1');
    expect(restored?.position).toEqual({ nextPage: 3, processedProducts: 14, countsFromPage: 1 });
    expect(restored?.view.products).toBe(14);
    await count(second, 3, 14);
    const view = await count(second, 4, 21);

    const straight = createKeywordCounter();
    for (const page of [1, 2, 3, 4]) {
      for (const product of productsOf(page)) straight.addProduct(product);
    }
    expect(view.products).toBe(28);
    expect(view.tables).toEqual([straight.top(TOP_N, 1), straight.top(TOP_N, 2), straight.top(TOP_N, 3)]);
    expect(view.tables[0].length).toBeGreaterThan(0);
    expect(view.tables[2].length).toBeGreaterThan(0);
    expect(second.csv(2)).toBe(UTF8_BOM + straight.toCsv(2));
    expect(view.isSaved).toBe(true);
  });

  it('counts of another run are not taken up (and are dropped)', async () => {
    const store = createMemoryCountsStore();
    const first = new KeywordSession(store);
    await count(first, 1, 0);
    const other = new KeywordSession(store);
    expect(await other.restore('run-2')).toBeNull();
    expect(store.entries.size).toBe(0);
    expect(other.view(true).products).toBe(0);
  });

  it('New (reset) clears the saved counts', async () => {
    const store = createMemoryCountsStore();
    const session = new KeywordSession(store);
    await count(session, 1, 0);
    expect(store.entries.size).toBe(2);
    await session.reset();
    expect(store.entries.size).toBe(0);
    expect(await new KeywordSession(store).restore('run-1')).toBeNull();
    expect(session.view(true)).toMatchObject({ products: 0, keywords: 0, tables: [[], [], []] });
  });

  it('a store that refuses to save still counts, and says the counts are not saved', async () => {
    const store = createMemoryCountsStore();
    store.write = () => Promise.reject(new Error('QuotaExceededError'));
    const view = await count(new KeywordSession(store), 1, 0);
    expect(view.isSaved).toBe(false);
    expect(view.products).toBe(7);
  });

  it('damaged counts are not taken up', async () => {
    const store = createMemoryCountsStore();
    await count(new KeywordSession(store), 1, 0);
    const checkpoint = store.entries.get('checkpoint') as Record<string, unknown>;
    store.entries.set('checkpoint', { ...checkpoint, snapshot: { version: 1, rules: 'other' } });
    expect(await new KeywordSession(store).restore('run-1')).toBeNull();
  });

  it('lists the products of a keyword with their title and description occurrences, across a resume', async () => {
    const store = createMemoryCountsStore();
    const first = new KeywordSession(store);
    await count(first, 1, 0);
    const second = new KeywordSession(store);
    await second.restore('run-1');
    const view = await count(second, 2, 7);
    for (const entry of [
      ...view.tables[0].slice(0, 5),
      ...view.tables[1].slice(0, 5),
      ...view.tables[2].slice(0, 3),
    ]) {
      const found = second.find(entry.keyword);
      // The products' occurrences add up to the table's counts.
      expect(
        found.products.reduce((sum, p) => sum + p.titleCount, 0),
        entry.keyword,
      ).toBe(entry.titleCount);
      expect(
        found.products.reduce((sum, p) => sum + p.descriptionCount, 0),
        entry.keyword,
      ).toBe(entry.descriptionCount);
      expect(found.searched).toBe(14);
    }
  });

  it('gives the ids of the products read, across a resume, for the report on page titles; and its CSV', async () => {
    const store = createMemoryCountsStore();
    const first = new KeywordSession(store);
    await count(first, 1, 0);
    const second = new KeywordSession(store);
    await second.restore('run-1');
    await count(second, 2, 7);
    // Page 2 read again (a Resume after a failure that had counted it): its ids are not repeated.
    await count(second, 2, 14);
    const ids = [...productsOf(1), ...productsOf(2)].map((product) => product.id);
    expect(second.ids()).toEqual({ ids, unlisted: 0 });
    await second.reset();
    expect(second.ids()).toEqual({ ids: [], unlisted: 0 });

    const lines = [
      {
        id: 3,
        name: 'Desk, oak',
        title: 'Desk "Oak"',
        topKeywords: ['walnut', 'brass'],
        missing: ['walnut'],
      },
    ];
    const csv = second.missingCsv(lines);
    expect(csv).toBe(UTF8_BOM + missingFromTitlesCsv(lines));
    expect(csv).toBe(
      `${UTF8_BOM}product_id,name,page_title,missing_keywords\r\n3,"Desk, oak","Desk ""Oak""",walnut\r\n`,
    );
  });
});

describe('product records', () => {
  it('keep the runs of adjacent words, so a phrase matches only where it was counted', () => {
    const text = runsText('<p>Leather wallet, brass buckle</p><p>wallet brass</p>', 'html').text;
    expect(text).toBe(' leather wallet | brass buckle | wallet brass ');
    expect(countOccurrences(text, 'wallet')).toBe(2);
    expect(countOccurrences(text, 'wallet brass')).toBe(1);
    expect(countOccurrences(text, 'leather wallet brass')).toBe(0);
    expect(countOccurrences(' a a a ', 'a a')).toBe(2);
  });

  it('cut long descriptions at a word, within the limit', () => {
    const long = Array.from({ length: 2_000 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}`).join(
      ' ',
    );
    const record = toProductRecord({ id: 1, name: 'Leather Wallet', description: long });
    expect(record.isCut).toBe(true);
    expect(record.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_TEXT);
    expect(record.description.endsWith(' ')).toBe(true);
    const words = record.description.split(/[ |]+/).filter(Boolean);
    expect(words.length).toBeGreaterThan(400);
    expect(words.every((w) => /^word[a-z]$/.test(w))).toBe(true);
    expect(record.title).toBe(' leather wallet ');
  });
});

describe('the worker messages', () => {
  it('answer each request in order over a message port', async () => {
    const channel = new MessageChannel();
    serveKeywordSession(channel.port2, new KeywordSession(createMemoryCountsStore()));
    const client = createKeywordClient(channel.port1);
    channel.port1.start();
    channel.port2.start();
    try {
      expect(await client.call({ kind: 'reset' })).toBeNull();
      const [one, two] = await Promise.all([
        client.call({
          kind: 'count',
          runId: 'r',
          page: 1,
          products: productsOf(1),
          processedBefore: 0,
          countsFromPage: 1,
        }),
        client.call({
          kind: 'count',
          runId: 'r',
          page: 2,
          products: productsOf(2),
          processedBefore: 7,
          countsFromPage: 1,
        }),
      ]);
      expect([one.products, two.products]).toEqual([7, 14]);
      const csv = await client.call({ kind: 'csv', size: 1 });
      expect(csv.startsWith(`${UTF8_BOM}${KEYWORD_CSV_HEADER}\r\n`)).toBe(true);
      expect(await client.call({ kind: 'ids' })).toEqual({
        ids: [...productsOf(1), ...productsOf(2)].map((product) => product.id),
        unlisted: 0,
      });
      expect(await client.call({ kind: 'missing-csv', lines: [] })).toBe(
        `${UTF8_BOM}product_id,name,page_title,missing_keywords\r\n`,
      );
      client.close();
      await expect(client.call({ kind: 'reset' })).rejects.toThrow('The keyword worker has stopped');
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });
});
