// The Dump Widgets page-template catalogue (spec part 1 §9): 17 ids, the five that address one entity, and the Stencil
// template file each one stands for (`pages/{id}`; doc:docs/storefront/widgets/index.mdx "Placements", API-NOTES
// §6 (c)). Shared by the dump (server), the checklist (client) and the widgets importer.

export const PAGE_TEMPLATE_IDS = [
  'home',
  'product',
  'category',
  'brand',
  'brands',
  'page',
  'blog',
  'blog-post',
  'cart',
  'checkout',
  'search',
  'compare',
  'contact-us',
  'order-confirmation',
  'sitemap',
  'subscribed',
  'unsubscribe',
] as const;
export type PageTemplateId = (typeof PAGE_TEMPLATE_IDS)[number];

/** Templates whose pages are addressed by an entity id (spec part 1 §9 "Templates needing an entity id"). */
export const ENTITY_PAGE_TEMPLATE_IDS = ['product', 'category', 'brand', 'page', 'blog-post'] as const;
export type EntityPageTemplateId = (typeof ENTITY_PAGE_TEMPLATE_IDS)[number];

/**
 * The templates whose pages BigCommerce addresses by `entity_id` (its Widgets guide, "Placements"): product, brand,
 * category and page. `blog-post` needs an entity id in the spec's checklist, but BigCommerce places blog-post widgets
 * on the template for every post: the dump reads it once, without `entity_id`, and says so in a note.
 */
export const BIGCOMMERCE_ENTITY_TEMPLATE_IDS = ['product', 'category', 'brand', 'page'] as const;

/**
 * Templates of the spec's checklist that BigCommerce takes no widgets on (not in its Widgets guide's list of
 * template files; a store answers 422). The dump still asks, and a refusal becomes a note (issue 11).
 */
export const WIDGETLESS_PAGE_TEMPLATE_IDS: readonly PageTemplateId[] = ['checkout'];

export function isPageTemplateId(value: unknown): value is PageTemplateId {
  return typeof value === 'string' && (PAGE_TEMPLATE_IDS as readonly string[]).includes(value);
}

export function needsEntityId(id: PageTemplateId): id is EntityPageTemplateId {
  return (ENTITY_PAGE_TEMPLATE_IDS as readonly string[]).includes(id);
}

/** Mode `all` ("All Static Templates"): every template that needs no entity id, in catalogue order. */
export const STATIC_PAGE_TEMPLATE_IDS: readonly PageTemplateId[] = PAGE_TEMPLATE_IDS.filter(
  (id) => !needsEntityId(id),
);

/** `blog-post` -> `pages/blog-post`: the `template_file` of the page-widgets and placements APIs. */
export function templateFileOf(id: PageTemplateId): string {
  return `pages/${id}`;
}

/** `pages/blog-post` -> `blog-post`; undefined for any other template file (custom templates, account pages…). */
export function pageTemplateIdOf(templateFile: string): PageTemplateId | undefined {
  const id = templateFile.startsWith('pages/') ? templateFile.slice('pages/'.length) : '';
  return isPageTemplateId(id) ? id : undefined;
}

/** What the entity of a template is, for entity names and notes. */
export const ENTITY_KIND: Record<EntityPageTemplateId, string> = {
  product: 'product',
  category: 'category',
  brand: 'brand',
  page: 'web page',
  'blog-post': 'blog post',
};

/** A BigCommerce entity id: the decimal id of a product, category, brand, web page or blog post, sent as a string. */
export function isEntityId(value: string): boolean {
  return /^[1-9][0-9]{0,9}$/.test(value);
}

export type EntityIdsParse = { ok: true; ids: string[] } | { ok: false; invalid: string };

/**
 * Reads the entity-id input of one template: one or several ids separated by commas (spec part 1 §5), each a positive
 * whole number ({@link isEntityId}). Blanks between commas are ignored and
 * repeated ids are kept once, in input order. An empty input gives `ids: []`.
 */
export function parseEntityIds(text: string): EntityIdsParse {
  const ids: string[] = [];
  for (const part of text.split(',')) {
    const value = part.trim();
    if (value === '') continue;
    if (!isEntityId(value)) return { ok: false, invalid: value };
    if (!ids.includes(value)) ids.push(value);
  }
  return { ok: true, ids };
}
