// POST /api/dump-widgets against the app's built-in sandbox (its demo content: sandbox/content/README.md), over HTTP.
import { describe, expect, it } from 'vitest';
import {
  DUMP_WIDGETS_PATH,
  dumpProgressSchema,
  dumpWidgetsResponseSchema,
} from '../../../common/contracts/dump-widgets';
import {
  listSnapshotWidgets,
  summariseWidgetsDump,
  type WidgetsDump,
} from '../../../common/dumps/widgets-dump';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, toolData, type Json, useToolTestServer } from '../../test/store-tools';

const OUTLET_CHANNEL = 1702953;

/** Checks what every dump must hold: §3 fields, a summary that matches, a template for every widget. */
function expectConsistent(data: WidgetsDump) {
  expect(data.summary).toEqual(summariseWidgetsDump(data.templates, data.widgetTemplates));
  const uuids = new Set(data.widgetTemplates.map((t) => t.uuid));
  for (const page of data.templates) {
    for (const widget of listSnapshotWidgets(page.snapshot.regions)) {
      expect(uuids.has(String(widget.widget_template_uuid)), String(widget.widget_template_uuid)).toBe(true);
    }
  }
  for (const template of data.widgetTemplates) {
    expect(Object.keys(template).sort()).toEqual(
      ['kind', 'name', 'schema', 'storefront_api_query', 'template', 'uuid'].sort(),
    );
  }
}

