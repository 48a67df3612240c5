import { describe, expect, it } from 'vitest';
import { idFirst, searchedId } from './search-products';

describe('a search answer', () => {
  const idOf = (item: { id: number }) => item.id;

  it('puts the item the id names first, the text matches after it without it again, limit in all', () => {
    const byId = [{ id: 80 }];
    const byText = [{ id: 12 }, { id: 80 }, { id: 180 }, { id: 801 }];
    expect(idFirst(byId, byText, idOf, 80, 10).map(idOf)).toEqual([80, 12, 180, 801]);
    expect(idFirst(byId, byText, idOf, 80, 2).map(idOf)).toEqual([80, 12]);
  });

  it('keeps no item the id lookup answered with another id, and text alone when the query is no id', () => {
    expect(idFirst([{ id: 7 }], [{ id: 3 }], idOf, 8, 10).map(idOf)).toEqual([3]);
    expect(idFirst([], [{ id: 3 }, { id: 4 }], idOf, undefined, 10).map(idOf)).toEqual([3, 4]);
  });

  it('reads a query as an id only when it is one as BigCommerce writes them', () => {
    expect(searchedId('80')).toBe(80);
    expect(searchedId('080')).toBeUndefined();
    expect(searchedId('8 0')).toBeUndefined();
    expect(searchedId('12345678901')).toBeUndefined();
  });
});
