// Typed helpers for the endpoints the tools use. Paths and rules: ../shared/bigcommerce/API-NOTES.md §6.
import type { z } from 'zod';
import { BigCommerceError, isBigCommerceError, isPartialSave } from './errors';
import {
  segment,
  type BigCommerceHttp,
  type Output,
  type Page,
  type PaginateOptions,
  type Query,
} from './http';
import { brandSchema, type Brand } from './resources/brands';
import {
  categoryBatchResultSchema,
  categoryNodeSchema,
  categorySchema,
  categoryTreeSchema,
  type CategoryBatchResult,
} from './resources/categories';
import { channelSchema } from './resources/channels';
import { pageSnapshotAnswerSchema, type PublishPageWidgets } from './resources/page-widgets';
import {
  bulkPricingRuleSchema,
  customFieldSchema,
  imageSchema,
  modifierSchema,
  modifierValueSchema,
  optionSchema,
  optionValueSchema,
  productCategoryAssignmentSchema,
  productChannelAssignmentSchema,
  productSchema,
  reviewSchema,
  variantSchema,
  videoSchema,
  type Product,
  type ProductCategoryAssignment,
  type ProductChannelAssignment,
  type ProductInclude,
} from './resources/products';
import { storeInformationSchema } from './resources/store';
import {
  blogPostSchema,
  countSchema,
  redirectSchema,
  webPageSchema,
  type BlogPost,
  type BlogPostInput,
  type Redirect,
  type RedirectUpsert,
  type WebPage,
  type WebPageCreate,
  type WebPageInput,
} from './resources/storefront-content';
import { placementSchema, regionSchema, widgetSchema, widgetTemplateSchema } from './resources/widgets';

type Call = { signal?: AbortSignal };
type ListCall = Call & { query?: Query; limit?: number; page?: number };
type Body = Record<string, unknown>;

/** Blog posts per page when reading them all: getBlogPosts' `limit` maximum (store_content.v2.yml:88-95). */
export const BLOG_POSTS_PAGE_LIMIT = 250;

/**
 * Sends a create that must not be duplicated. When it fails in a way that leaves its fate unknown (a dropped
 * connection or a 5xx after the request was sent), look the object up first and only send again if it is not there.
 * Used where BigCommerce guarantees a unique key (product name, brand name), which also makes a second send fail
 * with 409 rather than duplicate if the first one lands late; that 409 is answered with a further lookup.
 */
export async function createOnce<T>(
  send: () => Promise<T>,
  findExisting: () => Promise<T | undefined>,
  maxResends = 2,
): Promise<T> {
  let uncertain = false;
  for (let resends = 0; ; resends++) {
    try {
      return await send();
    } catch (error) {
      // A 207 is a known answer (saved in part), not an unknown fate: never looked up, never sent again.
      if (!isBigCommerceError(error) || isPartialSave(error)) throw error;
      const retryable = error.mayHaveBeenApplied || (uncertain && error.code === 'bc_conflict');
      if (!retryable) throw error;
      let existing: T | undefined;
      try {
        existing = await findExisting();
      } catch {
        throw error;
      }
      if (existing !== undefined) return existing;
      if (resends >= maxResends || error.code === 'bc_conflict') throw error;
      uncertain = true;
    }
  }
}

/**
 * `POST {path}` of a resource whose name is unique in the store (products, brands): after an uncertain failure the
 * object is looked up by `name` before the request is sent again ({@link createOnce}).
 */
function createByUniqueName<T extends { name?: string | null }>(
  http: BigCommerceHttp,
  path: string,
  schema: z.ZodType<T>,
  body: Body & { name: string },
  opts: Call,
): Promise<T> {
  return createOnce(
    () => http.post(path, body, { ...opts, schema }),
    async () => {
      const page = await http.list(path, {
        query: { name: body.name },
        limit: 5,
        schema,
        signal: opts.signal,
      });
      return page.items.find((item) => item.name === body.name);
    },
  );
}

