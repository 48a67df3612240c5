import { describe, expect, it } from 'vitest';
import { nestCategories } from './dump-categories.service';

const tree = { id: 1, name: 'Main' };
const category = (category_id: number, parent_id: number, name: string, sort_order = 0) => ({
  category_id,
  parent_id,
  tree_id: 1,
  name,
  sort_order,
  page_title: `${name} page`,
});

describe('nestCategories', () => {
  it('nests by parent, in sort order, with depth and path, keeping every field', () => {
    const nested = nestCategories(tree, [
      category(3, 1, 'Headphones', 2),
      category(1, 0, 'Audio', 1),
      category(2, 1, 'Speakers', 1),
      category(4, 0, 'Cameras', 0),
      category(5, 3, 'Wireless'),
    ]);
    expect(nested.map((c) => c.name)).toEqual(['Cameras', 'Audio']);
    const audio = nested[1];
    expect(audio?.children.map((c) => c.name)).toEqual(['Speakers', 'Headphones']);
    const wireless = audio?.children[1]?.children[0];
    expect(wireless).toMatchObject({
      category_id: 5,
      depth: 3,
      path: ['Audio', 'Headphones', 'Wireless'],
      page_title: 'Wireless page',
      children: [],
    });
  });

  it('keeps a category whose parent is missing as a root, and survives a parent loop', () => {
    const nested = nestCategories(tree, [
      category(7, 99, 'Orphan'),
      category(8, 9, 'A'),
      category(9, 8, 'B'),
    ]);
    expect(nested.map((c) => c.name)).toEqual(['Orphan']);
  });
});
