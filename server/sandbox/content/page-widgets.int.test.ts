import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BcErrorBody, Pagination } from '../core/envelope';
import { HERO_BANNER_UUID, LAYOUT_TEMPLATE_UUID, PRODUCT_UUID } from './built-in-templates';
import { snapshotWidgets } from './content-state';
import { expectBcError, json, TEST_REFS, useContentServer } from './content-test-server';
import { createContentState } from './create-content-state';
import { PAGE_TEMPLATE_IDS, templateFileOf } from '../../../common/dumps/page-templates';
import type { PageRegion, WidgetTemplateView } from './types';

type Snapshot = { data: { regions: PageRegion[] }; meta: { pagination: Pagination } };

const examplePage = JSON.parse(
  readFileSync(
    new URL('../../../../shared/bigcommerce/examples/page_widgets_regions.request.json', import.meta.url),
    'utf8',
  ),
) as { regions: PageRegion[] };

const server = useContentServer();

async function snapshot(query: string): Promise<PageRegion[]> {
  const res = await server.request(`/page-widgets${query}`);
  expect(res.status, query).toBe(200);
  return (await json<Snapshot>(res)).data.regions;
}

const widgetCount = (regions: PageRegion[]) => snapshotWidgets(regions).length;
const filled = (regions: PageRegion[]) => regions.filter((r) => r.children.length > 0).map((r) => r.name);

/** Widgets per demo page, with the entity id the toolbox would send (first entity for entity templates). */
const DEMO_PAGES: Record<string, { entity?: string; widgets: number; regions: string[] }> = {
  home: {
    widgets: 9,
    regions: [
      'header_bottom',
      'home_below_menu',
      'home_below_carousel',
      'home_below_featured_products',
      'home_below_new_products',
    ],
  },
  product: { entity: '77', widgets: 3, regions: ['product_below_price', 'product_below_content'] },
  category: { entity: '18', widgets: 3, regions: ['category_below_header', 'category_below_content'] },
  brand: { entity: '36', widgets: 2, regions: ['brand_below_header', 'brand_below_content'] },
  brands: { widgets: 1, regions: ['brands_below_header'] },
  page: { entity: '1', widgets: 4, regions: ['page_builder_content'] },
  blog: { widgets: 1, regions: ['header_bottom'] },
  // BigCommerce takes entity_id on product, brand, category and page templates only.
  'blog-post': { widgets: 0, regions: [] },
  cart: { widgets: 2, regions: ['cart_below_totals'] },
  search: { widgets: 1, regions: ['search_below_content'] },
  compare: { widgets: 0, regions: [] },
  'contact-us': { widgets: 1, regions: ['header_bottom'] },
  'order-confirmation': { widgets: 0, regions: [] },
  sitemap: { widgets: 0, regions: [] },
  subscribed: { widgets: 0, regions: [] },
  unsubscribe: { widgets: 0, regions: [] },
};

