// Deterministic demo content for the `sandbox-demo` store: custom widget templates (one with two versions, one unused,
// one without schema), page snapshots with regions, layouts, dropzones and widgets on 10 of the toolbox's 17 page
// templates plus the global regions, web pages for `pages/page`, and a few REST widgets and placements.
// The structure is fixed; the seed only changes the values (texts, colours, which product a widget shows, ids, dates).
import { Faker, base, en } from '@faker-js/faker';
import { LAYOUT_TEMPLATE_UUID } from '../built-in-templates';
import type { ContentState } from '../content-state';
import {
  BUILT_IN_CONFIGURE,
  CUSTOM_DEMO_TEMPLATES,
  SECOND_CHANNEL_TEMPLATE,
  builtInUuid,
  type DemoContext,
  type DemoTemplate,
} from './demo-templates';
import type { PageLayoutBody, PageWidgetBody, PublishPageBody } from '../page-widgets';
import { seedDemoStorefront } from './demo-storefront';
import type { JsonObject, WebPage, WebPageType } from '../types';
import { contentSlug } from '../slug';

export const DEFAULT_DEMO_SEED = 20_240_611;

/** Demo dates start here and move forward a little with every object created. */
const DEMO_EPOCH = Date.parse('2025-02-03T09:00:00.000Z');

export type DemoRefs = {
  productIds: readonly number[];
  categoryIds: readonly number[];
  brandIds: readonly number[];
  channelIds: readonly number[];
  storeHash?: string;
};

/** Toolbox page templates that stay empty in the demo store (spec part 1 §9 lists 17). */
export const EMPTY_DEMO_TEMPLATES = [
  'pages/blog-post',
  'pages/checkout',
  'pages/compare',
  'pages/order-confirmation',
  'pages/sitemap',
  'pages/subscribed',
  'pages/unsubscribe',
] as const;

/** Entities per template that get their own snapshot (taken from the front of the catalogue's id lists). */
export const DEMO_ENTITY_COUNTS = { product: 3, category: 2, brand: 2 } as const;

/** Web pages of the demo store; ids 1 and 4 have Page Builder content. */
const WEB_PAGES: readonly { name: string; type: WebPageType; isVisible: boolean }[] = [
  { name: 'Shipping & Returns', type: 'page', isVisible: true },
  { name: 'Contact Us', type: 'contact_form', isVisible: true },
  { name: 'Blog', type: 'blog', isVisible: true },
  { name: 'About Us', type: 'page', isVisible: true },
  { name: 'Size Guide', type: 'page', isVisible: true },
  { name: 'Privacy Policy', type: 'page', isVisible: false },
];
export const DEMO_WEB_PAGE_IDS_WITH_CONTENT = [1, 4] as const;

const px = (value: string) => ({ type: 'px', value });
const box = (top: string, right: string, bottom: string, left: string) => ({
  top: px(top),
  right: px(right),
  bottom: px(bottom),
  left: px(left),
});

/** Page Builder's layout configuration (keys as in the page-widgets spec example). */
function layoutConfiguration(columns: number): JsonObject {
  const weight = `${(100 / columns).toFixed(6)}%`;
  return {
    columnWeights: Array.from({ length: columns }, () => weight),
    numberOfDropzones: columns,
    layoutBackgroundColor: 'rgba(0,0,0,0)',
    layoutBackgroundImageAlignment: { horizontal: 'center', vertical: 'middle' },
    layoutBackgroundImageFit: 'fill',
    layoutBackgroundImageOpacity: 100,
    layoutBackgroundImageUrl: '',
    layoutBorderColor: '#333333',
    layoutBorderStyle: 'solid',
    layoutBorderThickness: 0,
    layoutHeight: '',
    layoutMargin: box('0', '0', '0', '0'),
    layoutPadding: box('0', '0', '0', '0'),
    layoutBackgroundType: '',
    layoutZIndex: 'auto',
    name: 'Layout',
  };
}

function dropzoneConfiguration(): JsonObject {
  return {
    dropzoneBackgroundColor: 'rgba(0,0,0,0)',
    dropzoneBackgroundImageAlignment: { horizontal: 'center', vertical: 'middle' },
    dropzoneBackgroundImageFit: 'fill',
    dropzoneBackgroundImageOpacity: 100,
    dropzoneBackgroundImageUrl: '',
    dropzoneBorderColor: '#333333',
    dropzoneBorderStyle: 'solid',
    dropzoneBorderThickness: 0,
    dropzoneHeight: '',
    dropzoneJustifyContent: 'center',
    dropzoneMargin: box('0', '0', '0', '0'),
    dropzonePadding: box('0', '10.5', '0', '10.5'),
    dropzoneZIndex: 'auto',
    dropzoneBackgroundType: '',
  };
}

function layout(dropzones: PageWidgetBody[][]): PageLayoutBody {
  return {
    type: 'layout',
    layout_template_uuid: LAYOUT_TEMPLATE_UUID,
    name: 'Layout',
    configuration: layoutConfiguration(dropzones.length),
    dropzones: dropzones.map((widgets) => ({ configuration: dropzoneConfiguration(), widgets })),
  };
}

