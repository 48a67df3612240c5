import { describe, expect, it } from 'vitest';
import type { PreviewRow } from '../../../common/contracts/spreadsheet-edit';
import { render, textOf } from '../../lib/render-test';
import { PreviewRows } from './preview-rows';

const rows: PreviewRow[] = [
  {
    sheet: 'Products',
    row: 2,
    key: { productId: 112 },
    name: 'Lamp',
    changes: [
      { column: 'Price', live: 20, sheet: 25, write: 25 },
      { column: 'Page Title', live: 'Lamp | Shop', sheet: null, write: '' },
    ],
    errors: [],
    warnings: [{ column: 'Price', message: 'Price changes by more than half (20 → 45)' }],
  },
  {
    sheet: 'Variants',
    row: 4,
    key: { productId: 112, variantId: 77 },
    name: 'Lamp Red',
    changes: [{ column: 'Price', live: 22, sheet: null, write: null }],
    errors: [{ column: 'Sale Price', message: 'Sale Price must be a number' }],
    warnings: [],
  },
];

const cellsOf = (html: string) =>
  [...html.matchAll(/<tr data-testid="preview-row"[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => textOf(cell[1] ?? '')),
  );

describe('PreviewRows', () => {
  it('lists each row with its changes as store value → new value, errors and warnings', () => {
    const html = render(<PreviewRows rows={rows} />);
    expect(cellsOf(html)).toEqual([
      [
        'Products',
        '2',
        '112',
        'Lamp',
        'Price: 20 → 25 Page Title: Lamp | Shop → (empty) Price: Price changes by more than half (20 → 45)',
      ],
      [
        'Variants',
        '4',
        'Variant 77 (product 112)',
        'Lamp Red',
        'Price: 22 → use the product’s price Sale Price: Sale Price must be a number',
      ],
    ]);
    expect(html).toMatch(
      /class="text-red-700" data-testid="preview-error">Sale Price: Sale Price must be a number</,
    );
    expect(html).toMatch(/class="text-amber-800" data-testid="preview-warning">Price: Price changes/);
  });

  it('reads in Vietnamese', () => {
    const html = render(<PreviewRows rows={rows} />, 'vi');
    expect(cellsOf(html)[0]?.[4]).toContain('Page Title: Lamp | Shop → (trống)');
    expect(cellsOf(html)[1]?.[2]).toBe('Biến thể 77 (sản phẩm 112)');
    expect(cellsOf(html)[1]?.[4]).toContain('Price: 22 → dùng giá của sản phẩm');
  });
});