describe('GET /page-widgets', () => {
  it.each(PAGE_TEMPLATE_IDS.filter((template) => template !== 'checkout').map((template) => [template]))(
    'returns the demo snapshot of %s',
    async (template) => {
      const expected = DEMO_PAGES[template];
      if (!expected) throw new Error(`no expectation for ${template}`);
      const entity = expected.entity ? `&entity_id=${expected.entity}` : '';
      const regions = await snapshot(`?channel_id=1&template_file=${templateFileOf(template)}${entity}`);
      expect(widgetCount(regions)).toBe(expected.widgets);
      expect(filled(regions)).toEqual(expected.regions);
    },
  );

  it('refuses what BigCommerce refuses: pages/checkout takes no widgets, entity_id only on four templates', async () => {
    const refused = [
      ['?channel_id=1&template_file=pages/checkout', 'template_file'],
      ['?channel_id=1&template_file=pages/blog-post&entity_id=3', 'entity_id'],
      ['?channel_id=1&template_file=pages/cart&entity_id=3', 'entity_id'],
    ] as const;
    for (const [query, field] of refused) {
      const res = await server.request(`/page-widgets${query}`);
      expect(res.status, query).toBe(422);
      const body = await json<BcErrorBody>(res);
      expect(Object.keys(body.errors ?? {}), query).toEqual([field]);
    }
    for (const template of ['product', 'brand', 'category', 'page']) {
      const res = await server.request(
        `/page-widgets?channel_id=1&template_file=pages/${template}&entity_id=1`,
      );
      expect(res.status, template).not.toBe(422);
    }
    const widgets = await json<{ data: { uuid: string }[] }>(await server.request('/widgets?limit=1'));
    const placement = await server.request('/placements', {
      method: 'POST',
      body: JSON.stringify({
        widget_uuid: widgets.data[0]?.uuid,
        template_file: 'pages/checkout',
        status: 'active',
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(placement.status).toBe(422);
  });

  it('returns the global regions without template_file, with meta.pagination over regions', async () => {
    const res = await server.request('/page-widgets');
    const body = await json<Snapshot>(res);
    expect(body.data.regions.map((r) => [r.name, r.children.length])).toEqual([
      ['header_bottom--global', 1],
      ['header_navigation_bottom--global', 0],
      ['ssl_site_seal--global', 1],
    ]);
    expect(body.meta.pagination).toMatchObject({
      total: 3,
      count: 3,
      per_page: 50,
      current_page: 1,
      total_pages: 1,
    });
    const layout = body.data.regions[0]?.children[0];
    expect(layout).toMatchObject({
      type: 'layout',
      layout_template_uuid: LAYOUT_TEMPLATE_UUID,
      name: 'Layout',
    });
    if (layout?.type !== 'layout') throw new Error('expected a layout');
    expect(layout.configuration).toMatchObject({ numberOfDropzones: 1, columnWeights: ['100.000000%'] });
    expect(layout.dropzones[0]?.widgets[0]).toMatchObject({ type: 'widget', name: 'Sitewide Promo' });
  });

  it('keeps the home page layouts, dropzones and product widgets', async () => {
    const regions = await snapshot('?template_file=pages/home');
    const carousel = regions.find((r) => r.name === 'home_below_carousel')?.children[0];
    if (carousel?.type !== 'layout') throw new Error('expected a layout');
    expect(carousel.dropzones).toHaveLength(3);
    for (const dropzone of carousel.dropzones) {
      const widget = dropzone.widgets[0];
      expect(widget?.widget_template_uuid).toBe(PRODUCT_UUID);
      expect(TEST_REFS.productIds).toContain(Number(widget?.configuration.productId));
      expect(widget?.storefront_api_query_params).toEqual({
        productId: Number(widget?.configuration.productId),
      });
    }
    expect(regions.find((r) => r.name === 'home_below_top_products')?.children).toEqual([]);
  });

  it('separates entities and channels', async () => {
    expect(widgetCount(await snapshot('?template_file=pages/product&entity_id=81'))).toBe(0);
    expect(widgetCount(await snapshot('?template_file=pages/product'))).toBe(1);
    const channelTwo = await snapshot('?channel_id=2&template_file=pages/home');
    expect(filled(channelTwo)).toEqual(['home_below_menu']);
    expect(channelTwo[1]?.children.map((c) => (c.type === 'widget' ? c.name : c.type))).toEqual([
      'Channel Announcement',
      'Hero Banner',
    ]);
  });

  it('answers 422 for an unknown template file, an entity id where none applies, and an unknown channel', async () => {
    const cases: [string, string, Record<string, string>][] = [
      [
        '?template_file=pages/nope',
        'Unknown template_file pages/nope',
        { template_file: 'template_file pages/nope is not a template file of the active theme' },
      ],
      [
        '?template_file=pages/home&entity_id=5',
        'pages/home does not support entity_id',
        { entity_id: 'entity_id is not supported for template_file pages/home' },
      ],
      [
        '?template_file=pages/product&entity_id=x',
        'Invalid entity_id',
        { entity_id: 'entity_id must be a positive integer id sent as a string' },
      ],
      [
        '?channel_id=9',
        'Channel 9 does not exist',
        { channel_id: 'channel_id must be the id of an existing channel' },
      ],
      [
        '?entity_id=5',
        'entity_id needs a template_file',
        { entity_id: 'entity_id must be left out for the global regions' },
      ],
    ];
    for (const [query, title, errors] of cases) {
      const res = await server.request(`/page-widgets${query}`);
      await expectBcError(res, 422, title, errors, query);
    }
  });

  it('gives the empty store empty snapshots', async () => {
    server.use(createContentState({ ...TEST_REFS, demo: false }));
    for (const template of PAGE_TEMPLATE_IDS.filter((id) => id !== 'checkout')) {
      expect(widgetCount(await snapshot(`?template_file=${templateFileOf(template)}`))).toBe(0);
    }
    expect(widgetCount(await snapshot(''))).toBe(0);
  });
});

describe('POST /page-widgets', () => {
  it('replaces the page content, then GET shows exactly the new content', async () => {
    const templates = await json<{ data: WidgetTemplateView[] }>(
      await server.request('/widget-templates?widget_template_kind=custom'),
    );
    const faq = templates.data.find((t) => t.name === 'FAQ Accordion');
    if (!faq) throw new Error('FAQ Accordion is missing');

    const regions = [
      {
        name: 'category_below_content',
        children: [
          {
            type: 'layout',
            configuration: { columnWeights: ['50%', '50%'], numberOfDropzones: 2 },
            dropzones: [
              {
                widgets: [
                  {
                    type: 'widget',
                    widget_template_uuid: faq.uuid,
                    name: 'Sizing FAQ',
                    configuration: { questions: [] },
                  },
                ],
              },
              {
                widgets: [
                  {
                    widget_template_uuid: PRODUCT_UUID,
                    configuration: { productId: '80' },
                    storefront_api_query_params: { productId: 80 },
                  },
                ],
              },
            ],
          },
        ],
      },
    ];
    const res = await server.send('POST', '/page-widgets', {
      channel_id: 1,
      template_file: 'pages/category',
      entity_id: '18',
      regions,
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    const after = await snapshot('?template_file=pages/category&entity_id=18');
    expect(after.map((r) => [r.name, r.children.length])).toEqual([
      ['header_bottom', 0],
      ['category_below_header', 0],
      ['category_below_content', 1],
      ['product_item_below_price', 0],
    ]);
    expect(after[2]?.children).toEqual([
      {
        type: 'layout',
        layout_template_uuid: LAYOUT_TEMPLATE_UUID,
        name: 'Layout',
        configuration: { columnWeights: ['50%', '50%'], numberOfDropzones: 2 },
        dropzones: [
          {
            configuration: {},
            widgets: [
              {
                type: 'widget',
                widget_template_uuid: faq.uuid,
                name: 'Sizing FAQ',
                description: '',
                configuration: { questions: [] },
                storefront_api_query_params: {},
              },
            ],
          },
          {
            configuration: {},
            widgets: [
              {
                type: 'widget',
                widget_template_uuid: PRODUCT_UUID,
                name: 'Product',
                description: '',
                configuration: { productId: '80' },
                storefront_api_query_params: { productId: 80 },
              },
            ],
          },
        ],
      },
    ]);
    // The other category page is untouched.
    expect(widgetCount(await snapshot('?template_file=pages/category&entity_id=19'))).toBe(3);
  });

  it('publishes the spec example as it is', async () => {
    const res = await server.send('POST', '/page-widgets', examplePage);
    expect(res.status).toBe(204);
    const regions = await snapshot('?channel_id=1&template_file=pages/page&entity_id=5');
    expect(filled(regions)).toEqual(['header_bottom', 'home_below_menu']);
    expect(widgetCount(regions)).toBe(4);
    expect(regions.find((r) => r.name === 'home_below_menu')?.children).toEqual(
      examplePage.regions[0]?.children,
    );
  });

  it('clears a page with an empty regions list', async () => {
    expect(
      (await server.send('POST', '/page-widgets', { template_file: 'pages/home', regions: [] })).status,
    ).toBe(204);
    expect(widgetCount(await snapshot('?template_file=pages/home'))).toBe(0);
  });

  it('answers 422 naming unknown widget templates, and leaves the page as it was', async () => {
    const missing = '6f1c2b3a-0000-4000-8000-00000000abcd';
    const res = await server.send('POST', '/page-widgets', {
      template_file: 'pages/home',
      regions: [
        { name: 'home_below_menu', children: [{ type: 'widget', widget_template_uuid: HERO_BANNER_UUID }] },
        {
          name: 'home_below_carousel',
          children: [{ type: 'layout', dropzones: [{ widgets: [{ widget_template_uuid: missing }] }] }],
        },
      ],
    });
    await expectBcError(res, 422, 'The page content is invalid', {
      'regions.1.children.0.dropzones.0.widgets.0.widget_template_uuid': `widget_template_uuid ${missing} is not a widget template of channel 1`,
    });
    expect(widgetCount(await snapshot('?template_file=pages/home'))).toBe(9);
  });

  it('answers 422 for a body without regions or with a child of unknown type', async () => {
    const noRegions = await server.send('POST', '/page-widgets', { template_file: 'pages/home' });
    expect(noRegions.status).toBe(422);
    expect(Object.keys((await json<BcErrorBody>(noRegions)).errors ?? {})).toEqual(['regions']);

    const badChild = await server.send('POST', '/page-widgets', {
      template_file: 'pages/home',
      regions: [{ name: 'home_below_menu', children: [{ type: 'banner' }] }],
    });
    expect((await json<BcErrorBody>(badChild)).errors).toEqual({
      'regions.0.children.0.type': 'regions.0.children.0.type: type must be "widget" or "layout"',
    });
  });
});

describe('GET /regions', () => {
  it('lists the theme regions of a template file', async () => {
    const res = await server.request('/regions?template_file=pages/product&channel_id=1');
    expect(await json<unknown>(res)).toEqual({
      data: [
        { name: 'header_bottom--global' },
        { name: 'header_navigation_bottom--global' },
        { name: 'header_bottom' },
        { name: 'product_below_price' },
        { name: 'product_below_content' },
        { name: 'product_item_below_price' },
        { name: 'ssl_site_seal--global' },
      ],
      meta: {},
    });
    const alias = await json<{ data: { name: string }[] }>(
      await server.request('/regions?templateFile=pages/cart'),
    );
    expect(alias.data.map((r) => r.name)).toContain('cart_below_totals');
  });

  it('requires template_file and 404s an unknown one', async () => {
    const missing = await server.request('/regions');
    await expectBcError(missing, 422, 'Query parameter "template_file" is required.', {
      template_file: 'template_file is required',
    });
    const unknown = await server.request('/regions?template_file=pages/nope');
    expect(unknown.status).toBe(404);
    expect((await json<BcErrorBody>(unknown)).title).toBe(
      'Template file pages/nope not found in the active theme',
    );
  });
});