type Region = PublishPageBody['regions'][number];

/** Seeds `state` with the demo content. The state's clock and UUIDs come from the seed while it runs. */
export function seedDemoContent(state: ContentState, refs: DemoRefs, seed = DEFAULT_DEMO_SEED): void {
  const faker = new Faker({ locale: [en, base], seed });
  let clock = DEMO_EPOCH;
  state.useIds({
    now: () => {
      clock += faker.number.int({ min: 60_000, max: 36 * 3_600_000 });
      return new Date(clock);
    },
    newUuid: () => faker.string.uuid(),
  });
  try {
    buildDemo(state, refs, {
      faker,
      productIds: refs.productIds,
      storeHash: refs.storeHash ?? 'sandbox-demo',
    });
  } finally {
    state.useIds();
  }
  // Blog posts and redirects: a faker of their own, so the content above stays what it was before they existed.
  seedDemoStorefront(state, refs, seed);
}

function buildDemo(state: ContentState, refs: DemoRefs, ctx: DemoContext): void {
  const channel = state.defaultChannelId;
  const secondChannel = refs.channelIds.find((id) => id !== channel);
  const { faker } = ctx;

  // Custom templates, by key.
  const uuids = new Map<string, string>();
  const configure = new Map<string, DemoTemplate['configure']>();
  const addTemplate = (demo: DemoTemplate, channelId: number): void => {
    const created = state.createTemplate({
      name: demo.name,
      template: demo.template,
      schema: demo.schema,
      storefront_api_query: demo.storefront_api_query,
      channel_id: channelId,
    });
    uuids.set(demo.key, created.uuid);
    configure.set(demo.key, demo.configure);
  };
  for (const demo of CUSTOM_DEMO_TEMPLATES) addTemplate(demo, channel);
  for (const [kind, fill] of Object.entries(BUILT_IN_CONFIGURE)) {
    uuids.set(kind, builtInUuid(kind));
    configure.set(kind, fill);
  }

  const widget = (key: string, name?: string): PageWidgetBody => {
    const uuid = uuids.get(key);
    const fill = configure.get(key);
    if (!uuid || !fill) throw new Error(`Demo widget template ${key} is not defined`);
    const { configuration, storefront_api_query_params = {} } = fill(ctx);
    return {
      type: 'widget',
      widget_template_uuid: uuid,
      name: name ?? state.getTemplate(uuid).name,
      description: '',
      configuration,
      storefront_api_query_params,
    };
  };
  const publish = (
    template_file: string | undefined,
    entity_id: string | undefined,
    regions: Region[],
    channel_id = channel,
  ) => state.publishPage({ channel_id, template_file, entity_id, regions });

  // Web pages (for `pages/page` entity names).
  WEB_PAGES.forEach((page, index) => {
    const webPage: WebPage = {
      id: index + 1,
      channel_id: channel,
      name: page.name,
      type: page.type,
      is_visible: page.isVisible,
      parent_id: 0,
      sort_order: index,
      is_homepage: false,
      is_customers_only: false,
      url: `/${contentSlug(page.name)}/`,
      meta_title: page.name,
      meta_description: faker.lorem.sentence(),
      meta_keywords: '',
      search_keywords: '',
      body: page.type === 'page' ? `<p>${faker.lorem.paragraphs(2, '</p><p>')}</p>` : '',
      ...(page.type === 'contact_form'
        ? {
            email: `hello@${contentSlug(refs.storeHash ?? 'sandbox-demo')}.example`,
            contact_fields: 'fullname,phone,orderno',
          }
        : {}),
    };
    state.addWebPage(webPage);
  });

  // Global regions.
  publish(undefined, undefined, [
    { name: 'header_bottom--global', children: [layout([[widget('promo-banner', 'Sitewide Promo')]])] },
    { name: 'ssl_site_seal--global', children: [widget('html', 'SSL Seal')] },
  ]);

  // Home page; `home_below_top_products` stays empty.
  publish('pages/home', undefined, [
    { name: 'header_bottom', children: [widget('text', 'Welcome Text')] },
    { name: 'home_below_menu', children: [widget('hero_banner')] },
    {
      name: 'home_below_carousel',
      children: [layout([[widget('product')], [widget('product')], [widget('product')]])],
    },
    { name: 'home_below_featured_products', children: [widget('testimonials')] },
    {
      name: 'home_below_new_products',
      children: [layout([[widget('header-images')], [widget('simple-list'), widget('button')]])],
    },
  ]);

  // Every product page, then a few single products.
  publish('pages/product', undefined, [{ name: 'product_below_price', children: [widget('trust-badges')] }]);
  refs.productIds.slice(0, DEMO_ENTITY_COUNTS.product).forEach((productId, index) => {
    const regions: Region[] = [
      { name: 'product_below_content', children: [layout([[widget('featured-product')], [widget('faq')]])] },
    ];
    if (index === 0)
      regions.unshift({ name: 'product_below_price', children: [widget('video', 'Product Video')] });
    publish('pages/product', String(productId), regions);
  });

  for (const categoryId of refs.categoryIds.slice(0, DEMO_ENTITY_COUNTS.category)) {
    publish('pages/category', String(categoryId), [
      { name: 'category_below_header', children: [widget('promo-banner')] },
      { name: 'category_below_content', children: [layout([[widget('product')], [widget('product')]])] },
    ]);
  }

  for (const brandId of refs.brandIds.slice(0, DEMO_ENTITY_COUNTS.brand)) {
    publish('pages/brand', String(brandId), [
      { name: 'brand_below_header', children: [widget('image', 'Brand Banner')] },
      { name: 'brand_below_content', children: [widget('text', 'Brand Story')] },
    ]);
  }

  publish('pages/brands', undefined, [{ name: 'brands_below_header', children: [widget('header-images')] }]);

  for (const pageId of DEMO_WEB_PAGE_IDS_WITH_CONTENT) {
    publish('pages/page', String(pageId), [
      {
        name: 'page_builder_content',
        children: [widget('hero_banner'), layout([[widget('text')], [widget('image')]]), widget('faq')],
      },
    ]);
  }

  publish('pages/cart', undefined, [
    {
      name: 'cart_below_totals',
      children: [widget('promo-banner', 'Cart Promo'), widget('pp-cartpage-fullbanner')],
    },
  ]);
  publish('pages/search', undefined, [
    { name: 'search_below_content', children: [widget('simple-list', 'Popular Searches')] },
  ]);
  publish('pages/blog', undefined, [{ name: 'header_bottom', children: [widget('text', 'Blog Intro')] }]);
  publish('pages/contact-us', undefined, [
    { name: 'header_bottom', children: [layout([[widget('newsletter')]])] },
  ]);

  if (secondChannel !== undefined) {
    addTemplate(SECOND_CHANNEL_TEMPLATE, secondChannel);
    publish(
      'pages/home',
      undefined,
      [{ name: 'home_below_menu', children: [widget(SECOND_CHANNEL_TEMPLATE.key), widget('hero_banner')] }],
      secondChannel,
    );
  }

  seedRestWidgets(state, refs, ctx, uuids, channel);
}

