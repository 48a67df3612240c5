import { describe, expect, it } from 'vitest';
import { extractorReducer, initialExtractorState, type ExtractorState } from './keyword-extractor-state';
import { KEYWORD_STATE_KEY, loadSavedState, saveState } from './saved-state';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const running: ExtractorState = extractorReducer(
  extractorReducer(initialExtractorState, {
    type: 'start',
    storeId: 'store-1',
    channelId: 1,
    startPage: 1,
    endPage: 6,
    runId: 'run-1',
  }),
  { type: 'pageDone', runId: 'run-1', page: 1, products: 250, totalPages: 6, totalProducts: 1_260 },
);

describe('the saved state (one fixed key)', () => {
  it("keeps the spec's fields under the fixed key", () => {
    const storage = memoryStorage();
    saveState(storage, running);
    expect([...storage.items.keys()]).toEqual([KEYWORD_STATE_KEY]);
    expect(JSON.parse(storage.items.get(KEYWORD_STATE_KEY) ?? '')).toEqual({
      status: 'running',
      currentPage: 2,
      startPage: 1,
      endPage: 6,
      totalPages: 6,
      totalProducts: 1_260,
      processedProducts: 250,
      channelId: 1,
      storeId: 'store-1',
      runId: 'run-1',
      countsFromPage: 1,
    });
  });

  it('a saved running is restored as stopped, at the same page', () => {
    const storage = memoryStorage();
    saveState(storage, running);
    const restored = loadSavedState(storage);
    expect(restored).toEqual({ ...running, status: 'stopped' });
    expect(restored.status).toBe('stopped');
    // Resume continues from the saved page.
    expect(extractorReducer(restored, { type: 'resume' })).toMatchObject({
      status: 'running',
      currentPage: 2,
    });
  });

  it('stopped and completed come back as they were', () => {
    const storage = memoryStorage();
    const stopped = extractorReducer(running, { type: 'stop' });
    saveState(storage, stopped);
    expect(loadSavedState(storage)).toEqual(stopped);
    const completed: ExtractorState = { ...stopped, status: 'completed', currentPage: 7 };
    saveState(storage, completed);
    expect(loadSavedState(storage)).toEqual(completed);
  });

  it('New clears the saved state', () => {
    const storage = memoryStorage({ other: 'kept' });
    const stopped = extractorReducer(running, { type: 'stop' });
    saveState(storage, stopped);
    const afterNew = extractorReducer(stopped, { type: 'new' });
    saveState(storage, afterNew);
    expect(storage.items.has(KEYWORD_STATE_KEY)).toBe(false);
    expect(storage.items.get('other')).toBe('kept');
    expect(loadSavedState(storage)).toEqual(initialExtractorState);
  });

  it('anything unreadable is no saved state', () => {
    for (const text of ['not json', '{}', JSON.stringify({ status: 'running' }), '[]']) {
      expect(loadSavedState(memoryStorage({ [KEYWORD_STATE_KEY]: text })), text).toEqual(
        initialExtractorState,
      );
    }
    const backwards = { ...JSON.parse(JSON.stringify(running)), startPage: 5, endPage: 2 } as unknown;
    expect(loadSavedState(memoryStorage({ [KEYWORD_STATE_KEY]: JSON.stringify(backwards) }))).toEqual(
      initialExtractorState,
    );
    expect(loadSavedState(undefined)).toEqual(initialExtractorState);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadSavedState(refusing)).toEqual(initialExtractorState);
    expect(() => saveState(refusing, running)).not.toThrow();
  });
});
