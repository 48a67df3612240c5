// Channels, brands, category trees and categories: the skeleton both demo stores share.
import { slugify } from '../records';
import { nextId, type StoreData } from '../../core/store-state';
import type { Category, Channel } from '../types';
import { BRANDS, DEPARTMENTS, OUTLET_TREE, type SubcategorySpec } from './word-lists';

export const DEFAULT_CHANNEL_ID = 1;
export const OUTLET_CHANNEL_ID = 1_702_953;

const CREATED = Date.UTC(2022, 0, 12, 9, 30, 0);

/** A category that products can be generated into, with the word list that names them. */
export type ProductSlot = {
  spec: SubcategorySpec;
  categoryId: number;
  childIds: number[];
  departmentId: number;
};

export type Structure = { slots: ProductSlot[]; outletCategoryIds: number[]; brandIds: number[] };

export function addChannels(data: StoreData, storeName: string): void {
  const channels: Channel[] = [
    {
      id: DEFAULT_CHANNEL_ID,
      icon_url:
        'https://storage.googleapis.com/bigcommerce-production-dev-center/images/bigcommerce_icon.svg',
      is_listable_from_ui: true,
      is_visible: true,
      date_created: isoZ(CREATED),
      external_id: '',
      type: 'storefront',
      platform: 'bigcommerce',
      date_modified: isoZ(CREATED),
      name: storeName,
      status: 'active',
    },
    {
      id: OUTLET_CHANNEL_ID,
      icon_url:
        'https://storage.googleapis.com/bigcommerce-production-dev-center/images/bigcommerce_icon.svg',
      is_listable_from_ui: true,
      is_visible: true,
      date_created: isoZ(CREATED + 86_400_000 * 200),
      external_id: '',
      type: 'storefront',
      platform: 'bigcommerce',
      date_modified: isoZ(CREATED + 86_400_000 * 230),
      name: `${storeName} Outlet`,
      status: 'active',
    },
  ];
  for (const ch of channels) data.channels.set(ch.id, ch);
}

/** Channels use `2021-05-07T14:54:51Z` dates (channels.v3.yml examples), unlike the catalogue's `+00:00`. */
function isoZ(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function addBrands(data: StoreData, count: number): number[] {
  const ids: number[] = [];
  for (const b of BRANDS.slice(0, count)) {
    const id = nextId(data, 'brand');
    data.brands.set(id, {
      id,
      name: b.name,
      page_title: `${b.name} | Official Stockist`,
      meta_keywords: [b.name.toLowerCase()],
      meta_description: `Shop the full ${b.name} range.`,
      image_url: '',
      search_keywords: b.prefix.toLowerCase(),
      custom_url: { url: `/brands/${slugify(b.name)}.html`, is_customized: false },
    });
    ids.push(id);
  }
  return ids;
}

/** Deterministic UUID-looking ids for `category_uuid` (from the store hash and id, so resets give the same values). */
export function categoryUuid(data: StoreData, id: number): string {
  const hex = (n: number, len: number) => n.toString(16).padStart(len, '0').slice(-len);
  const h = [...data.hash].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return `${hex(h, 8)}-${hex(id, 4)}-4${hex(id * 7, 3)}-a${hex(id * 13, 3)}-${hex(id * 2654435761, 12)}`;
}

export function addCategory(
  data: StoreData,
  input: {
    name: string;
    parentId: number;
    treeId: number;
    path: string;
    sortOrder: number;
    description?: string;
  },
): Category {
  const id = nextId(data, 'category');
  const category: Category = {
    category_id: id,
    category_uuid: categoryUuid(data, id),
    parent_id: input.parentId,
    tree_id: input.treeId,
    name: input.name,
    description: input.description ?? `<p>Browse our ${input.name.replace(/&/g, '&amp;').toLowerCase()}.</p>`,
    views: (id * 37) % 900,
    sort_order: input.sortOrder,
    page_title: input.name,
    meta_keywords: [],
    meta_description: '',
    layout_file: 'category.html',
    image_url: '',
    is_visible: true,
    search_keywords: '',
    default_product_sort: 'use_store_settings',
    url: { path: input.path, is_customized: false },
  };
  data.categories.set(id, category);
  return category;
}

/** Two trees: the main storefront's departments (three levels) and the outlet storefront's tree. */
export function addTrees(data: StoreData, storeName: string): Omit<Structure, 'brandIds'> {
  const mainTree = nextId(data, 'tree');
  data.trees.set(mainTree, { id: mainTree, name: storeName, channels: [DEFAULT_CHANNEL_ID] });
  const outletTree = nextId(data, 'tree');
  data.trees.set(outletTree, { id: outletTree, name: `${storeName} Outlet`, channels: [OUTLET_CHANNEL_ID] });

  const slots: ProductSlot[] = [];
  DEPARTMENTS.forEach((dept, di) => {
    const deptPath = `/${slugify(dept.name)}/`;
    const department = addCategory(data, {
      name: dept.name,
      parentId: 0,
      treeId: mainTree,
      path: deptPath,
      sortOrder: di,
    });
    dept.subcategories.forEach((sub, si) => {
      const subPath = `${deptPath}${slugify(sub.name)}/`;
      const category = addCategory(data, {
        name: sub.name,
        parentId: department.category_id,
        treeId: mainTree,
        path: subPath,
        sortOrder: si,
      });
      const childIds = (sub.children ?? []).map(
        (child, ci) =>
          addCategory(data, {
            name: child,
            parentId: category.category_id,
            treeId: mainTree,
            path: `${subPath}${slugify(child)}/`,
            sortOrder: ci,
          }).category_id,
      );
      slots.push({
        spec: sub,
        categoryId: category.category_id,
        childIds,
        departmentId: department.category_id,
      });
    });
  });

  const outletCategoryIds: number[] = [];
  OUTLET_TREE.forEach((top, ti) => {
    const topPath = `/outlet/${slugify(top.name)}/`;
    const parent = addCategory(data, {
      name: top.name,
      parentId: 0,
      treeId: outletTree,
      path: topPath,
      sortOrder: ti,
    });
    top.children.forEach((child, ci) => {
      outletCategoryIds.push(
        addCategory(data, {
          name: child,
          parentId: parent.category_id,
          treeId: outletTree,
          path: `${topPath}${slugify(child)}/`,
          sortOrder: ci,
        }).category_id,
      );
    });
  });
  return { slots, outletCategoryIds };
}
