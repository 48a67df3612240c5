import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../common/contracts/store-history';
import {
  addRateReading,
  defaultPair,
  isRateSteady,
  fieldLabel,
  humanise,
  LIVE,
  fieldView,
  formatBytes,
  formatCount,
  formatDateTime,
  newestFirst,
  valueText,
} from './snapshot-format';

/** Issue 40's counts: none in these snapshots. */
const NEW_KINDS = { restWidgets: 0, placements: 0, webPages: 0, blogPosts: 0, redirects: 0 };

function snapshot(
  id: string,
  createdAt: string,
  state: Snapshot['state'] = 'done',
  reason: Snapshot['reason'] = 'manual',
): Snapshot {
  return {
    id,
    storeHash: 'abc123',
    createdAt,
    state,
    reason,
    scope: ['catalog'],
    counts: {
      products: 1,
      variants: 1,
      categories: 0,
      brands: 0,
      pages: 0,
      widgets: 0,
      widgetTemplates: 0,
      ...NEW_KINDS,
    },
    bytes: 10,
    newBytes: 10,
    jobId: null,
    unreadPages: [],
    beforeJob: null,
  };
}

describe('formatBytes', () => {
  it('says bytes in the largest whole unit, one decimal at most', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(12_900_000, 'en')).toBe('12.3 MB');
    expect(formatBytes(5 * 1024 ** 3, 'en')).toBe('5 GB');
  });

  it('uses the language’s decimal mark', () => {
    expect(formatBytes(1536, 'vi')).toBe('1,5 KB');
  });
});

describe('formatCount and formatDateTime', () => {
  it('groups thousands as the language does', () => {
    expect(formatCount(10_000, 'en')).toBe('10,000');
    expect(formatCount(10_000, 'vi')).toBe('10.000');
  });

  it('writes a date and time, and leaves an unreadable one as it is', () => {
    const text = formatDateTime('2026-03-05T14:07:00.000Z', 'en');
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/Mar/);
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});

describe('the list and the pair compared', () => {
  const list = [
    snapshot('s1', '2026-03-01T10:00:00.000Z'),
    snapshot('s3', '2026-03-03T10:00:00.000Z', 'failed'),
    snapshot('s2', '2026-03-02T10:00:00.000Z'),
    snapshot('s4', '2026-03-04T10:00:00.000Z'),
  ];

  it('lists the newest first', () => {
    expect(newestFirst(list).map((s) => s.id)).toEqual(['s4', 's3', 's2', 's1']);
  });

  it('compares the newest complete snapshot with the store now, also when two are kept (issue 44)', () => {
    expect(defaultPair(list)).toEqual({ from: 's4', to: LIVE });
  });

  it('compares the one snapshot with the store now, and has nothing to compare without one', () => {
    expect(defaultPair([snapshot('only', '2026-03-01T10:00:00.000Z')])).toEqual({ from: 'only', to: LIVE });
    expect(defaultPair([snapshot('running', '2026-03-01T10:00:00.000Z', 'running')])).toBeNull();
    expect(defaultPair([])).toBeNull();
  });

  it('compares the last full snapshot with the store now once a write ran after it (issue 44)', () => {
    const afterWrites = [
      ...list,
      snapshot('b1', '2026-03-05T10:00:00.000Z', 'done', 'before-job'),
      snapshot('b2', '2026-03-06T10:00:00.000Z', 'done', 'before-job'),
    ];
    expect(defaultPair(afterWrites)).toEqual({ from: 's4', to: LIVE });
    // Only "Before a job" snapshots: the newest against the store now.
    expect(defaultPair(afterWrites.filter((s) => s.reason === 'before-job'))).toEqual({
      from: 'b2',
      to: LIVE,
    });
    // A full snapshot taken after the write: that one against the store now.
    const s5 = snapshot('s5', '2026-03-07T10:00:00.000Z', 'done', 'scheduled');
    expect(defaultPair([...afterWrites, s5])).toEqual({ from: 's5', to: LIVE });
  });
});

describe('fieldView', () => {
  it('shows a description as a word diff of its readable text', () => {
    const view = fieldView({
      path: 'description',
      before: '<p>Soft&nbsp;cotton shirt</p>',
      after: '<p>Soft linen shirt</p>',
    });
    expect(view).toEqual({
      type: 'text',
      segments: [
        { type: 'same', text: 'Soft ' },
        { type: 'removed', text: 'cotton' },
        { type: 'added', text: 'linen' },
        { type: 'same', text: ' shirt' },
      ],
    });
  });

  it('shows a short field, a number or a missing value as before and after', () => {
    expect(fieldView({ path: 'variants[sku=ABC-1].price', before: 19.5, after: 21 })).toEqual({
      type: 'values',
      before: '19.5',
      after: '21',
    });
    expect(fieldView({ path: 'name', before: 'Shirt', after: null })).toEqual({
      type: 'values',
      before: 'Shirt',
      after: null,
    });
  });

  it('diffs any long text word by word', () => {
    const long = 'word '.repeat(40);
    expect(fieldView({ path: 'page_title', before: long, after: `${long}more` }).type).toBe('text');
  });
});

describe('valueText', () => {
  it('writes objects as JSON, large ones over several lines', () => {
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(true)).toBe('true');
    expect(valueText(undefined)).toBeNull();
    expect(valueText({ text: 'x'.repeat(90) })).toContain('\n');
  });
});

