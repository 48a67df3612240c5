// /v3/catalog/brands (brands_catalog.v3.yml) [BRAND getBrands, createBrand, getBrand, updateBrand, deleteBrand,
// deleteBrands].
import { z } from 'zod';
import { type SandboxApp, V3 } from '../core/app-env';
import { BcApiError, v3Data } from '../core/envelope';
import { enumParam, numericFilter, strParam, unaskedOrder } from '../core/query';
import { parseBody, str } from '../core/body';
import { nextId, type StoreData } from '../core/store-state';
import { slugify } from './records';
import { customUrlSchema, listPage, NOT_FOUND_TITLE, pathId, query, readJson, v3Row } from './route-helpers';
import type { Brand } from './types';

export const brandSchema = z.object({
  name: z.string().min(1).max(255),
  page_title: str(255).optional(),
  meta_keywords: z.array(z.string()).optional(),
  meta_description: str(65535).optional(),
  image_url: z.string().optional(),
  search_keywords: str(255).optional(),
  custom_url: customUrlSchema.optional(),
});

const BRAND_ID = ':brand_id{[0-9]+}';
const MAX_BRANDS = 30_000;

function brandFilter(q: URLSearchParams): (b: Brand) => boolean {
  const idTest = numericFilter(q, 'id');
  const name = strParam(q, 'name');
  const nameLike = strParam(q, 'name:like');
  const pageTitle = strParam(q, 'page_title');
  return (b) =>
    (!idTest || idTest(b.id)) &&
    (name === undefined || b.name.toLowerCase() === name.toLowerCase()) &&
    (nameLike === undefined || b.name.toLowerCase().includes(nameLike.toLowerCase())) &&
    (pageTitle === undefined || b.page_title === pageTitle);
}

/** `sort=name` is the one documented sort (brands_catalog.v3.yml SortQuery 2701-2708, DirectionQuery); unasked, the
 * neutral order. */
function sortBrands(brands: Brand[], q: URLSearchParams): Brand[] {
  const sort = enumParam(q, 'sort', ['name'] as const);
  const sign = enumParam(q, 'direction', ['asc', 'desc'] as const) === 'desc' ? -1 : 1;
  if (sort === undefined) return unaskedOrder(brands, (b) => b.id);
  return [...brands].sort((a, b) => sign * a.name.localeCompare(b.name) || a.id - b.id);
}

function assertUniqueName(data: StoreData, name: string, ignoreId?: number): void {
  for (const b of data.brands.values()) {
    if (b.id !== ignoreId && b.name.toLowerCase() === name.trim().toLowerCase()) {
      throw new BcApiError(409, 'Brand name is a duplicate', {
        name: `A brand named "${name}" already exists.`,
      });
    }
  }
}

export function registerBrandRoutes(app: SandboxApp): void {
  app.get(`${V3}/catalog/brands`, (c) => {
    const page = listPage(c);
    const q = query(c);
    const brands = [...c.get('store').data.brands.values()].filter(brandFilter(q));
    return page(sortBrands(brands, q));
  });

  app.get(`${V3}/catalog/brands/${BRAND_ID}`, (c) => {
    const brand = c.get('store').data.brands.get(pathId(c, 'brand_id'));
    if (!brand) throw new BcApiError(404, NOT_FOUND_TITLE);
    return v3Row(c, brand);
  });

  app.post(`${V3}/catalog/brands`, async (c) => {
    const data = c.get('store').data;
    const body = await readJson(c);
    if (typeof body === 'object' && body !== null && !('name' in body)) {
      throw new BcApiError(422, 'Missing Required Fields', { name: 'Please provide a name.' });
    }
    const input = parseBody(brandSchema, body);
    assertUniqueName(data, input.name);
    if (data.brands.size >= MAX_BRANDS) throw new BcApiError(422, 'A store can have at most 30,000 brands.');
    const id = nextId(data, 'brand');
    const brand: Brand = {
      id,
      name: input.name.trim(),
      page_title: input.page_title ?? '',
      meta_keywords: input.meta_keywords ?? [],
      meta_description: input.meta_description ?? '',
      image_url: input.image_url ?? '',
      search_keywords: input.search_keywords ?? '',
      custom_url: input.custom_url
        ? { url: input.custom_url.url, is_customized: input.custom_url.is_customized ?? true }
        : { url: `/brands/${slugify(input.name)}.html`, is_customized: false },
    };
    data.brands.set(id, brand);
    return v3Data(c, brand);
  });

  app.put(`${V3}/catalog/brands/${BRAND_ID}`, async (c) => {
    const data = c.get('store').data;
    const brand = data.brands.get(pathId(c, 'brand_id'));
    if (!brand) throw new BcApiError(404, NOT_FOUND_TITLE);
    const input = parseBody(brandSchema.partial(), await readJson(c));
    if (input.name !== undefined) assertUniqueName(data, input.name, brand.id);
    const { custom_url: customUrl, ...rest } = input;
    Object.assign(brand, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
    if (customUrl) brand.custom_url = { url: customUrl.url, is_customized: customUrl.is_customized ?? true };
    return v3Data(c, brand);
  });

  app.delete(`${V3}/catalog/brands/${BRAND_ID}`, (c) => {
    const data = c.get('store').data;
    const id = pathId(c, 'brand_id');
    if (!data.brands.delete(id)) throw new BcApiError(404, NOT_FOUND_TITLE);
    unlinkBrand(data, new Set([id]));
    return c.body(null, 204);
  });

  app.delete(`${V3}/catalog/brands`, (c) => {
    const data = c.get('store').data;
    const q = query(c);
    if ([...q.keys()].length === 0) throw new BcApiError(422, 'At least one filter must be provided');
    const filter = brandFilter(q);
    const ids = new Set([...data.brands.values()].filter(filter).map((b) => b.id));
    for (const id of ids) data.brands.delete(id);
    unlinkBrand(data, ids);
    return c.body(null, 204);
  });
}

function unlinkBrand(data: StoreData, ids: Set<number>): void {
  for (const record of data.products.values())
    if (ids.has(record.fields.brand_id)) record.fields.brand_id = 0;
}
