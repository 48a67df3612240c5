import { describe, expect, it } from 'vitest';
import type { SnapshotChange } from '../../../common/contracts/store-history';
import {
  changeKey,
  EMPTY_SELECTION,
  isFieldChosen,
  itemState,
  restoreItems,
  toggleField,
  toggleItem,
} from './restore-selection';

const shirt: SnapshotChange = {
  kind: 'product',
  key: { id: 77 },
  name: 'Linen Shirt',
  change: 'changed',
  fields: [
    { path: 'description', before: 'a', after: 'b' },
    { path: 'variants[sku=LS-M].price', before: 19.5, after: 21 },
    { path: '(3 more fields)', before: null, after: null },
  ],
};
const jacket: SnapshotChange = {
  kind: 'product',
  key: { id: 90 },
  name: 'Rain Jacket',
  change: 'added',
  fields: [],
};
const outerwear: SnapshotChange = {
  kind: 'category',
  key: { id: 5 },
  name: 'Outerwear',
  change: 'removed',
  fields: [],
};

describe('a restore’s choice of items and fields', () => {
  it('takes a whole item with its box, and names no fields for it', () => {
    const chosen = toggleItem(EMPTY_SELECTION, shirt, true);
    expect(itemState(chosen, shirt)).toBe('all');
    expect(isFieldChosen(chosen, shirt, 'description')).toBe(true);
    expect(restoreItems(chosen)).toEqual([{ kind: 'product', key: { id: 77 } }]);
    expect(itemState(toggleItem(chosen, shirt, false), shirt)).toBe('none');
  });

  it('takes single fields, and all of them again is the whole item', () => {
    const one = toggleField(EMPTY_SELECTION, shirt, 'description', true);
    expect(itemState(one, shirt)).toBe('some');
    expect(restoreItems(one)).toEqual([{ kind: 'product', key: { id: 77 }, fields: ['description'] }]);
    const both = toggleField(one, shirt, 'variants[sku=LS-M].price', true);
    expect(itemState(both, shirt)).toBe('all');
    // Unticking one field of a whole item leaves the other; unticking the last leaves nothing.
    const price = toggleField(both, shirt, 'description', false);
    expect(restoreItems(price)).toEqual([
      { kind: 'product', key: { id: 77 }, fields: ['variants[sku=LS-M].price'] },
    ]);
    expect(toggleField(price, shirt, 'variants[sku=LS-M].price', false).size).toBe(0);
  });

  it('cannot restore an item added since the snapshot; a removed one is restored whole', () => {
    expect(toggleItem(EMPTY_SELECTION, jacket, true).size).toBe(0);
    expect(restoreItems(toggleItem(EMPTY_SELECTION, outerwear, true))).toEqual([
      { kind: 'category', key: { id: 5 } },
    ]);
  });

  it('knows an item by its kind and key whatever the order of the key’s fields', () => {
    expect(
      changeKey({ kind: 'page', key: { channelId: 1, templateFile: 'pages/home', entityId: null } }),
    ).toBe(changeKey({ kind: 'page', key: { entityId: null, templateFile: 'pages/home', channelId: 1 } }));
  });
});