/** A product sub-resource: `/v3/catalog/products/{product_id}/{name}` (API-NOTES §6a.3). */
function productSubResource<S extends z.ZodType>(http: BigCommerceHttp, name: string, schema: S) {
  const base = (productId: number) => `/v3/catalog/products/${segment(productId)}/${name}`;
  return {
    /** One page. */
    list: (productId: number, opts: ListCall = {}): Promise<Page<Output<S>>> =>
      http.list(base(productId), { ...opts, schema }),
    /** Every item, across pages. */
    listAll: (productId: number, opts: Omit<PaginateOptions<S>, 'schema'> = {}): Promise<Output<S>[]> =>
      http.listAll(base(productId), { ...opts, schema }),
    get: (productId: number, id: number, opts: Call & { query?: Query } = {}): Promise<Output<S>> =>
      http.get(`${base(productId)}/${segment(id)}`, { ...opts, schema }),
    /** POST: not repeated after an uncertain failure (see transport.ts). */
    create: (productId: number, body: Body, opts: Call = {}): Promise<Output<S>> =>
      http.post(base(productId), body, { ...opts, schema }),
    update: (productId: number, id: number, body: Body, opts: Call = {}): Promise<Output<S>> =>
      http.put(`${base(productId)}/${segment(id)}`, body, { ...opts, schema }),
    delete: (productId: number, id: number, opts: Call = {}): Promise<void> =>
      http.delete(`${base(productId)}/${segment(id)}`, opts),
  };
}

