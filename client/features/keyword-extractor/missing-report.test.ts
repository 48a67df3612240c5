import { describe, expect, it } from 'vitest';
import { MISSING_REPORT_BATCH } from '../../../common/contracts/keyword-extractor';
import { keywordsCsvFileName, missingFromTitles, type MissingFromTitle } from '../../../common/keywords';
import { compareReportLines, idBatches, missingTitlesCsvFileName, runMissingReport } from './missing-report';

const line = (id: number, missing: string[]): MissingFromTitle => ({
  id,
  name: `Product ${id}`,
  title: `Product ${id}`,
  topKeywords: missing,
  missing,
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the report on page titles: batches and file name', () => {
  it('cuts the ids into batches of 250 (the call takes at most that many), each id once, order kept', () => {
    expect(MISSING_REPORT_BATCH).toBe(250);
    const batches = idBatches(range(1, 1260));
    expect(batches.map((batch) => batch.length)).toEqual([250, 250, 250, 250, 250, 10]);
    expect(batches.flat()).toEqual(range(1, 1260));
    expect(idBatches([5, 3, 5, 9, 3, 1], 2)).toEqual([
      [5, 3],
      [9, 1],
    ]);
    expect(idBatches([])).toEqual([]);
    expect(idBatches(range(1, 250))).toHaveLength(1);
    expect(idBatches(range(1, 251))).toHaveLength(2);
    expect(() => idBatches([1], 0)).toThrow(RangeError);
  });

  it('names the CSV keywords_missing_titles_{timestamp}.csv with the timestamp of the keyword CSVs', () => {
    const date = new Date('2026-04-01T09:05:03.120Z');
    expect(missingTitlesCsvFileName(date)).toBe('keywords_missing_titles_2026-04-01T09-05-03-120Z.csv');
    const stamp = keywordsCsvFileName(1, date).replace(/^keywords_1word_/, '');
    expect(missingTitlesCsvFileName(date)).toBe(`keywords_missing_titles_${stamp}`);
  });

  it('sorts as the server sorts: most missing first, then by id', () => {
    const products = [
      { id: 9, name: 'Lamp', description: '<p>Brass lamp, linen shade.</p>', page_title: '' },
      { id: 2, name: 'Desk', description: '<p>Oak desk, walnut legs, brass feet.</p>', page_title: '' },
      { id: 4, name: 'Chair', description: '<p>Brass chair, linen seat.</p>', page_title: '' },
    ];
    const server = missingFromTitles(products);
    expect([...server].reverse().sort(compareReportLines)).toEqual(server);
  });
});

describe('runMissingReport', () => {
  it('sends the batches one after the other, reports progress, and joins the answers in the server order', async () => {
    const calls: number[][] = [];
    let open = 0;
    const progress: Array<[number, number]> = [];
    const report = await runMissingReport({
      ids: [...range(1, 5), 3],
      batchSize: 2,
      fetchBatch: async (ids) => {
        open++;
        expect(open).toBe(1);
        calls.push(ids);
        await new Promise((resolve) => setTimeout(resolve, 1));
        open--;
        // The store lacks product 4; products 1, 3 and 5 lack keywords (5 the most).
        return {
          checked: ids.filter((id) => id !== 4).length,
          lines: ids.filter((id) => id % 2 === 1).map((id) => line(id, id === 5 ? ['a', 'b'] : ['a'])),
        };
      },
      onProgress: (done, total) => progress.push([done, total]),
      signal: new AbortController().signal,
    });
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
    expect(progress).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    expect(report).toEqual({
      sent: 5,
      checked: 4,
      lines: [line(5, ['a', 'b']), line(1, ['a']), line(3, ['a'])],
    });
  });

  it('stops at a cancel: the call under way is aborted, no further batch goes, the answer is null', async () => {
    const controller = new AbortController();
    const calls: number[][] = [];
    const report = await runMissingReport({
      ids: range(1, 6),
      batchSize: 2,
      fetchBatch: (ids, signal) => {
        calls.push(ids);
        if (calls.length === 2) {
          return new Promise((_, reject) => {
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            controller.abort();
          });
        }
        return Promise.resolve({ checked: ids.length, lines: [] });
      },
      signal: controller.signal,
    });
    expect(report).toBeNull();
    expect(calls).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('a failed call rejects with its error and sends nothing more', async () => {
    const calls: number[][] = [];
    const failure = new Error('Store is down');
    await expect(
      runMissingReport({
        ids: range(1, 6),
        batchSize: 2,
        fetchBatch: (ids) => {
          calls.push(ids);
          return calls.length === 2
            ? Promise.reject(failure)
            : Promise.resolve({ checked: ids.length, lines: [] });
        },
        signal: new AbortController().signal,
      }),
    ).rejects.toBe(failure);
    expect(calls).toHaveLength(2);
  });

  it('with no ids it sends nothing and answers an empty report', async () => {
    const report = await runMissingReport({
      ids: [],
      fetchBatch: () => Promise.reject(new Error('not called')),
      signal: new AbortController().signal,
    });
    expect(report).toEqual({ sent: 0, checked: 0, lines: [] });
  });
});
