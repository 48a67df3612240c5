import { describe, expect, it } from 'vitest';
import { ContentError } from './content-state';
import { intListParam, intParam, listParam, pagingParams, type QueryReader } from './query';

const reader =
  (values: Record<string, string>): QueryReader =>
  (name) =>
    values[name];

function errorOf(run: () => unknown): ContentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error;
  }
  throw new Error('expected a ContentError');
}

describe('query parameters', () => {
  it('defaults paging to page 1 and limit 50', () => {
    expect(pagingParams(reader({}))).toEqual({ page: 1, limit: 50 });
    expect(pagingParams(reader({ page: '3', limit: '5' }))).toEqual({ page: 3, limit: 5 });
  });

  it('answers a non-integer with BigCommerce title', () => {
    const error = errorOf(() => pagingParams(reader({ limit: 'a' })));
    expect(error.status).toBe(422);
    expect(error.title).toBe('Query parameter "limit" value must be integer. For input string: "a".');
  });

  it('refuses values below the minimum', () => {
    expect(errorOf(() => intParam(reader({ page: '0' }), 'page')).title).toBe(
      'Query parameter "page" value must be at least 1. For input string: "0".',
    );
  });

  it('splits lists and integer lists', () => {
    expect(listParam(reader({ 'name:in': 'a, b,,c' }), 'name:in')).toEqual(['a', 'b', 'c']);
    expect(listParam(reader({}), 'name:in')).toBeUndefined();
    expect(intListParam(reader({ 'channel_id:in': '1,2' }), 'channel_id:in')).toEqual([1, 2]);
    expect(errorOf(() => intListParam(reader({ 'channel_id:in': '1,x' }), 'channel_id:in')).title).toBe(
      'Query parameter "channel_id:in" value must be integer. For input string: "x".',
    );
  });
});