describe('fieldLabel', () => {
  const labels = { page_title: 'Page title', variants: 'Variants', price: 'Price' };

  it('reads a field by its label, or its name humanised', () => {
    expect(fieldLabel('page_title', labels)).toBe('Page title');
    expect(fieldLabel('page_title', { page_title: 'Tiêu đề trang' })).toBe('Tiêu đề trang');
    expect(fieldLabel('open_graph_title', labels)).toBe('Open graph title');
    expect(humanise('layoutFile')).toBe('Layout file');
  });

  it("keeps the element an array entry names, a dot inside it included, and the server's notes", () => {
    expect(fieldLabel('variants[sku=A.1].price', labels)).toBe('Variants [sku=A.1] › Price');
    expect(fieldLabel('regions[name=header].children[0].configuration.title', labels)).toBe(
      'Regions [name=header] › Children [0] › Configuration › Title',
    );
    expect(fieldLabel('(3 more fields)', labels)).toBe('(3 more fields)');
  });
});

describe('isRateSteady', () => {
  const readings = (rates: number[], everyMs: number) =>
    rates.reduce<ReturnType<typeof addRateReading>>(
      (kept, rate, index) => addRateReading(kept, rate, index * everyMs),
      [],
    );

  it('waits for five readings over ten seconds', () => {
    expect(isRateSteady([])).toBe(false);
    expect(isRateSteady(readings([10, 10, 10, 10], 5_000))).toBe(false);
    // Five, but over 6 s only (the "3 s left" at 6 s).
    expect(isRateSteady(readings([16, 16, 16, 16, 16], 1_500))).toBe(false);
    expect(isRateSteady(readings([10, 10, 10, 10, 10], 2_500))).toBe(true);
  });

  it('is not steady while the rate moves, and is once the last five agree', () => {
    expect(isRateSteady(readings([30, 10, 12, 9, 11], 3_000))).toBe(false);
    expect(isRateSteady(readings([30, 10, 12, 9, 11, 10], 3_000))).toBe(true);
    expect(isRateSteady(readings([0, 0, 0, 0, 0], 3_000))).toBe(false);
  });

  it('keeps the last five readings, and none for a rate not read yet', () => {
    expect(readings([1, 2, 3, 4, 5, 6, 7], 1_000).map((r) => r.rate)).toEqual([3, 4, 5, 6, 7]);
    expect(addRateReading([], undefined, 0)).toEqual([]);
  });
});
