// Stencil template files, which of them take an entity id, and the theme regions the sandbox's "active theme" has.
// Template files: doc:docs/storefront/widgets/index.mdx "Placements" (API-NOTES §6 (c)).
// Region names: bigcommerce/cornerstone 6.21.0 as listed in API-NOTES §6 (c); names only.
// The toolbox's 17 page templates and the five addressed by an entity id are the catalogue in common/dumps.
import { BIGCOMMERCE_ENTITY_TEMPLATE_IDS, templateFileOf } from '../../../common/dumps/page-templates';

const ACCOUNT_PAGES = [
  'add-address',
  'add-return',
  'add-wishlist',
  'addresses',
  'download-item',
  'edit',
  'inbox',
  'orders/all',
  'orders/completed',
  'orders/details',
  'orders/invoice',
  'recent-items',
  'return-saved',
  'returns',
  'wishlist-details',
  'wishlists',
].map((name) => `pages/account/${name}`);

const AUTH_PAGES = ['account-created', 'create-account', 'forgot-password', 'login', 'new-password'].map(
  (name) => `pages/auth/${name}`,
);

const OTHER_PAGES = [
  'pages/blog',
  'pages/blog-post',
  'pages/brand',
  'pages/brands',
  'pages/cart',
  'pages/category',
  // No `pages/checkout`: Cornerstone ships templates/pages/checkout.html, but BigCommerce takes no widgets there (it is
  // not in the guide's list, and a real store answers 422 `template_file`). The toolbox's checklist keeps it (spec §9)
  // and notes the refusal (issue 11).
  'pages/compare',
  'pages/contact-us',
  'pages/errors/403',
  'pages/errors/404',
  'pages/errors/generic',
  'pages/gift-certificate/balance',
  'pages/gift-certificate/purchase',
  'pages/gift-certificate/redeem',
  'pages/home',
  'pages/order-confirmation',
  'pages/page',
  'pages/product',
  'pages/search',
  'pages/sitemap',
  'pages/subscribed',
  'pages/unavailable/hibernation',
  'pages/unavailable/maintenance',
  'pages/unsubscribe',
];

/** Every template file the sandbox accepts, apart from custom ones (see {@link isKnownTemplateFile}). */
export const STATIC_TEMPLATE_FILES: readonly string[] = [...ACCOUNT_PAGES, ...AUTH_PAGES, ...OTHER_PAGES];

const STATIC_SET = new Set(STATIC_TEMPLATE_FILES);
const CUSTOM_TEMPLATE_RE = /^pages\/custom\/(product|brand|category|page)\/[A-Za-z0-9_-]+(?:\.html)?$/;

export function isKnownTemplateFile(templateFile: string): boolean {
  return STATIC_SET.has(templateFile) || CUSTOM_TEMPLATE_RE.test(templateFile);
}

const ENTITY_TEMPLATE_FILES = new Set<string>(BIGCOMMERCE_ENTITY_TEMPLATE_IDS.map(templateFileOf));

/**
 * Templates whose pages are addressed by `entity_id`: the doc names brand, category, page and product, and the custom
 * templates of those types. `pages/blog-post` is not among them (a real store refuses `entity_id` there).
 */
export function acceptsEntityId(templateFile: string): boolean {
  return CUSTOM_TEMPLATE_RE.test(templateFile) || ENTITY_TEMPLATE_FILES.has(templateFile);
}

/** Sitewide regions (names end in `--global`); they live in the snapshot without template_file. */
export const GLOBAL_REGIONS = [
  'header_bottom--global',
  'header_navigation_bottom--global',
  'ssl_site_seal--global',
] as const;

export function isGlobalRegion(name: string): boolean {
  return name.endsWith('--global');
}

const PAGE_REGIONS: Record<string, readonly string[]> = {
  'pages/home': [
    'home_below_menu',
    'home_below_carousel',
    'home_below_featured_products',
    'home_below_top_products',
    'home_below_new_products',
  ],
  'pages/product': ['product_below_price', 'product_below_content'],
  'pages/category': ['category_below_header', 'category_below_content'],
  'pages/brand': ['brand_below_header', 'brand_below_content'],
  'pages/brands': ['brands_below_header', 'brands_below_content'],
  'pages/cart': ['cart_below_totals'],
  'pages/search': ['search_below_content'],
  'pages/page': ['page_builder_content'],
};

/** Templates that render product cards (card and list-item partials carry `product_item_below_price`). */
const WITH_PRODUCT_CARDS = new Set([
  'pages/home',
  'pages/category',
  'pages/brand',
  'pages/search',
  'pages/product',
]);

/** Templates rendered without the theme header and footer (order confirmation uses the checkout layout). */
const WITHOUT_HEADER = new Set(['pages/order-confirmation']);

function baseTemplateOf(templateFile: string): string {
  const custom = CUSTOM_TEMPLATE_RE.exec(templateFile);
  return custom ? `pages/${custom[1]}` : templateFile;
}

/**
 * Region names in render order for a page snapshot of `templateFile`: the header partial's region, the page's own
 * regions, then the product card partial's. Global regions are not part of a page snapshot.
 */
export function pageRegionNames(templateFile: string): string[] {
  if (WITHOUT_HEADER.has(templateFile)) return [];
  const base = baseTemplateOf(templateFile);
  const names = ['header_bottom', ...(PAGE_REGIONS[base] ?? [])];
  if (WITH_PRODUCT_CARDS.has(base)) names.push('product_item_below_price');
  return names;
}

/**
 * What `GET /content/regions?template_file=` lists: every region the rendered file contains, global ones included
 * (the spec example mixes the header partial's `header_bottom` with a page region; API-NOTES §6 (c)).
 */
export function themeRegionNames(templateFile: string): string[] {
  if (WITHOUT_HEADER.has(templateFile)) return [];
  const [headerGlobal, navGlobal, sealGlobal] = GLOBAL_REGIONS;
  return [headerGlobal, navGlobal, ...pageRegionNames(templateFile), sealGlobal];
}
