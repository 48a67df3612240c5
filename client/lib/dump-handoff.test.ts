import { describe, expect, it } from 'vitest';
import { DUMP_HANDOFF_STATE_KEY, dumpForEntry, keepDumpFor, markHistoryEntry } from './dump-handoff';

/** A history whose entries keep their state, as the browser's does. */
function memoryHistory(initial: unknown = null) {
  const entries: unknown[] = [initial];
  let at = 0;
  return {
    get state() {
      return entries[at];
    },
    replaceState(state: unknown) {
      entries[at] = state;
    },
    push(state: unknown) {
      entries.splice(at + 1, entries.length, state);
      at = entries.length - 1;
    },
    back() {
      at = Math.max(0, at - 1);
    },
    forward() {
      at = Math.min(entries.length - 1, at + 1);
    },
  };
}

const widgetsDump = { fileName: 'bc-widgets-dump-x.json', content: { kind: 'widgets' }, sourceStore: null };

describe('the dump hand-off', () => {
  it('is read on the history entry of the tab opened for it, again after Back and Forward', () => {
    const history = memoryHistory();
    const id = keepDumpFor('widgets-visualization', widgetsDump);
    history.push(null);
    markHistoryEntry(history, 'widgets-visualization', id);
    expect(dumpForEntry('widgets-visualization', history.state)).toEqual(widgetsDump);
    // Read again (a second mount, a re-render): still there.
    expect(dumpForEntry('widgets-visualization', history.state)).toEqual(widgetsDump);
    history.back();
    expect(dumpForEntry('widgets-visualization', history.state)).toBeNull();
    history.forward();
    expect(dumpForEntry('widgets-visualization', history.state)).toEqual(widgetsDump);
  });

  it('is for its target only, and another entry of that tab starts empty', () => {
    const history = memoryHistory();
    const id = keepDumpFor('widgets-visualization', widgetsDump);
    history.push(null);
    markHistoryEntry(history, 'widgets-visualization', id);
    expect(dumpForEntry('import-product', history.state)).toBeNull();
    history.push(null);
    expect(dumpForEntry('widgets-visualization', history.state)).toBeNull();
  });

  it('keeps what the entry held and the last dump of each target only', () => {
    const history = memoryHistory({ scroll: 12 });
    const first = keepDumpFor('import-product', { ...widgetsDump, fileName: 'product_1.json' });
    markHistoryEntry(history, 'import-product', first);
    expect(history.state).toEqual({
      scroll: 12,
      [DUMP_HANDOFF_STATE_KEY]: { target: 'import-product', id: first },
    });
    keepDumpFor('import-product', { ...widgetsDump, fileName: 'product_2.json' });
    expect(dumpForEntry('import-product', history.state)).toBeNull();
  });

  it('ignores a state it did not write', () => {
    for (const state of [
      null,
      'x',
      { [DUMP_HANDOFF_STATE_KEY]: 'x' },
      { [DUMP_HANDOFF_STATE_KEY]: { id: 1 } },
    ]) {
      expect(dumpForEntry('import-product', state)).toBeNull();
    }
  });
});

describe('a dump handed off with a dump to compare it with', () => {
  it('carries both to the entry of the tab opened for them, and a later hand-off alone carries none', () => {
    const history = memoryHistory();
    const compared = {
      ...widgetsDump,
      fileName: 'bc-widgets-dump-x-2026-03-01T10-00-00-000Z.json',
      compare: { fileName: 'bc-widgets-dump-x-2026-03-02T10-00-00-000Z.json', content: { after: true } },
    };
    const id = keepDumpFor('widgets-visualization', compared);
    history.push(null);
    markHistoryEntry(history, 'widgets-visualization', id);
    expect(dumpForEntry('widgets-visualization', history.state)?.compare).toEqual({
      fileName: 'bc-widgets-dump-x-2026-03-02T10-00-00-000Z.json',
      content: { after: true },
    });
    expect(dumpForEntry('widgets-visualization', history.state)?.fileName).toBe(compared.fileName);

    const alone = keepDumpFor('widgets-visualization', widgetsDump);
    history.push(null);
    markHistoryEntry(history, 'widgets-visualization', alone);
    expect(dumpForEntry('widgets-visualization', history.state)).toEqual(widgetsDump);
    expect(dumpForEntry('widgets-visualization', history.state)?.compare).toBeUndefined();
  });
});