export function buildResourceApi(http: BigCommerceHttp) {
  const products = {
    /** `GET /v3/catalog/products/{id}`, with `include=` sub-resources [PROD getProduct]. */
    get: (
      id: number,
      opts: Call & { include?: readonly ProductInclude[]; query?: Query } = {},
    ): Promise<Product> =>
      http.get(`/v3/catalog/products/${segment(id)}`, {
        signal: opts.signal,
        query: { ...opts.query, include: opts.include?.length ? opts.include : undefined },
        schema: productSchema,
      }),
    /** One page of `GET /v3/catalog/products` with filters such as `sku`, `id:in`, `categories:in` [PROD getProducts]. */
    list: (opts: ListCall = {}): Promise<Page<Product>> =>
      http.list('/v3/catalog/products', { ...opts, schema: productSchema }),
    /** Every page, as an async iterator. */
    pages: (opts: Omit<PaginateOptions<typeof productSchema>, 'schema'> = {}) =>
      http.paginate('/v3/catalog/products', { ...opts, schema: productSchema }),
    listAll: (opts: Omit<PaginateOptions<typeof productSchema>, 'schema'> = {}): Promise<Product[]> =>
      http.listAll('/v3/catalog/products', { ...opts, schema: productSchema }),
    /**
     * `POST /v3/catalog/products` [PROD createProduct]. Product names are unique per store, so after an uncertain
     * failure the product is looked up by name before the request is sent again: never two products.
     */
    create: (body: Body & { name: string }, opts: Call = {}): Promise<Product> =>
      createByUniqueName(http, '/v3/catalog/products', productSchema, body, opts),
    /** `PUT /v3/catalog/products/{id}` [PROD updateProduct]. */
    update: (id: number, body: Body, opts: Call = {}): Promise<Product> =>
      http.put(`/v3/catalog/products/${segment(id)}`, body, { ...opts, schema: productSchema }),
    delete: (id: number, opts: Call = {}): Promise<void> =>
      http.delete(`/v3/catalog/products/${segment(id)}`, opts),
    variants: productSubResource(http, 'variants', variantSchema),
    options: productSubResource(http, 'options', optionSchema),
    optionValues: {
      list: (productId: number, optionId: number, opts: ListCall = {}) =>
        http.list(`/v3/catalog/products/${segment(productId)}/options/${segment(optionId)}/values`, {
          ...opts,
          schema: optionValueSchema,
        }),
      create: (productId: number, optionId: number, body: Body, opts: Call = {}) =>
        http.post(`/v3/catalog/products/${segment(productId)}/options/${segment(optionId)}/values`, body, {
          ...opts,
          schema: optionValueSchema,
        }),
      /** product-variant-options_catalog.v3.yml:1810 updateProductVariantOptionValue. */
      update: (productId: number, optionId: number, id: number, body: Body, opts: Call = {}) =>
        http.put(
          `/v3/catalog/products/${segment(productId)}/options/${segment(optionId)}/values/${segment(id)}`,
          body,
          { ...opts, schema: optionValueSchema },
        ),
      /** product-variant-options_catalog.v3.yml:1962 deleteProductVariantOptionValue. */
      delete: (productId: number, optionId: number, id: number, opts: Call = {}): Promise<void> =>
        http.delete(
          `/v3/catalog/products/${segment(productId)}/options/${segment(optionId)}/values/${segment(id)}`,
          opts,
        ),
    },
    modifiers: productSubResource(http, 'modifiers', modifierSchema),
    /** A modifier's values: product-modifiers_catalog.v3.yml:1081 create, 1421 update, 1694 delete. */
    modifierValues: {
      create: (productId: number, modifierId: number, body: Body, opts: Call = {}) =>
        http.post(
          `/v3/catalog/products/${segment(productId)}/modifiers/${segment(modifierId)}/values`,
          body,
          { ...opts, schema: modifierValueSchema },
        ),
      update: (productId: number, modifierId: number, id: number, body: Body, opts: Call = {}) =>
        http.put(
          `/v3/catalog/products/${segment(productId)}/modifiers/${segment(modifierId)}/values/${segment(id)}`,
          body,
          { ...opts, schema: modifierValueSchema },
        ),
      delete: (productId: number, modifierId: number, id: number, opts: Call = {}): Promise<void> =>
        http.delete(
          `/v3/catalog/products/${segment(productId)}/modifiers/${segment(modifierId)}/values/${segment(id)}`,
          opts,
        ),
    },
    images: productSubResource(http, 'images', imageSchema),
    videos: productSubResource(http, 'videos', videoSchema),
    customFields: productSubResource(http, 'custom-fields', customFieldSchema),
    bulkPricingRules: productSubResource(http, 'bulk-pricing-rules', bulkPricingRuleSchema),
    reviews: productSubResource(http, 'reviews', reviewSchema),
  };

  const variants = {
    /** `GET /v3/catalog/variants` across products: find a product by variant SKU [VAR getVariants]. */
    list: (opts: ListCall = {}) => http.list('/v3/catalog/variants', { ...opts, schema: variantSchema }),
  };

  const categoryTrees = {
    /** `GET /v3/catalog/trees` [TREE getCategoryTrees]. */
    listAll: (opts: Call & { query?: Query } = {}) =>
      http.listAll('/v3/catalog/trees', { ...opts, schema: categoryTreeSchema }),
    /** The nested view of one tree; not paginated, 404 for an unknown tree [TREE getCategoryTree]. */
    categories: (treeId: number, opts: Call & { depth?: number } = {}) =>
      http.get(`/v3/catalog/trees/${segment(treeId)}/categories`, {
        signal: opts.signal,
        query: { depth: opts.depth },
        schema: categoryNodeSchema.array(),
      }),
  };

  const categories = {
    /** One page of the flat list `GET /v3/catalog/trees/categories` (`tree_id:in`, `category_id:in`, …). */
    list: (opts: ListCall = {}) =>
      http.list('/v3/catalog/trees/categories', { ...opts, schema: categorySchema }),
    listAll: (opts: Omit<PaginateOptions<typeof categorySchema>, 'schema'> = {}) =>
      http.listAll('/v3/catalog/trees/categories', { ...opts, schema: categorySchema }),
    /**
     * `POST /v3/catalog/trees/categories` [TREE createCategories]. A 207 (some created) throws a PartialSaveError
     * whose `saved` is the created categories; it does not say which item failed (multi-status.ts).
     */
    create: (items: Body[], opts: Call = {}): Promise<CategoryBatchResult> =>
      http.request('POST', '/v3/catalog/trees/categories', {
        ...opts,
        body: items,
        schema: categoryBatchResultSchema,
      }),
    /**
     * `PUT /v3/catalog/trees/categories`: updates by `category_id`; 200 answers `{meta}` only [TREE updateCategories].
     * A 207 throws a PartialSaveError: the answer names no category as updated (category-trees_catalog.v3.yml:233-238).
     */
    update: (items: Body[], opts: Call = {}): Promise<CategoryBatchResult> =>
      http.request('PUT', '/v3/catalog/trees/categories', {
        ...opts,
        body: items,
        schema: categoryBatchResultSchema,
      }),
  };

  const brands = {
    list: (opts: ListCall = {}) => http.list('/v3/catalog/brands', { ...opts, schema: brandSchema }),
    listAll: (opts: Omit<PaginateOptions<typeof brandSchema>, 'schema'> = {}) =>
      http.listAll('/v3/catalog/brands', { ...opts, schema: brandSchema }),
    get: (id: number, opts: Call = {}) =>
      http.get(`/v3/catalog/brands/${segment(id)}`, { ...opts, schema: brandSchema }),
    /** Brand names are unique, so an uncertain create is checked by name before it is sent again. */
    create: (body: Body & { name: string }, opts: Call = {}): Promise<Brand> =>
      createByUniqueName(http, '/v3/catalog/brands', brandSchema, body, opts),
    /** `PUT /v3/catalog/brands/{brand_id}`: only the fields sent change (brands_catalog.v3.yml:623 updateBrand). */
    update: (id: number, body: Body, opts: Call = {}): Promise<Brand> =>
      http.put(`/v3/catalog/brands/${segment(id)}`, body, { ...opts, schema: brandSchema }),
  };

  const channels = {
    /** `GET /v3/channels` with filters such as `status:in`, `type:in` [CHAN getChannels]. */
    listAll: (opts: Call & { query?: Query } = {}) =>
      http.listAll('/v3/channels', { ...opts, schema: channelSchema }),
    get: (id: number, opts: Call = {}) =>
      http.get(`/v3/channels/${segment(id)}`, { ...opts, schema: channelSchema }),
  };

  const assignments = {
    channels: {
      /** `GET /v3/catalog/products/channel-assignments?product_id:in=…|channel_id:in=…` */
      listAll: (opts: Call & { query?: Query } = {}): Promise<ProductChannelAssignment[]> =>
        http.listAll('/v3/catalog/products/channel-assignments', {
          ...opts,
          schema: productChannelAssignmentSchema,
        }),
      /** `PUT …/channel-assignments` → 204. BigCommerce asks for no parallel assignment calls on the same products. */
      assign: (items: ProductChannelAssignment[], opts: Call = {}): Promise<void> =>
        http.put('/v3/catalog/products/channel-assignments', items, opts).then(() => undefined),
      /**
       * `DELETE …/channel-assignments?product_id:in=…&channel_id:in=…` → 204 (products_catalog.v3.yml:4715
       * deleteProductsChannelAssignments; a filter must be given). Both filters are sent: the products' assignments
       * to these channels only.
       */
      unassign: (
        productIds: readonly number[],
        channelIds: readonly number[],
        opts: Call = {},
      ): Promise<void> =>
        http.delete('/v3/catalog/products/channel-assignments', {
          signal: opts.signal,
          query: { 'product_id:in': productIds, 'channel_id:in': channelIds },
        }),
    },
    categories: {
      listAll: (opts: Call & { query?: Query } = {}): Promise<ProductCategoryAssignment[]> =>
        http.listAll('/v3/catalog/products/category-assignments', {
          ...opts,
          schema: productCategoryAssignmentSchema,
        }),
      assign: (items: ProductCategoryAssignment[], opts: Call = {}): Promise<void> =>
        http.put('/v3/catalog/products/category-assignments', items, opts).then(() => undefined),
    },
  };

  const widgetTemplates = {
    /** One page of `GET /v3/content/widget-templates` (`widget_template_kind`, `channel_id:in`) [WID getWidgetTemplates]. */
    list: (opts: ListCall = {}) =>
      http.list('/v3/content/widget-templates', { ...opts, schema: widgetTemplateSchema }),
    listAll: (opts: Call & { query?: Query } = {}) =>
      http.listAll('/v3/content/widget-templates', { ...opts, schema: widgetTemplateSchema }),
    get: (uuid: string, opts: Call & { versionUuid?: string } = {}) =>
      http.get(`/v3/content/widget-templates/${segment(uuid)}`, {
        signal: opts.signal,
        query: { version_uuid: opts.versionUuid },
        schema: widgetTemplateSchema,
      }),
    /**
     * POST: template names are not unique, so an uncertain create is reported, never re-sent. `channel_id` is required
     * here: left out, BigCommerce puts the template on "the first channel created on the store"
     * (widgets.v3.yml:1294-1296), and a custom template serves only its own channel.
     */
    create: (body: Body & { name: string; template: string; channel_id: number }, opts: Call = {}) =>
      http.post('/v3/content/widget-templates', body, { ...opts, schema: widgetTemplateSchema }),
    /**
     * Always a new version (`create_new_version: true`, widgets.v3.yml:1268-1270, and the example at 200-203): without
     * it the current version changes in place, and with it every widget already made from the template, on any page.
     * Widgets move to the new version only when upgraded (`PUT /content/widgets/{uuid}` with `upgrade: true`).
     */
    update: (uuid: string, body: Body, opts: Call = {}) =>
      http.put(
        `/v3/content/widget-templates/${segment(uuid)}`,
        { ...body, create_new_version: true },
        { ...opts, schema: widgetTemplateSchema },
      ),
    /**
     * The current version changed in place (no `create_new_version`, widgets.v3.yml:1268-1270: the flag "Can be added
     * to create a new widget template version instead of updating the current one"). Every widget on the current
     * version (`version_uuid`, 1358-1360) follows the change at once; widgets on older versions keep theirs until
     * upgraded (`upgrade`, 1402-1404). What a restore uses to make the widgets of a template show it as it was.
     */
    updateInPlace: (uuid: string, body: Body, opts: Call = {}) => {
      const { create_new_version: _ignored, ...rest } = body;
      return http.put(`/v3/content/widget-templates/${segment(uuid)}`, rest, {
        ...opts,
        schema: widgetTemplateSchema,
      });
    },
    /** `DELETE /v3/content/widget-templates/{uuid}` [WID deleteWidgetTemplate]. */
    delete: (uuid: string, opts: Call = {}): Promise<void> =>
      http.delete(`/v3/content/widget-templates/${segment(uuid)}`, opts),
  };

  const widgets = {
    /**
     * One page of `GET /v3/content/widgets` [WID getWidgets]; filters `widget_template_kind`, `widget_template_uuid`,
     * `name`, `name:in`, `channel_id:in`.
     */
    list: (opts: ListCall = {}) => http.list('/v3/content/widgets', { ...opts, schema: widgetSchema }),
    listAll: (opts: Call & { query?: Query } = {}) =>
      http.listAll('/v3/content/widgets', { ...opts, schema: widgetSchema }),
    get: (uuid: string, opts: Call = {}) =>
      http.get(`/v3/content/widgets/${segment(uuid)}`, { ...opts, schema: widgetSchema }),
    /** `channel_id` required: it too defaults to the store's first channel when left out (widgets.v3.yml:1385-1387). */
    create: (
      body: Body & { name: string; widget_template_uuid: string; channel_id: number },
      opts: Call = {},
    ) => http.post('/v3/content/widgets', body, { ...opts, schema: widgetSchema }),
    /** `PUT`: `upgrade: true` moves the widget to its template's current version (widgets.v3.yml:1402-1404). */
    update: (uuid: string, body: Body, opts: Call = {}) =>
      http.put(`/v3/content/widgets/${segment(uuid)}`, body, { ...opts, schema: widgetSchema }),
    /** `DELETE /v3/content/widgets/{uuid}` [WID deleteWidget]. */
    delete: (uuid: string, opts: Call = {}): Promise<void> =>
      http.delete(`/v3/content/widgets/${segment(uuid)}`, opts),
  };

  const placements = {
    /** One page; filters `template_file`, `channel_id:in`, `widget_uuid`, `widget_template_uuid`, `widget_template_kind`. */
    list: (opts: ListCall = {}) => http.list('/v3/content/placements', { ...opts, schema: placementSchema }),
    /** Filters: `template_file`, `channel_id:in`, `widget_uuid`, `widget_template_uuid` (no entity/region filter). */
    listAll: (opts: Call & { query?: Query } = {}) =>
      http.listAll('/v3/content/placements', { ...opts, schema: placementSchema }),
    get: (uuid: string, opts: Call = {}) =>
      http.get(`/v3/content/placements/${segment(uuid)}`, { ...opts, schema: placementSchema }),
    /** `channel_id` required: it too defaults to the store's first channel when left out (widgets.v3.yml:1417-1420). */
    create: (
      body: Body & { widget_uuid: string; template_file: string; channel_id: number },
      opts: Call = {},
    ) => http.post('/v3/content/placements', body, { ...opts, schema: placementSchema }),
    update: (uuid: string, body: Body, opts: Call = {}) =>
      http.put(`/v3/content/placements/${segment(uuid)}`, body, { ...opts, schema: placementSchema }),
    /** `DELETE /v3/content/placements/{uuid}` [WID deletePlacement]. */
    delete: (uuid: string, opts: Call = {}): Promise<void> =>
      http.delete(`/v3/content/placements/${segment(uuid)}`, opts),
  };

  const regions = {
    /** `GET /v3/content/regions?template_file=…` (required) [WID getContentRegions]. */
    list: (templateFile: string, opts: Call & { channelId?: number } = {}) =>
      http.get('/v3/content/regions', {
        signal: opts.signal,
        query: { template_file: templateFile, channel_id: opts.channelId },
        schema: regionSchema.array(),
      }),
  };

  const pageWidgets = {
    /**
     * A page snapshot; leave out `templateFile` and `entityId` for the global regions [PW getPageWidgets]. Its `meta`
     * carries a pagination (page-widgets.v3.yml:513-520, the example at 655-661) but the operation takes no page
     * parameter (34-48): an answer saying it is one page of several is refused, never taken as the whole page.
     */
    get: async (opts: Call & { channelId?: number; templateFile?: string; entityId?: string } = {}) => {
      const path = '/v3/content/page-widgets';
      const answer = await http.request('GET', path, {
        signal: opts.signal,
        query: { channel_id: opts.channelId, template_file: opts.templateFile, entity_id: opts.entityId },
        schema: pageSnapshotAnswerSchema,
      });
      const pages = answer.meta?.pagination?.total_pages ?? 1;
      if (pages > 1) {
        throw new BigCommerceError({
          code: 'bc_unexpected_response',
          status: 200,
          method: 'GET',
          path,
          message: `BigCommerce answered this page's widgets as 1 of ${pages} pages, and documents no way to read the others: the page's content could not be read whole.`,
        });
      }
      return answer.data;
    },
    /**
     * `POST /v3/content/page-widgets` replaces all content of the page (204), so sending it twice leaves the same
     * page as once: it is treated as idempotent and retried like a PUT.
     */
    publish: (body: PublishPageWidgets, opts: Call = {}): Promise<void> =>
      http.post('/v3/content/page-widgets', body, { ...opts, idempotent: true }).then(() => undefined),
  };

  const pagesPath = '/v3/content/pages';
  const include = (body: boolean | undefined) => (body ? { include: 'body' } : {});
  const webPages = {
    /** One page of `GET /v3/content/pages` (`channel_id`, `id:in`, `name`, `name:like`; pages.v3.yml:70-77). */
    list: (opts: ListCall & { includeBody?: boolean } = {}): Promise<Page<WebPage>> =>
      http.list(pagesPath, {
        ...opts,
        query: { ...opts.query, ...include(opts.includeBody) },
        schema: webPageSchema,
      }),
    listAll: (
      opts: Omit<PaginateOptions<typeof webPageSchema>, 'schema'> & { includeBody?: boolean } = {},
    ): Promise<WebPage[]> =>
      http.listAll(pagesPath, {
        ...opts,
        query: { ...opts.query, ...include(opts.includeBody) },
        schema: webPageSchema,
      }),
    /** `GET /v3/content/pages/{id}`; 404 when the page does not exist (pages.v3.yml:298-427). */
    get: (id: number, opts: Call & { includeBody?: boolean } = {}): Promise<WebPage> =>
      http.get(`${pagesPath}/${segment(id)}`, {
        signal: opts.signal,
        query: include(opts.includeBody),
        schema: webPageSchema,
      }),
    /**
     * `POST /v3/content/pages` with one object (201, pages.v3.yml:79-171). Not repeated after an uncertain failure (page
     * names are unique, so a second send would fail with 422 rather than duplicate).
     */
    create: (body: WebPageCreate, opts: Call & { includeBody?: boolean } = {}): Promise<WebPage> =>
      http.post(pagesPath, body, {
        signal: opts.signal,
        query: include(opts.includeBody),
        schema: webPageSchema,
      }),
    /**
     * `POST /v3/content/pages` with an array. One invalid entry answers 422 for the whole request while "The entries that
     * are valid will still be created" (pages.v3.yml:160-163): after a failure, list the pages to see which exist.
     */
    createMany: (
      items: readonly WebPageCreate[],
      opts: Call & { includeBody?: boolean } = {},
    ): Promise<WebPage[]> =>
      http.post(pagesPath, items, {
        signal: opts.signal,
        query: include(opts.includeBody),
        schema: webPageSchema.array(),
      }),
    /** `PUT /v3/content/pages/{id}`: only the fields sent change (pages.v3.yml:428-475). */
    update: (id: number, body: WebPageInput, opts: Call & { includeBody?: boolean } = {}): Promise<WebPage> =>
      http.put(`${pagesPath}/${segment(id)}`, body, {
        signal: opts.signal,
        query: include(opts.includeBody),
        schema: webPageSchema,
      }),
    /** `PUT /v3/content/pages` with `[{id, …}]`; answers the updated pages (pages.v3.yml:172-255). */
    updateMany: (
      items: readonly (WebPageInput & { id: number })[],
      opts: Call & { includeBody?: boolean } = {},
    ): Promise<WebPage[]> =>
      http.put(pagesPath, items, {
        signal: opts.signal,
        query: include(opts.includeBody),
        schema: webPageSchema.array(),
      }),
    /** `DELETE /v3/content/pages/{id}`: its children get `parent_id` 0 and are hidden (pages.v3.yml:476-502, 568-576). */
    delete: (id: number, opts: Call = {}): Promise<void> => http.delete(`${pagesPath}/${segment(id)}`, opts),
    /**
     * `DELETE /v3/content/pages?id:in=…` (pages.v3.yml:256-294); `deleteChildren` deletes their descendants too. A 404
     * names one id that did not exist; the others are deleted all the same.
     */
    deleteMany: (ids: readonly number[], opts: Call & { deleteChildren?: boolean } = {}): Promise<void> =>
      http.delete(pagesPath, {
        signal: opts.signal,
        query: { 'id:in': ids, ...(opts.deleteChildren ? { delete_children: true } : {}) },
      }),
  };

  const postsPath = '/v2/blog/posts';
  /** A v2 list is a bare array; an empty one may come as 204 without a body (read as no posts). */
  const postList = blogPostSchema.array().optional();
  const blogPosts = {
    /**
     * One page of `GET /v2/blog/posts`, newest first (store_content.v2.yml:53-166): filters `is_published`, `url`,
     * `tag`, `published_date`; `limit` up to 250. v2 answers carry no pagination.
     */
    list: async (opts: Call & { query?: Query; page?: number; limit?: number } = {}): Promise<BlogPost[]> =>
      (await http.get(postsPath, {
        signal: opts.signal,
        query: { ...opts.query, page: opts.page, limit: opts.limit },
        schema: postList,
      })) ?? [],
    /** Every post, page after page of 250 until a short page. */
    listAll: async (opts: Call & { query?: Query } = {}): Promise<BlogPost[]> => {
      const all: BlogPost[] = [];
      for (let page = 1; ; page++) {
        const items = await blogPosts.list({ ...opts, page, limit: BLOG_POSTS_PAGE_LIMIT });
        all.push(...items);
        if (items.length < BLOG_POSTS_PAGE_LIMIT) return all;
      }
    },
    /** `GET /v2/blog/posts/count` (store_content.v2.yml:367-384). */
    count: async (opts: Call = {}): Promise<number> =>
      (await http.get(`${postsPath}/count`, { ...opts, schema: countSchema })).count,
    get: (id: number, opts: Call = {}): Promise<BlogPost> =>
      http.get(`${postsPath}/${segment(id)}`, { ...opts, schema: blogPostSchema }),
    /** `POST /v2/blog/posts` (store_content.v2.yml:167-227): a draft unless `is_published` is true. Not repeated. */
    create: (body: BlogPostInput, opts: Call = {}): Promise<BlogPost> =>
      http.post(postsPath, body, { ...opts, schema: blogPostSchema }),
    /**
     * `PUT /v2/blog/posts/{id}` (300-356): `title` and `body` required; `is_published` must be sent every time, or the
     * post becomes a draft (1271-1272).
     */
    update: (id: number, body: BlogPostInput, opts: Call = {}): Promise<BlogPost> =>
      http.put(`${postsPath}/${segment(id)}`, body, { ...opts, schema: blogPostSchema }),
    delete: (id: number, opts: Call = {}): Promise<void> => http.delete(`${postsPath}/${segment(id)}`, opts),
  };

  const redirectsPath = '/v3/storefront/redirects';
  const redirects = {
    /**
     * One page of `GET /v3/storefront/redirects` (redirects.v3.yml:28-121): filters `site_id`, `id:in`, `id:min`,
     * `id:max`, `keyword`, `sort`, `direction`; `includeToUrl` adds each redirect's full destination URL.
     */
    list: (opts: ListCall & { includeToUrl?: boolean } = {}): Promise<Page<Redirect>> =>
      http.list(redirectsPath, {
        ...opts,
        query: { ...opts.query, ...(opts.includeToUrl ? { include: 'to_url' } : {}) },
        schema: redirectSchema,
      }),
    listAll: (
      opts: Omit<PaginateOptions<typeof redirectSchema>, 'schema'> & { includeToUrl?: boolean } = {},
    ): Promise<Redirect[]> =>
      http.listAll(redirectsPath, {
        ...opts,
        query: { ...opts.query, ...(opts.includeToUrl ? { include: 'to_url' } : {}) },
        schema: redirectSchema,
      }),
    /**
     * `PUT /v3/storefront/redirects` (redirects.v3.yml:122-151): creates, or overwrites the redirect with the same
     * `site_id` and `from_path` (489), so sending it twice leaves the same redirects: retried like any PUT.
     */
    upsert: (items: readonly RedirectUpsert[], opts: Call = {}): Promise<Redirect[]> =>
      http.put(redirectsPath, items, { ...opts, schema: redirectSchema.array() }),
    /** `DELETE /v3/storefront/redirects?id:in=…` (152-177). */
    delete: (ids: readonly number[], opts: Call = {}): Promise<void> =>
      http.delete(redirectsPath, { signal: opts.signal, query: { 'id:in': ids } }),
    /** `DELETE /v3/storefront/redirects?site_id=…`: "To delete all redirects for a given site" (169-173). */
    deleteForSite: (siteId: number, opts: Call = {}): Promise<void> =>
      http.delete(redirectsPath, { signal: opts.signal, query: { site_id: siteId } }),
  };

  const store = {
    /** `GET /v2/store`, unwrapped [STORE2 getStoreInformation]. */
    get: (opts: Call = {}) => http.get('/v2/store', { ...opts, schema: storeInformationSchema }),
  };

  return {
    store,
    products,
    variants,
    categoryTrees,
    categories,
    brands,
    channels,
    assignments,
    widgetTemplates,
    widgets,
    placements,
    regions,
    pageWidgets,
    webPages,
    blogPosts,
    redirects,
  };
}

export type ResourceApi = ReturnType<typeof buildResourceApi>;
