import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_IDS } from '../../../common/contracts/bulk-edit';
import { createI18n } from '../../lib/i18n';
import { formatNumber } from '../../lib/number-format';
import {
  bulkProblemText,
  scopeNameKey,
  scopeSubject,
  scopeBody,
  validateCopyForm,
  validateResetForm,
  validateScope,
} from './bulk-edit-rules';

describe('validateScope', () => {
  it('needs no value for all visible products', () => {
    expect(validateScope({ targetOption: 'all', targetValue: '' })).toBeUndefined();
    expect(validateScope({ targetOption: 'all', targetValue: 'anything' })).toBeUndefined();
  });

  it('needs a value for every other scope', () => {
    for (const targetOption of ['category', 'brand', 'specific'] as const) {
      expect(validateScope({ targetOption, targetValue: '  ' })).toEqual({
        field: 'targetValue',
        kind: 'value-required',
      });
    }
  });

  it('takes one positive whole id for a category or a brand', () => {
    expect(validateScope({ targetOption: 'category', targetValue: ' 23 ' })).toBeUndefined();
    expect(validateScope({ targetOption: 'brand', targetValue: '5' })).toBeUndefined();
    for (const targetValue of ['0', '-4', '2.5', 'abc', '1,2', '012']) {
      expect(validateScope({ targetOption: 'category', targetValue }), targetValue).toEqual({
        field: 'targetValue',
        kind: 'id-invalid',
      });
    }
  });

  it('takes comma separated positive ids for specific products', () => {
    expect(validateScope({ targetOption: 'specific', targetValue: '112, 113,120,' })).toBeUndefined();
    for (const targetValue of ['1, x', '1;2', ',', '0', '3, -1']) {
      expect(validateScope({ targetOption: 'specific', targetValue }), targetValue).toEqual({
        field: 'targetValue',
        kind: 'product-ids-invalid',
      });
    }
    const tooMany = Array.from({ length: MAX_PRODUCT_IDS + 1 }, (_, i) => i + 1).join(',');
    expect(validateScope({ targetOption: 'specific', targetValue: tooMany })).toEqual({
      field: 'targetValue',
      kind: 'too-many-ids',
    });
  });

  it('sends the trimmed value, and none for all', () => {
    expect(scopeBody({ targetOption: 'brand', targetValue: ' 5 ' })).toEqual({
      targetOption: 'brand',
      targetValue: '5',
    });
    expect(scopeBody({ targetOption: 'all', targetValue: '5' })).toEqual({
      targetOption: 'all',
      targetValue: '',
    });
  });
});

describe('validateResetForm and validateCopyForm', () => {
  const scope = { targetOption: 'category', targetValue: '23' } as const;
  const copy = { hasSourceStore: true, sourceProductId: '77', hasTargetStore: true, scope };

  it('asks for the store first', () => {
    expect(validateResetForm({ hasStore: false, scope })).toEqual({ field: 'store', kind: 'store-required' });
    expect(validateResetForm({ hasStore: true, scope })).toBeUndefined();
    expect(validateResetForm({ hasStore: true, scope: { ...scope, targetValue: '' } })?.kind).toBe(
      'value-required',
    );
  });

  it('asks for the source store, the source product, the target store, then the scope', () => {
    expect(validateCopyForm(copy)).toBeUndefined();
    expect(validateCopyForm({ ...copy, hasSourceStore: false })).toEqual({
      field: 'sourceStore',
      kind: 'store-required',
    });
    expect(validateCopyForm({ ...copy, sourceProductId: ' ' })).toEqual({
      field: 'sourceProductId',
      kind: 'source-product-required',
    });
    expect(validateCopyForm({ ...copy, sourceProductId: 'x7' })).toEqual({
      field: 'sourceProductId',
      kind: 'id-invalid',
    });
    expect(validateCopyForm({ ...copy, hasTargetStore: false })).toEqual({
      field: 'targetStore',
      kind: 'store-required',
    });
    expect(validateCopyForm({ ...copy, scope: { targetOption: 'all', targetValue: '' } })).toBeUndefined();
  });
});

describe('bulkProblemText', () => {
  it("speaks the spec's words in each language, its numbers in the reader's", () => {
    const en = createI18n('en').t;
    const vi = createI18n('vi').t;
    const countEn = (n: number) => formatNumber(n, 'en');
    const countVi = (n: number) => formatNumber(n, 'vi');
    expect(bulkProblemText({ field: 'store', kind: 'store-required' }, en, countEn)).toBe(
      'Please select a store',
    );
    expect(bulkProblemText({ field: 'store', kind: 'store-required' }, vi, countVi)).toBe(
      'Vui lòng chọn store',
    );
    expect(bulkProblemText({ field: 'targetValue', kind: 'value-required' }, en, countEn)).toBe(
      'Please enter a value for the chosen target',
    );
    expect(MAX_PRODUCT_IDS).toBe(10_000);
    expect(bulkProblemText({ field: 'targetValue', kind: 'too-many-ids' }, en, countEn)).toBe(
      'At most 10,000 product IDs at once',
    );
    expect(bulkProblemText({ field: 'targetValue', kind: 'too-many-ids' }, vi, countVi)).toBe(
      'Tối đa 10.000 ID sản phẩm mỗi lần',
    );
    expect(bulkProblemText({ field: 'sourceProductId', kind: 'source-product-required' }, vi, countVi)).toBe(
      'Vui lòng nhập ID sản phẩm nguồn',
    );
  });
});
describe('scopeSubject', () => {
  const names = new Map([
    [scopeNameKey('category', '68'), 'Lamps'],
    [scopeNameKey('brand', '5'), 'Acme'],
    [scopeNameKey('specific', '1'), 'Desk'],
    [scopeNameKey('specific', '2'), 'Chair'],
  ]);
  const en = createI18n('en').t;
  const vi = createI18n('vi').t;
  const countEn = (n: number) => formatNumber(n, 'en');
  const countVi = (n: number) => formatNumber(n, 'vi');

  it('names a category or brand by the name it was picked by, and a typed id by its id', () => {
    expect(scopeSubject({ targetOption: 'category', targetValue: ' 68 ' }, names, en, countEn)).toBe(
      'category “Lamps” (#68)',
    );
    expect(scopeSubject({ targetOption: 'brand', targetValue: '5' }, names, vi, countVi)).toBe(
      'thương hiệu “Acme” (#5)',
    );
    // Brand 68 was not picked (category 68 was): its id only.
    expect(scopeSubject({ targetOption: 'brand', targetValue: '68' }, names, en, countEn)).toBe('brand #68');
    expect(scopeSubject({ targetOption: 'all', targetValue: '' }, names, vi, countVi)).toBe(
      'tất cả sản phẩm đang hiển thị',
    );
  });

  it('names the first three products, then how many more, the count in the reader’s language', () => {
    expect(scopeSubject({ targetOption: 'specific', targetValue: '1' }, names, en, countEn)).toBe(
      'product “Desk” (#1)',
    );
    const many = ['1', '2', '3', ...Array.from({ length: 1200 }, (_, i) => String(i + 10))].join(', ');
    expect(scopeSubject({ targetOption: 'specific', targetValue: many }, names, en, countEn)).toBe(
      'products “Desk” (#1), “Chair” (#2), #3 and 1,200 more',
    );
    expect(scopeSubject({ targetOption: 'specific', targetValue: many }, names, vi, countVi)).toBe(
      'các sản phẩm “Desk” (#1), “Chair” (#2), #3 và 1.200 sản phẩm khác',
    );
  });
});
