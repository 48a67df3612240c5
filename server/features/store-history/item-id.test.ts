import { describe, expect, it } from 'vitest';
import { itemId, itemIdOfRow, itemKeyText } from './item-id';

describe('an item id', () => {
  it('is the spelling a restore job backup keeps: kind, colon, the key as canonical JSON', () => {
    // Backups of jobs started before issue 42 are keyed so: they must still resolve.
    expect(itemId({ kind: 'product', key: { id: 77 } })).toBe('product:{"id":77}');
    expect(itemId({ kind: 'page', key: { templateFile: 'pages/home', entityId: null, channelId: 1 } })).toBe(
      'page:{"channelId":1,"entityId":null,"templateFile":"pages/home"}',
    );
  });

  it('is the same from a snapshot row as from the item', () => {
    const key = { b: 2, a: 1 };
    expect(itemKeyText(key)).toBe('{"a":1,"b":2}');
    expect(itemIdOfRow('category', itemKeyText(key))).toBe(itemId({ kind: 'category', key }));
  });
});
