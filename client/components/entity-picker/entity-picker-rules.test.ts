import { describe, expect, it } from 'vitest';
import {
  applyPick,
  chipsOf,
  withoutId,
  cellPopupPlace,
  matchText,
  nextActive,
  popupContent,
  searchQueryOf,
  type EntityMatch,
  type SearchState,
} from './entity-picker-rules';

const lamp: EntityMatch = { id: 77, name: 'Harbour Brass Desk Lamp', sku: 'HBR-LMP-1001' };
const shade: EntityMatch = { id: 80, name: 'Linen Lamp Shade', sku: 'LIN-SHD-1004' };
const done = (matches: EntityMatch[], isCurrent = true): SearchState => ({
  status: 'done',
  matches,
  isCurrent,
});

describe('what the field searches for', () => {
  it('searches text from two characters, nothing over 100 characters', () => {
    expect(searchQueryOf('', false)).toBeNull();
    expect(searchQueryOf('  l ', false)).toBeNull();
    expect(searchQueryOf(' la ', false)).toBe('la');
    expect(searchQueryOf('x'.repeat(101), false)).toBeNull();
  });

  it('takes an id typed as it is, searching it only when the list is asked for; a number in a SKU field is text', () => {
    expect(searchQueryOf('77', false)).toBeNull();
    expect(searchQueryOf('77', false, 'id', true)).toBe('77');
    expect(searchQueryOf('7', false, 'sku')).toBe('7');
    expect(searchQueryOf('077', false)).toBe('077');
  });

  it('in a list, searches the part after the last comma', () => {
    expect(searchQueryOf('77, 78, lam', true)).toBe('lam');
    expect(searchQueryOf('77, 78,', true)).toBeNull();
    expect(searchQueryOf('lamp, 78', true)).toBeNull();
    expect(searchQueryOf('77, 78, lam', false)).toBe('77, 78, lam');
  });
});

describe('what a pick writes', () => {
  it('the id, or the SKU when the field takes one', () => {
    expect(applyPick('lamp', lamp, 'id', false)).toBe('77');
    expect(applyPick('lamp', lamp, 'sku', false)).toBe('HBR-LMP-1001');
    expect(applyPick('lamp', { id: 5, name: 'Kitchen' }, 'sku', false)).toBe('5');
  });

  it('in a list, the id in place of the part being typed', () => {
    expect(applyPick('lin', shade, 'id', true)).toBe('80');
    expect(applyPick('77,lin', shade, 'id', true)).toBe('77, 80');
    expect(applyPick('12, 34, lin sh', shade, 'id', true)).toBe('12, 34, 80');
  });

  it('shows a match as name · SKU · #id', () => {
    expect(matchText(lamp, '(no name)')).toBe('Harbour Brass Desk Lamp · HBR-LMP-1001 · #77');
    expect(matchText({ id: 23, name: 'Lighting' }, '(no name)')).toBe('Lighting · #23');
    expect(matchText({ id: 9, name: '', sku: '' }, '(no name)')).toBe('(no name) · #9');
  });
});

describe('when the list shows itself', () => {
  it('lists the matches of text, and says so when there are none or the search failed', () => {
    expect(popupContent({ status: 'idle' }, 'lamp', 'id', false)).toBe('none');
    expect(popupContent({ status: 'searching' }, 'lamp', 'id', false)).toBe('searching');
    expect(popupContent(done([lamp, shade]), 'lamp', 'id', false)).toBe('matches');
    expect(popupContent(done([]), 'zzz', 'id', false)).toBe('no-matches');
    expect(popupContent(done([], false), 'zzz', 'id', false)).toBe('searching');
    expect(popupContent({ status: 'failed', text: 'x' }, 'lamp', 'id', false)).toBe('failed');
  });

  it('stays out of the way of an id or SKU typed whole, unless asked for with the Down arrow', () => {
    expect(popupContent(done([lamp, shade]), '77', 'id', false)).toBe('none');
    expect(popupContent(done([lamp]), 'hbr-lmp-1001', 'sku', false)).toBe('none');
    expect(popupContent(done([lamp]), '77', 'sku', false)).toBe('matches');
    expect(popupContent(done([lamp, shade]), '77', 'id', true)).toBe('matches');
    // An id nothing has: the tool says so when it runs.
    expect(popupContent(done([]), '999999', 'id', false)).toBe('none');
    expect(popupContent({ status: 'searching' }, '999999', 'id', false)).toBe('none');
    expect(popupContent({ status: 'failed', text: 'x' }, '77', 'id', false)).toBe('none');
    expect(popupContent(done([]), '999999', 'id', true)).toBe('no-matches');
  });
});

describe('the arrow keys', () => {
  it('go round the matches, Up from the field to the last', () => {
    expect(nextActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextActive(2, 3, 'ArrowDown')).toBe(0);
    expect(nextActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextActive(0, 3, 'ArrowUp')).toBe(2);
    expect(nextActive(1, 3, 'ArrowUp')).toBe(0);
    expect(nextActive(-1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('cellPopupPlace', () => {
  it('opens 320 px wide just under the field when the screen has room', () => {
    expect(cellPopupPlace({ left: 400, bottom: 300 }, 1366)).toEqual({
      position: 'fixed',
      top: 304,
      left: 400,
      width: 320,
    });
  });
  it('moves left to stay 8 px inside a phone screen, never past its left edge', () => {
    // The field at 78 px on a 390 px phone: 320 px would end at 398; moved to 62 px, it ends at 382.
    expect(cellPopupPlace({ left: 78, bottom: 10 }, 390)).toMatchObject({ left: 62, width: 320 });
    expect(cellPopupPlace({ left: 300, bottom: 10 }, 320)).toMatchObject({ left: 8, width: 304 });
  });
});

describe('chipsOf and withoutId', () => {
  const names = new Map([
    ['68', 'Shoes'],
    ['133', 'Lamp'],
  ]);

  it('names the picked ids of the field, in order, and leaves typed ones out', () => {
    expect(chipsOf('133, 7, 68, 133', true, names)).toEqual([
      { id: '133', name: 'Lamp' },
      { id: '68', name: 'Shoes' },
    ]);
    expect(chipsOf('68', false, names)).toEqual([{ id: '68', name: 'Shoes' }]);
    expect(chipsOf('69', false, names)).toEqual([]);
  });

  it('removes one id from a list, or empties a single field', () => {
    expect(withoutId('133, 7, 68', '7', true)).toBe('133, 68');
    expect(withoutId('68', '68', false)).toBe('');
  });
});
