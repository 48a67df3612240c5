import { describe, expect, it } from 'vitest';
import {
  HANDOFF_MAX_AGE_MS,
  peekProductIdsHandoff,
  PRODUCT_IDS_HANDOFF_KEY,
  takeProductIdsHandoff,
  writeProductIdsHandoff,
} from './product-ids-handoff';
import { memoryStorage } from './test-storage';

describe('the product ids hand-off', () => {
  it('the target tab takes the ids once, without repeats', () => {
    const storage = memoryStorage();
    writeProductIdsHandoff(storage, 'reset-page-title', [12, 7, 12, 99], 1_000);
    expect(peekProductIdsHandoff(storage, 'reset-page-title', 2_000)).toEqual([12, 7, 99]);
    expect(takeProductIdsHandoff(storage, 'reset-page-title', 2_000)).toEqual([12, 7, 99]);
    expect(takeProductIdsHandoff(storage, 'reset-page-title', 2_000)).toBeNull();
    expect(storage.items.has(PRODUCT_IDS_HANDOFF_KEY)).toBe(false);
  });

  it('another tab leaves them for the target', () => {
    const storage = memoryStorage();
    writeProductIdsHandoff(storage, 'copy-description', [5], 1_000);
    expect(takeProductIdsHandoff(storage, 'reset-page-title', 1_000)).toBeNull();
    expect(takeProductIdsHandoff(storage, null, 1_000)).toBeNull();
    expect(takeProductIdsHandoff(storage, 'copy-description', 1_000)).toEqual([5]);
  });

  it('an old or unreadable hand-off is dropped', () => {
    const storage = memoryStorage();
    writeProductIdsHandoff(storage, 'reset-page-title', [5], 1_000);
    expect(takeProductIdsHandoff(storage, 'reset-page-title', 1_001 + HANDOFF_MAX_AGE_MS)).toBeNull();
    expect(storage.items.size).toBe(0);
    for (const text of ['nope', '{}', JSON.stringify({ target: 'stores', productIds: [1], at: 1 })]) {
      storage.setItem(PRODUCT_IDS_HANDOFF_KEY, text);
      expect(takeProductIdsHandoff(storage, 'reset-page-title', 1), text).toBeNull();
      expect(storage.items.size).toBe(0);
    }
  });
});
