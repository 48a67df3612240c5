import { describe, expect, it } from 'vitest';
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import { cellNote, CELL_NOTE_CODES, type NoteParams } from '../../../common/spreadsheet-edit/cell-notes';
import { columnOf, parseCell, priceWarning, type CellValue } from '../../../common/spreadsheet-edit/columns';
import { buildLookups } from '../../../common/spreadsheet-edit/lookups';
import { createI18n } from '../../lib/i18n';
import { cellNoteText, outcomeReasonText } from './cell-note-text';

const en = createI18n('en');
const vi = createI18n('vi');
const english = (note: { message: string; code?: string; params?: NoteParams }) =>
  cellNoteText(note, en.t, 'en');

/** Params of every code, such as the server fills them (amounts below 1,000: written alike by both). */
const SAMPLE: NoteParams = {
  column: 'Price',
  max: 250,
  length: 251,
  min: 0,
  values: 'physical, digital',
  name: 'Adidas',
  path: 'Shoes/Walking',
  id: 112,
  row: 3,
  owner: 111,
  product: 110,
  sku: 'LAMP-1',
  sheet: 'Products',
  exported: 20,
  live: null,
  was: 100,
  from: 100,
  to: 151.5,
  now: 19.99,
};

const lookups = buildLookups([{ id: 7, name: 'Nike' }], [{ id: 1, name: 'Shoes', parentId: 0 }]);
const column = (sheet: 'Products' | 'Variants', header: string) => columnOf(sheet, header)!;

describe('cellNoteText', () => {
  it('renders every code in English exactly as the server writes its message', () => {
    for (const code of CELL_NOTE_CODES) {
      const note = cellNote(code, SAMPLE);
      expect(english({ code, params: SAMPLE, message: 'x' }), code).toBe(note.message);
    }
  });

  it('renders the cells parseCell refuses as parseCell words them', () => {
    const bad: [sheet: 'Products' | 'Variants', header: string, raw: CellValue][] = [
      ['Products', 'Price', -1],
      ['Products', 'Price', '1,000'],
      ['Products', 'Inventory Level', 2.5],
      ['Products', 'Inventory Level', -4],
      ['Products', 'Visible', 'maybe'],
      ['Products', 'Type', 'service'],
      ['Products', 'Name', '  '],
      ['Products', 'Name', 'x'.repeat(251)],
      ['Products', 'URL', 'shoes/'],
      ['Products', 'Description', 'a\u0000b'],
      ['Products', 'Brand', 'Adidas'],
      ['Products', 'Categories', 'Shoes/Walking'],
      ['Products', 'Custom Field: Material', 'y'.repeat(251)],
      ['Variants', 'Options', 'Color=Red'],
    ];
    for (const [sheet, header, raw] of bad) {
      const parsed = parseCell(column(sheet, header), raw, lookups);
      if (parsed.ok) throw new Error(`${header} ${String(raw)} was accepted`);
      expect(english(parsed), header).toBe(parsed.message);
    }
    const jump = priceWarning(column('Products', 'Price'), 19.99, 45.5)!;
    expect(english(jump)).toBe(jump.message);
    expect(english(jump)).toBe('Price changes by more than half (19.99 → 45.5)');
  });

  it('says a note in Vietnamese, amounts written the Vietnamese way, the sheet and (empty) translated', () => {
    const viText = (code: (typeof CELL_NOTE_CODES)[number], params: NoteParams) =>
      cellNoteText(cellNote(code, params), vi.t, 'vi');
    expect(viText('priceJump', { column: 'Price', from: 1234.5, to: 19.99 })).toBe(
      'Price thay đổi hơn một nửa (1.234,5 → 19,99)',
    );
    expect(viText('changedSinceExport', { column: 'Price', exported: 20, live: null })).toBe(
      'Price đã thay đổi trong store kể từ lần xuất (20 → (trống))',
    );
    expect(viText('notNumber', { column: 'Sale Price' })).toBe('Sale Price phải là một số');
    expect(viText('skuOfVariant', { sku: 'LAMP-1', id: 77 })).toBe(
      'SKU "LAMP-1" đã được biến thể 77 trong store sử dụng',
    );
  });

  it('keeps the English message of a note whose code it does not know', () => {
    expect(cellNoteText({ message: 'Something new', code: 'fromTheFuture' }, vi.t, 'vi')).toBe(
      'Something new',
    );
    expect(cellNoteText({ message: 'No code' }, vi.t, 'vi')).toBe('No code');
  });

  it("says an import's reasons in the reader's language, BigCommerce's own words as they are", () => {
    const failed: JobItemOutcome = {
      kind: 'product',
      key: { id: 112, sheet: 'Products', row: 3 },
      name: 'Lamp',
      outcome: 'failed',
      reason: 'Price: Price must be a number',
      reasonNotes: [{ column: 'Price', ...cellNote('notNumber', { column: 'Price' }) }],
    };
    expect(outcomeReasonText(failed, vi.t, 'vi')).toBe('Price: Price phải là một số');
    expect(outcomeReasonText(failed, en.t, 'en')).toBe(failed.reason);
    const kept = cellNote('keptStoreValue');
    const skipped: JobItemOutcome = {
      ...failed,
      outcome: 'skipped',
      reason: kept.message,
      reasonCode: kept.code,
      reasonParams: kept.params,
      reasonNotes: undefined,
    };
    expect(outcomeReasonText(skipped, vi.t, 'vi')).toBe(
      'Đã thay đổi trong store kể từ lần xuất: giữ giá trị của store',
    );
    expect(
      outcomeReasonText({ ...failed, reason: 'sku is invalid', reasonNotes: undefined }, vi.t, 'vi'),
    ).toBe('sku is invalid');
  });
});
