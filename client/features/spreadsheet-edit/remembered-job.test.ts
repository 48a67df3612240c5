import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/test-storage';
import { readRememberedJob, rememberedJobKey, writeRememberedJob } from './remembered-job';

describe('remembered Spreadsheet Edit jobs', () => {
  it('keeps one job per store and flow, forgets it with null, and ignores what is not a job id', () => {
    const storage = memoryStorage();
    writeRememberedJob(storage, 'store-a', 'import', 'job-1');
    writeRememberedJob(storage, 'store-a', 'export', 'job-2');
    writeRememberedJob(storage, 'store-b', 'import', 'job-3');
    expect(readRememberedJob(storage, 'store-a', 'import')).toBe('job-1');
    expect(readRememberedJob(storage, 'store-a', 'export')).toBe('job-2');
    expect(readRememberedJob(storage, 'store-b', 'import')).toBe('job-3');
    expect(readRememberedJob(storage, 'store-b', 'undo')).toBeNull();
    writeRememberedJob(storage, 'store-a', 'import', null);
    expect(readRememberedJob(storage, 'store-a', 'import')).toBeNull();
    storage.items.set(rememberedJobKey('store-a', 'undo'), '../../x?y');
    expect(readRememberedJob(storage, 'store-a', 'undo')).toBeNull();
  });

  it('answers nothing, and throws nothing, when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => writeRememberedJob(refusing, 's', 'export', 'job-1')).not.toThrow();
    expect(readRememberedJob(refusing, 's', 'export')).toBeNull();
    expect(readRememberedJob(null, 's', 'export')).toBeNull();
  });
});