describe.each(testDatabaseKinds())('dump widgets (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { control, sandbox } = app;
  const dump = (body: unknown, headers?: Record<string, string>) =>
    app.post(DUMP_WIDGETS_PATH, body, headers);
  const dumpOk = async (body: Json): Promise<WidgetsDump> => {
    const data = toolData(await dump({ storeCredentials: DEMO, ...body }), dumpWidgetsResponseSchema);
    expectConsistent(data);
    return data;
  };

  it('mode global: the global regions only', async () => {
    const data = await dumpOk({ dumpMode: 'global' });
    expect(data).toMatchObject({
      formatVersion: 1,
      kind: 'bc-toolbox/widgets-dump',
      storeHash: 'sandbox-demo',
      channelId: 1,
      dumpMode: 'global',
      notes: [],
    });
    expect(data.templates).toHaveLength(1);
    const [global] = data.templates;
    expect(global).toMatchObject({ template_file: null, entity_id: null, entity_name: null, channel_id: 1 });
    const filled = global?.snapshot.regions.filter((r) => r.children.length > 0).map((r) => r.name);
    expect(filled).toEqual(['header_bottom--global', 'ssl_site_seal--global']);
    expect(data.summary).toEqual({
      totalWidgetTemplates: 2,
      totalTemplates: 1,
      totalWidgets: 2,
      uniqueWidgetTemplates: 2,
    });
    expect(data.widgetTemplates.map((t) => t.name).sort()).toEqual(['HTML', 'Promo Banner'].sort());
  });

  it('mode all: every static template plus the global regions, empty and refused pages noted', async () => {
    const data = await dumpOk({ dumpMode: 'all' });
    expect(data.templates.map((t) => t.template_file)).toEqual([
      null,
      'pages/home',
      'pages/brands',
      'pages/blog',
      'pages/cart',
      'pages/search',
      'pages/contact-us',
    ]);
    // BigCommerce refuses pages/checkout (422 template_file): a note, and the rest of the dump completes.
    expect(data.notes).toEqual([
      'pages/checkout: BigCommerce takes no widgets on this template; skipped',
      ...['compare', 'order-confirmation', 'sitemap', 'subscribed', 'unsubscribe'].map(
        (t) => `pages/${t}: no widgets on channel 1; skipped`,
      ),
    ]);
    const home = data.templates.find((t) => t.template_file === 'pages/home');
    const direct = await sandbox<{ data: { regions: Json[] } }>(
      '/v3/content/page-widgets?channel_id=1&template_file=pages/home',
    );
    expect(home?.snapshot.regions).toEqual(direct.data.regions);
    expect(data.summary.totalWidgets).toBe(9 + 2 + 1 + 1 + 2 + 1 + 1);
    // The custom templates come with their Handlebars and schema, built-ins with their kind.
    const custom = data.widgetTemplates.filter((t) => t.kind === 'custom');
    expect(custom.length).toBeGreaterThan(3);
    expect(custom.every((t) => t.template.length > 0)).toBe(true);
    expect(data.widgetTemplates.some((t) => t.kind === 'pp-cartpage-fullbanner')).toBe(true);
  });

  it('mode selected: entity pages with names, several ids per template, unknown entities noted', async () => {
    const categories = await sandbox<{ data: Array<{ category_id: number; name: string }> }>(
      '/v3/catalog/trees/categories?limit=250',
    );
    const brands = await sandbox<{ data: Array<{ id: number; name: string }> }>(
      '/v3/catalog/brands?limit=250',
    );
    const product = await sandbox<{ data: { name: string } }>('/v3/catalog/products/77');
    const firstCategory = [...categories.data].sort((a, b) => a.category_id - b.category_id)[0];
    const firstBrand = [...brands.data].sort((a, b) => a.id - b.id)[0];

    const data = await dumpOk({
      dumpMode: 'selected',
      channelId: '1',
      selectedTemplates: ['product', 'home', 'category', 'brand', 'page', 'blog-post'],
      entityIds: {
        product: '77, 999999,77,',
        category: String(firstCategory?.category_id),
        brand: String(firstBrand?.id),
        page: '1,4',
        'blog-post': '5',
        // Ids for templates that take none, or that are not selected, are ignored.
        home: '3',
        cart: '1',
      },
    });
    expect(data.templates.map((t) => [t.template_file, t.entity_id, t.entity_name])).toEqual([
      ['pages/home', null, null],
      ['pages/product', '77', product.data.name],
      ['pages/category', String(firstCategory?.category_id), firstCategory?.name],
      ['pages/brand', String(firstBrand?.id), firstBrand?.name],
      ['pages/page', '1', 'Shipping & Returns'],
      ['pages/page', '4', 'About Us'],
    ]);
    expect(data.notes).toEqual([
      'pages/product (entity 999999): no product with id 999999 exists in the store; skipped',
      'pages/blog-post: BigCommerce places these widgets on the template for every blog post, not per entity, so the page was read once without entity_id (asked for entity 5)',
      'pages/blog-post: no widgets on channel 1; skipped',
    ]);
  });

  it('mode selected: a page the store refuses is a note, the other pages are dumped', async () => {
    const data = await dumpOk({
      dumpMode: 'selected',
      selectedTemplates: ['checkout', 'home', 'blog-post'],
      entityIds: { 'blog-post': '3, 4' },
    });
    expect(data.templates.map((t) => t.template_file)).toEqual(['pages/home']);
    // In the checklist's order.
    expect(data.notes).toEqual([
      'pages/blog-post: BigCommerce places these widgets on the template for every blog post, not per entity, so the page was read once without entity_id (asked for entity 3, 4)',
      'pages/blog-post: no widgets on channel 1; skipped',
      'pages/checkout: BigCommerce takes no widgets on this template; skipped',
    ]);
  });

  it('reads another channel when a Channel ID is given', async () => {
    const data = await dumpOk({
      dumpMode: 'selected',
      channelId: OUTLET_CHANNEL,
      selectedTemplates: ['home'],
    });
    expect(data.channelId).toBe(OUTLET_CHANNEL);
    expect(data.templates).toHaveLength(1);
    expect(data.templates[0]?.channel_id).toBe(OUTLET_CHANNEL);
    expect(data.widgetTemplates.map((t) => t.name)).toContain('Channel Announcement');
  });

  it('refuses bad input with the spec messages', async () => {
    const cases: Array<[Json, number, Json]> = [
      [{ dumpMode: 'all' }, 400, { error: 'Please select a store', code: 'store_required' }],
      [
        { storeCredentials: DEMO, dumpMode: 'selected', selectedTemplates: [] },
        400,
        { error: 'Please select at least one template', code: 'template_required' },
      ],
      [
        {
          storeCredentials: DEMO,
          dumpMode: 'selected',
          selectedTemplates: ['home', 'blog-post'],
          entityIds: {},
        },
        400,
        { error: 'Please provide entity_id for template: blog-post', code: 'entity_id_required' },
      ],
      [
        {
          storeCredentials: DEMO,
          dumpMode: 'selected',
          selectedTemplates: ['product'],
          entityIds: { product: ' , ' },
        },
        400,
        { error: 'Please provide entity_id for template: product', code: 'entity_id_required' },
      ],
      [
        {
          storeCredentials: DEMO,
          dumpMode: 'selected',
          selectedTemplates: ['product'],
          entityIds: { product: '7x' },
        },
        400,
        {
          error: 'Entity ID "7x" for template product must be a positive whole number',
          code: 'invalid_input',
        },
      ],
      [
        { storeCredentials: DEMO, dumpMode: 'selected', selectedTemplates: ['account'] },
        400,
        { error: 'Unknown page template: account', code: 'invalid_input' },
      ],
      [
        { storeCredentials: DEMO, dumpMode: 'everything' },
        400,
        { error: 'dumpMode must be global, all or selected', code: 'invalid_input' },
      ],
      [
        { storeCredentials: DEMO, dumpMode: 'global', channelId: 'abc' },
        400,
        { error: 'Channel ID must be a whole number of at least 1', code: 'invalid_input' },
      ],
    ];
    for (const [body, status, expected] of cases) {
      expect(await dump(body), JSON.stringify(body)).toEqual({
        status,
        body: { success: false, ...expected },
      });
    }
  });

  it('says plainly when the token is wrong, and when BigCommerce keeps failing', async () => {
    const wrong = await dump({ storeCredentials: { ...DEMO, accessToken: 'x' }, dumpMode: 'global' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, code: 'bc_unauthorized' });

    await control('/settings', {
      method: 'PUT',
      body: JSON.stringify({ errorRate: 1, errorStatus: 503, match: { path: 'page-widgets' } }),
    });
    const down = await dump({ storeCredentials: DEMO, dumpMode: 'global' });
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ success: false, code: 'bc_unavailable' });
    expect(String(down.body.error)).toMatch(/BigCommerce is not answering properly/);
  });

  it('answers a 429 storm without the user seeing a 429', async () => {
    await control('/settings', { method: 'PUT', body: JSON.stringify({ storm: { count: 6, resetMs: 50 } }) });
    const data = await dumpOk({ dumpMode: 'all' });
    expect(data.templates).toHaveLength(7);
    const stats = (await (await control('/stats')).json()) as { data: { rateLimited: number } };
    expect(stats.data.rateLimited).toBe(6);
  });

  it('streams progress lines, then the plain answer, when asked to', async () => {
    for (const [path, headers] of [
      [DUMP_WIDGETS_PATH, { Accept: 'application/x-ndjson' }],
      [`${DUMP_WIDGETS_PATH}?progress=1`, {}],
    ] as const) {
      const res = await app.server.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ storeCredentials: DEMO, dumpMode: 'all' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const lines = (await res.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Json);
      const progress = lines.slice(0, -1).map((line) => dumpProgressSchema.parse(line));
      expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
      expect(progress.every((p) => p.total === 13)).toBe(true);
      const final = dumpWidgetsResponseSchema.parse(lines.at(-1));
      expect(final.success && final.data.summary.totalTemplates).toBe(7);
    }

    // A failure after the stream started is the last line; invalid input is refused before it starts.
    const wrong = await app.server.request(`${DUMP_WIDGETS_PATH}?progress=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeCredentials: { ...DEMO, accessToken: 'x' }, dumpMode: 'global' }),
    });
    const lines = (await wrong.text()).trim().split('\n');
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({ success: false, code: 'bc_unauthorized' });
    const invalid = await dump(
      { storeCredentials: DEMO, dumpMode: 'selected' },
      { Accept: 'application/x-ndjson' },
    );
    expect(invalid).toEqual({
      status: 400,
      body: { success: false, error: 'Please select at least one template', code: 'template_required' },
    });
  });
});