/** Widgets and placements made through the REST widgets API (separate from the page snapshots). */
function seedRestWidgets(
  state: ContentState,
  refs: DemoRefs,
  ctx: DemoContext,
  uuids: ReadonlyMap<string, string>,
  channel: number,
): void {
  const uuidOf = (key: string): string => {
    const uuid = uuids.get(key);
    if (!uuid) throw new Error(`Demo widget template ${key} is not defined`);
    return uuid;
  };
  const configurationOf = (key: string): JsonObject => {
    const demo = CUSTOM_DEMO_TEMPLATES.find((template) => template.key === key);
    const fill = demo?.configure ?? BUILT_IN_CONFIGURE[key];
    if (!fill) throw new Error(`Demo widget template ${key} is not defined`);
    return fill(ctx).configuration;
  };
  const create = (key: string, name: string) =>
    state.createWidget({
      name,
      widget_template_uuid: uuidOf(key),
      description: ctx.faker.lorem.sentence(),
      widget_configuration: configurationOf(key),
      channel_id: channel,
    });

  const headerImages = create('header-images', 'Home Header Images');
  state.createPlacement({
    widget_uuid: headerImages.uuid,
    template_file: 'pages/home',
    region: 'home_below_menu',
    sort_order: 1,
    status: 'active',
    channel_id: channel,
  });

  const categoryPromo = create('promo-banner', 'Category Promo');
  const firstCategory = refs.categoryIds[0];
  state.createPlacement({
    widget_uuid: categoryPromo.uuid,
    template_file: 'pages/category',
    entity_id: firstCategory === undefined ? undefined : String(firstCategory),
    region: 'category_below_header',
    sort_order: 0,
    status: 'active',
    channel_id: channel,
  });

  const cartReminder = create('text', 'Cart Reminder');
  state.createPlacement({
    widget_uuid: cartReminder.uuid,
    template_file: 'pages/cart',
    region: 'cart_below_totals',
    channel_id: channel,
  });

  // A widget made from the first version of "Legacy Banner"; the template then gets a second version.
  const legacy = create('legacy-banner', 'Legacy Banner (v1)');
  state.updateTemplate(uuidOf('legacy-banner'), {
    template: '<div class="legacy-banner legacy-banner--v2" role="note">{{message}}</div>',
    create_new_version: true,
  });
  state.createPlacement({
    widget_uuid: legacy.uuid,
    template_file: 'pages/brands',
    region: 'brands_below_header',
    sort_order: 2,
    status: 'active',
    channel_id: channel,
  });

  create('testimonials', 'Draft Testimonials');
}
