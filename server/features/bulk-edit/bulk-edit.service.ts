// The bulk edits (issue 12; spec part 1 §2, §7; API-NOTES §6 (f)): Copy Description sets each target product's
// `description` to the source product's; Reset Page Title sets `page_title` to '' so the storefront falls back to the
// product name. A scope is resolved by paging the store; products already at the new value are skipped; the writes
// go 10 per request (`PUT /v3/catalog/products`) in waves, each wave's previous values saved before it is sent.
import type { BulkEditError, Scope } from '../../../common/contracts/bulk-edit';
import type { SnapshotTargets } from '../../../common/contracts/store-history';
import { PREVIEW_SAMPLE_SIZE, type Preview } from '../../../common/contracts/jobs';
import { AppError } from '../../errors';
import { ERROR_CODES } from '../../../common/errors';
import { isBigCommerceError, type BigCommerceClient, type Product } from '../../integrations/bigcommerce';

export type EditField = 'description' | 'page_title';

/** One product of a bulk edit's plan: its id, name, the value it had when planned and the value to write. */
export type PlanItem = { id: number; name: string | null; current: string; next: string };

/** A bulk edit's backup: previous values, by product id (what an undo restores). */
export type Backup = Record<string, { name: string | null; value: string }>;

/** Ids per `id:in` request: well inside a URL and one page of 250. */
const ID_CHUNK = 200;
/**
 * Products one job looks at, at most: its plan and backup hold a value per product, so a scope larger than this is
 * refused (narrow it by category or brand) rather than kept in one row without bound.
 */
export const MAX_JOB_PRODUCTS = 20_000;

function scopeTooLarge(): AppError {
  return new AppError(
    ERROR_CODES.invalidInput,
    `This scope holds more than ${MAX_JOB_PRODUCTS} products. Please choose a category or a brand to split the work.`,
  );
}

/** The documented product filters of a scope (products_catalog.v3.yml getProducts). */
type ProductsWhere = NonNullable<SnapshotTargets['productsWhere']>;

function scopeQuery(scope: Exclude<Scope, { kind: 'specific' }>): ProductsWhere {
  switch (scope.kind) {
    case 'category':
      return { 'categories:in': scope.categoryId };
    case 'brand':
      return { brand_id: scope.brandId };
    case 'all':
      return { is_visible: true };
  }
}

/** What a bulk edit of this scope touches: its before-job snapshot's targets (Store History, issue 32). */
export function touchedBy(scope: Scope): SnapshotTargets {
  return scope.kind === 'specific' ? { products: scope.productIds } : { productsWhere: scopeQuery(scope) };
}

function valueOf(product: Product, field: EditField): string {
  const value = (product as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
}

/** The products of a scope (id, name and the field), in id order; listed ids the store lacks are `notFound`. */
export async function resolveScope(
  client: BigCommerceClient,
  scope: Scope,
  field: EditField,
  signal?: AbortSignal,
): Promise<{ products: { id: number; name: string | null; value: string }[]; notFound: number[] }> {
  const include_fields = `name,${field}`;
  const read = (product: Product) => ({
    id: product.id,
    name: product.name ?? null,
    value: valueOf(product, field),
  });
  if (scope.kind !== 'specific') {
    const all: Product[] = [];
    for await (const page of client.products.pages({
      query: { ...scopeQuery(scope), include_fields },
      signal,
    })) {
      if ((page.pagination?.total ?? 0) > MAX_JOB_PRODUCTS) throw scopeTooLarge();
      all.push(...page.items);
      if (all.length > MAX_JOB_PRODUCTS) throw scopeTooLarge();
    }
    return { products: all.map(read).sort((a, b) => a.id - b.id), notFound: [] };
  }
  const found = new Map<number, { id: number; name: string | null; value: string }>();
  for (let i = 0; i < scope.productIds.length; i += ID_CHUNK) {
    const ids = scope.productIds.slice(i, i + ID_CHUNK);
    const page = await client.products.listAll({ query: { 'id:in': ids, include_fields }, signal });
    for (const product of page) found.set(product.id, read(product));
  }
  return {
    products: scope.productIds.flatMap((id) => {
      const product = found.get(id);
      return product ? [product] : [];
    }),
    notFound: scope.productIds.filter((id) => !found.has(id)),
  };
}

/** The source product's description (Copy Description); a clear 404 when it does not exist. */
export async function readSourceDescription(
  client: BigCommerceClient,
  productId: number,
  signal?: AbortSignal,
): Promise<string> {
  try {
    const product = await client.products.get(productId, {
      query: { include_fields: 'name,description' },
      signal,
    });
    return product.description ?? '';
  } catch (error) {
    if (isBigCommerceError(error) && error.code === 'bc_not_found') {
      throw new AppError(
        ERROR_CODES.productNotFound,
        `No source product with ID ${productId} was found in the source store`,
      );
    }
    throw error;
  }
}

export type Plan = {
  /** Products that change, in order. */
  items: PlanItem[];
  total: number;
  skipped: number;
  errors: BulkEditError[];
};

/** What a scope becomes: products to write, products already at the value (skipped) and unknown ids (failed). */
export function planEdit(
  resolved: { products: { id: number; name: string | null; value: string }[]; notFound: number[] },
  next: string,
  exclude?: number,
): Plan {
  const products = resolved.products.filter((product) => product.id !== exclude);
  const items = products
    .filter((product) => product.value !== next)
    .map((product) => ({ id: product.id, name: product.name, current: product.value, next }));
  const errors = resolved.notFound.map((id) => ({
    productId: id,
    name: null,
    reason: 'Product not found in the store',
  }));
  return {
    items,
    total: products.length + resolved.notFound.length,
    skipped: products.length - items.length,
    errors,
  };
}

/** A description as people read it: tags removed, entities of the common kind decoded, space folded, trimmed. */
export function asText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function toPreview(plan: Plan, field: EditField): Preview {
  const shown = (value: string) => (field === 'description' ? asText(value) : value);
  return {
    total: plan.total,
    changing: plan.items.length,
    skipped: plan.skipped,
    notFound: plan.errors.map((error) => error.productId),
    sample: plan.items.slice(0, PREVIEW_SAMPLE_SIZE).map((item) => ({
      productId: item.id,
      name: item.name,
      current: shown(item.current),
      next: shown(item.next),
    })),
  };
}
