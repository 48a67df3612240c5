import { describe, expect, it } from 'vitest';
import { convertSearchValue, productValueFor } from './product-search-value';

const hoodie = { id: 1036, name: 'Harbour Hoodie', sku: 'HH-01' };

describe('changing "Search by" (issue 44)', () => {
  it('writes a picked product’s SKU for its id, and its id for its SKU', () => {
    expect(convertSearchValue('1036', hoodie, 'id', 'sku')).toBe('HH-01');
    expect(convertSearchValue('HH-01', hoodie, 'sku', 'id')).toBe('1036');
  });

  it('clears a value whose product is not known, or no longer the one picked: it is never sent as the other mode', () => {
    expect(convertSearchValue('1036', null, 'id', 'sku')).toBe('');
    expect(convertSearchValue('77', hoodie, 'id', 'sku')).toBe('');
    expect(convertSearchValue('HH-02', hoodie, 'sku', 'id')).toBe('');
  });

  it('clears the id of a product without a SKU, and keeps the value when the mode does not change', () => {
    expect(convertSearchValue('5', { id: 5, name: 'No SKU' }, 'id', 'sku')).toBe('');
    expect(convertSearchValue('1036', null, 'id', 'id')).toBe('1036');
    expect(productValueFor(hoodie, 'sku')).toBe('HH-01');
  });
});
