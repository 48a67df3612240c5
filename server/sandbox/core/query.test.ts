import { describe, expect, it } from 'vitest';
import {
  boolParam,
  fieldSelectionParams,
  intListParam,
  numericFilter,
  pagingParams,
  QueryError,
  selectFields,
} from './query';

const q = (s: string) => new URLSearchParams(s);

describe('query parsing', () => {
  it('reads comma lists and repeated keys of integers', () => {
    expect(intListParam(q('id:in=1,2, 3&id:in=9'), 'id:in')).toEqual([1, 2, 3, 9]);
    expect(intListParam(q(''), 'id:in')).toBeUndefined();
  });

  it('rejects a non-integer with the wording BigCommerce uses', () => {
    expect(() => intListParam(q('id:in=1,abc'), 'id:in')).toThrow(QueryError);
    expect(() => intListParam(q('id:in=1,abc'), 'id:in')).toThrow(
      'Query parameter "id:in" value must be integer. For input string: "abc".',
    );
  });

  it('reads booleans as true/false or 1/0', () => {
    expect(boolParam(q('is_visible=true'), 'is_visible')).toBe(true);
    expect(boolParam(q('is_featured=0'), 'is_featured')).toBe(false);
    expect(() => boolParam(q('is_visible=yes'), 'is_visible')).toThrow('must be boolean');
  });

  it('defaults paging to page 1 and 50, clamping limit to the maximum', () => {
    expect(pagingParams(q(''))).toEqual({ page: 1, limit: 50 });
    expect(pagingParams(q('limit=1000&page=3'))).toEqual({ page: 3, limit: 250 });
    expect(pagingParams(q('limit=40'), 10)).toEqual({ page: 1, limit: 10 });
    expect(pagingParams(q('limit=0&page=0'))).toEqual({ page: 1, limit: 1 });
  });

  it('keeps id whatever include_fields and exclude_fields say', () => {
    const obj = { id: 5, name: 'Mug', sku: 'M-1', price: 3 };
    expect(selectFields(obj, fieldSelectionParams(q('include_fields=name')))).toEqual({ id: 5, name: 'Mug' });
    expect(selectFields(obj, fieldSelectionParams(q('exclude_fields=id,sku')))).toEqual({
      id: 5,
      name: 'Mug',
      price: 3,
    });
    expect(selectFields(obj, fieldSelectionParams(q('')))).toBe(obj);
  });

  it('combines numeric operators', () => {
    const test = numericFilter(q('id:min=10&id:less=20&id:not_in=15'), 'id')!;
    expect([9, 10, 15, 19, 20].filter(test)).toEqual([10, 19]);
    expect(numericFilter(q('name=x'), 'id')).toBeUndefined();
  });
});
