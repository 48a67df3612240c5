import { describe, expect, it } from 'vitest';
import { idMapOf } from './id-map';
import { levelWave } from './restore.job';
import { planItem, restoreLevel } from './restore-preview';
import { productCreateBody } from './restore-create';
import { modifierBody } from './restore-parts';
import { unitHash, valueHash } from './restore-paths';
import {
  entityKindOfTemplate,
  missingRequired,
  referenceToMadeAgain,
  repointField,
  repointItem,
  repointKey,
} from './restore-refs';
import { publishedDateText, sameContent } from './live-content-items';
import type { RestorePlanItem } from './restore-plan';

describe('the store id map (issue 40)', () => {
  const map = idMapOf([
    ['category', 19, 501],
    ['category', 501, 777],
    ['product', 87, 1400],
    ['brand', 36, 90],
  ]);

  it('follows an id made again more than once, and leaves others as they are', () => {
    expect(map.resolve('category', 19)).toBe(777);
    expect(map.resolve('category', 20)).toBe(20);
    expect(map.resolve('product', '87')).toBe('1400');
    expect(map.has('brand', 36)).toBe(true);
    expect(map.has('brand', 37)).toBe(false);
  });

  it('names the old ids an id was made again from, and none for one never made again', () => {
    expect(map.madeFrom('category', 777)).toEqual(['501']);
    expect(map.madeFrom('category', '501')).toEqual(['19']);
    expect(map.madeFrom('category', 19)).toEqual([]);
    expect(map.madeFrom('brand', 1400)).toEqual([]);
  });

  it('re-points references: categories, brand, related products, a parent, but not 0 or -1', () => {
    expect(repointField('product', 'categories', [19, 23], map)).toEqual([777, 23]);
    expect(repointField('product', 'brand_id', 36, map)).toBe(90);
    expect(repointField('product', 'brand_id', 0, map)).toBe(0);
    expect(repointField('product', 'related_products', [-1], map)).toEqual([-1]);
    expect(repointField('product', 'related_products', [87, 88], map)).toEqual([1400, 88]);
    expect(repointField('category', 'parent_id', 19, map)).toBe(777);
    expect(repointField('product', 'description', 19, map)).toBe(19);
  });

  it("re-points an item's key and a page's entity by its template file", () => {
    expect(repointKey('product', { id: 87 }, map)).toEqual({ id: 1400 });
    expect(repointKey('page', { channelId: 1, templateFile: 'pages/product', entityId: '87' }, map)).toEqual({
      channelId: 1,
      templateFile: 'pages/product',
      entityId: '1400',
    });
    expect(repointKey('page', { channelId: 1, templateFile: 'pages/home', entityId: null }, map)).toEqual({
      channelId: 1,
      templateFile: 'pages/home',
      entityId: null,
    });
    expect(entityKindOfTemplate('pages/custom/category/sale')).toBe('category');
    // A web page's own Page Builder page (issue 40's `web-page` kind).
    expect(entityKindOfTemplate('pages/page')).toBe('web-page');
    expect(entityKindOfTemplate('pages/home')).toBeNull();
  });

  it("re-points a product-list modifier's products", () => {
    const body = modifierBody(
      {
        id: 5,
        type: 'product_list',
        required: false,
        display_name: 'Add-on',
        option_values: [
          { id: 9, label: 'Case', value_data: { product_id: 87 } },
          { id: 10, label: 'None' },
        ],
      },
      map,
    );
    expect(body).toEqual({
      type: 'product_list',
      required: false,
      display_name: 'Add-on',
      option_values: [{ label: 'Case', value_data: { product_id: 1400 } }, { label: 'None' }],
    });
  });
});

describe('a product made again (issue 40)', () => {
  it('sends its variants by option display name and label, not its base variant, with their stock', () => {
    const body = productCreateBody({
      id: 87,
      name: 'Chair',
      price: 10,
      calculated_price: 10,
      custom_url: { url: '/chair/', is_customized: false },
      variants: [
        { id: 1, sku: 'CH', option_values: [] },
        {
          id: 2,
          sku: 'CH-RED',
          price: null,
          inventory_level: 4,
          option_values: [{ id: 7, option_id: 3, option_display_name: 'Colour', label: 'Red' }],
        },
      ],
      custom_fields: [
        { id: 1, name: 'Material', value: 'Oak' },
        { id: 2, name: 'Material', value: 'Beech' },
      ],
    });
    expect(body).toEqual({
      name: 'Chair',
      price: 10,
      custom_fields: [
        { name: 'Material', value: 'Oak' },
        { name: 'Material', value: 'Beech' },
      ],
      variants: [
        {
          sku: 'CH-RED',
          inventory_level: 4,
          option_values: [{ option_display_name: 'Colour', label: 'Red' }],
        },
      ],
    });
  });
});

describe('a whole-item restore names what it does not write (issue 40)', () => {
  const snapshot = {
    id: 7,
    name: 'Chair',
    inventory_level: 10,
    images: [{ id: 1, description: 'front' }],
    channels: [1, 2],
    variants: [
      { id: 1, sku: 'A', price: 5, inventory_level: 4, option_values: [{ label: 'x' }] },
      { id: 2, sku: 'B', price: 6, inventory_level: 6, option_values: [{ label: 'y' }] },
    ],
  };

  it('leaves stock as sold unless chosen, and says so', () => {
    const live = { ...snapshot, inventory_level: 7 };
    const left = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', snapshot, live);
    expect(left.preview).toMatchObject({
      action: 'not-restorable',
      fields: [],
      notWritten: [{ path: 'inventory_level', code: 'stock-not-chosen' }],
    });
    expect(left.plan.units).toEqual([]);
    const chosen = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', snapshot, live, { stock: true });
    expect(chosen.preview.action).toBe('update');
    expect(chosen.preview.fields).toEqual([{ path: 'inventory_level', live: 7, restored: 10 }]);
  });

  it('writes a variant gone (made again), one added (deleted) and each part that differs, and shows each', () => {
    const live = {
      ...snapshot,
      images: [],
      channels: [1],
      variants: [
        { id: 1, sku: 'A', price: 9, inventory_level: 4, option_values: [{ label: 'x' }] },
        { id: 3, sku: 'C', price: 6, inventory_level: 6, option_values: [{ label: 'z' }] },
      ],
    };
    const { preview, plan } = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', snapshot, live);
    expect(preview.action).toBe('update');
    expect(preview.notWritten).toBeUndefined();
    expect(preview.fields).toEqual([
      { path: 'variants[sku=A].price', live: 9, restored: 5 },
      {
        path: 'variants',
        live: [
          { option_values: [{ label: 'x' }], sku: 'A' },
          { option_values: [{ label: 'z' }], sku: 'C' },
        ],
        restored: [
          { option_values: [{ label: 'x' }], sku: 'A' },
          { option_values: [{ label: 'y' }], sku: 'B' },
        ],
      },
      { path: 'images', live: [], restored: [{ description: 'front' }] },
      { path: 'channels', live: [1], restored: [1, 2] },
    ]);
    // Each part is a unit checked against the part as the preview saw it (the stale rule).
    expect(plan.units.map((u) => [u.path, u.expect])).toEqual([
      ['variants[sku=A].price', valueHash(9)],
      ['variants', unitHash({ type: 'part', part: 'variants' }, live.variants)],
      ['images', valueHash([])],
      ['channels', valueHash([1])],
    ]);
    // The variants' ids stay in the value written: the writer pairs by them.
    expect(plan.units[1]!.value).toEqual(snapshot.variants);
    // Only when the whole item is restored: chosen fields write no part they do not name.
    const chosen = planItem(
      { kind: 'product', key: { id: 7 }, fields: ['variants[sku=A].price'] },
      'Chair',
      snapshot,
      live,
    );
    expect(chosen.plan.units.map((u) => u.path)).toEqual(['variants[sku=A].price']);
  });

  it("names a variant's image that differs as not written, never 'unchanged'", () => {
    const live = {
      ...snapshot,
      variants: snapshot.variants.map((v) => (v.sku === 'B' ? { ...v, image_url: 'https://cdn/b.jpg' } : v)),
    };
    const { preview, plan } = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', snapshot, live);
    expect(preview).toMatchObject({
      action: 'not-restorable',
      fields: [],
      notWritten: [{ path: 'variants[sku=B].image_url', code: 'part-not-restored' }],
    });
    expect(plan.units).toEqual([]);
  });

  it('sees no difference in a part whose elements were only given new ids', () => {
    const live = {
      ...snapshot,
      images: [{ id: 40, description: 'front', url_zoom: 'https://cdn/x.jpg' }],
    };
    const { preview } = planItem({ kind: 'product', key: { id: 7 } }, 'Chair', snapshot, live);
    expect(preview).toMatchObject({ action: 'unchanged', fields: [] });
  });
});

describe('the order a restore writes in (issue 40)', () => {
  const item = (kind: RestorePlanItem['kind'], id: number, level: number): RestorePlanItem => ({
    kind,
    key: { id },
    name: String(id),
    action: 'create',
    units: [],
    level,
  });

  it('puts parents before children and cuts a wave where the level changes', () => {
    expect(restoreLevel('brand')).toBeLessThan(restoreLevel('category'));
    expect(restoreLevel('category', 0)).toBeLessThan(restoreLevel('category', 1));
    expect(restoreLevel('category', 5)).toBeLessThan(restoreLevel('product'));
    expect(restoreLevel('product')).toBeLessThan(restoreLevel('page'));
    const plan = [item('brand', 1, 0), item('brand', 2, 0), item('category', 3, 1), item('category', 4, 2)];
    expect(levelWave(plan, 0).map((i) => i.key.id)).toEqual([1, 2]);
    expect(levelWave(plan, 2).map((i) => i.key.id)).toEqual([3]);
    expect(levelWave(plan, 3).map((i) => i.key.id)).toEqual([4]);
  });
});

describe("issue 40's kinds: references and order", () => {
  const map = idMapOf([
    ['widget-template', 'tpl-old', 'tpl-new'],
    ['widget', 'w-old', 'w-new'],
    ['product', 87, 1400],
    ['web-page', 4, 12],
    ['blog-post', 1, 9],
  ]);

  it("re-points a widget's template, a placement's widget and entity (by its template file), a page's parent", () => {
    expect(repointItem('widget', { name: 'W', widget_template_uuid: 'tpl-old' }, map)).toEqual({
      name: 'W',
      widget_template_uuid: 'tpl-new',
    });
    expect(
      repointItem(
        'placement',
        { widget_uuid: 'w-old', template_file: 'pages/product', entity_id: '87' },
        map,
      ),
    ).toEqual({ widget_uuid: 'w-new', template_file: 'pages/product', entity_id: '1400' });
    // The same entity id on a web page's template is a web page's.
    expect(repointItem('placement', { template_file: 'pages/page', entity_id: '87' }, map)).toEqual({
      template_file: 'pages/page',
      entity_id: '87',
    });
    expect(repointItem('placement', { template_file: 'pages/page', entity_id: '4' }, map).entity_id).toBe(
      '12',
    );
    expect(repointItem('web-page', { parent_id: 4 }, map)).toEqual({ parent_id: 12 });
    expect(
      repointKey('page', { channelId: 1, templateFile: 'pages/page', entityId: '4' }, map).entityId,
    ).toBe('12');
  });

  it("re-points a redirect's target by its type, never a URL", () => {
    expect(repointItem('redirect', { to: { type: 'post', entity_id: 1 } }, map)).toEqual({
      to: { type: 'post', entity_id: 9 },
    });
    expect(repointItem('redirect', { to: { type: 'page', entity_id: 4 } }, map)).toEqual({
      to: { type: 'page', entity_id: 12 },
    });
    expect(repointItem('redirect', { to: { type: 'url', url: '/x' } }, map)).toEqual({
      to: { type: 'url', url: '/x' },
    });
  });

  it('writes what others name first: templates, web pages before their pages, widgets before placements, redirects last', () => {
    expect(restoreLevel('widget-template')).toBeLessThan(restoreLevel('widget'));
    expect(restoreLevel('web-page', 3)).toBeLessThan(restoreLevel('page'));
    expect(restoreLevel('web-page', 0)).toBeLessThan(restoreLevel('web-page', 1));
    expect(restoreLevel('page')).toBeLessThan(restoreLevel('widget'));
    expect(restoreLevel('widget')).toBeLessThan(restoreLevel('placement'));
    expect(restoreLevel('blog-post')).toBeLessThan(restoreLevel('redirect'));
    expect(restoreLevel('placement')).toBeLessThan(restoreLevel('redirect'));
  });

  it("writes a blog post's publication date as RFC 2822, from the object BigCommerce answers", () => {
    const when = publishedDateText({
      published_date: { date: '2024-09-14 08:30:05.000000', timezone_type: 1, timezone: '+00:00' },
    });
    expect(when).toBe('Sat, 14 Sep 2024 08:30:05 GMT');
    expect(publishedDateText({ published_date_iso8601: '2024-09-14T10:30:05+0200' })).toBe(
      'Sat, 14 Sep 2024 08:30:05 GMT',
    );
  });

  it('makes no widget without its template, no placement without its widget', () => {
    expect(missingRequired('widget', { name: 'W' })).toEqual(['widget_template_uuid']);
    expect(missingRequired('widget', { name: 'W', widget_template_uuid: 'tpl' })).toEqual([]);
    expect(missingRequired('placement', { template_file: 'pages/home' })).toEqual(['widget_uuid']);
    expect(missingRequired('placement', { widget_uuid: 'w', template_file: 'pages/home' })).toEqual([]);
    expect(missingRequired('web-page', { name: 'P' })).toEqual([]);
  });

  it('re-points, unasked, a placement or a redirect that names an item made again (no diff names them)', () => {
    const madeAgain = new Set(['product:87', 'web-page:4', 'widget:w1']);
    const placement = (template_file: string, entity_id: string) => ({
      widget_uuid: 'w2',
      template_file,
      entity_id,
    });
    expect(referenceToMadeAgain('placement', placement('pages/product', '87'), madeAgain)).toBe('entity_id');
    expect(referenceToMadeAgain('placement', placement('pages/product', '88'), madeAgain)).toBeNull();
    // The entity's kind is the template file's: web page 87 is not product 87.
    expect(referenceToMadeAgain('placement', placement('pages/page', '87'), madeAgain)).toBeNull();
    expect(referenceToMadeAgain('placement', placement('pages/home', ''), madeAgain)).toBeNull();
    // A placement goes with its widget: a widget made again makes its placements again, none is left to re-point.
    expect(
      referenceToMadeAgain('placement', { ...placement('pages/home', ''), widget_uuid: 'w1' }, madeAgain),
    ).toBeNull();
    expect(referenceToMadeAgain('redirect', { to: { type: 'product', entity_id: 87 } }, madeAgain)).toBe(
      'to',
    );
    expect(referenceToMadeAgain('redirect', { to: { type: 'page', entity_id: 4 } }, madeAgain)).toBe('to');
    expect(referenceToMadeAgain('redirect', { to: { type: 'post', entity_id: 4 } }, madeAgain)).toBeNull();
    expect(referenceToMadeAgain('redirect', { to: { type: 'url', url: '/87' } }, madeAgain)).toBeNull();
    // BigCommerce moves a web page's children to the top when it deletes the page: a diff names them.
    expect(referenceToMadeAgain('web-page', { parent_id: 4 }, madeAgain)).toBeNull();
  });
});

describe('what an earlier attempt made, by its content (issue 40)', () => {
  const widgetBody = {
    name: 'Banner',
    description: '',
    widget_template_uuid: 'tpl',
    widget_configuration: { text: 'Hi', list: [1, { deep: true }] },
    channel_id: 1,
  };
  // As BigCommerce answers it: the template embedded, its own uuid in the configuration, keys in another order.
  const widget = {
    uuid: 'w-new',
    channel_id: 1,
    widget_configuration: { list: [1, { deep: true }], _: { id: 'w-new' }, text: 'Hi' },
    name: 'Banner',
    description: '',
    widget_template: { uuid: 'tpl', name: 'T' },
    date_created: '2025-01-01T00:00:00Z',
  };

  it('matches a widget on every field its create body sets, deep, and nothing the body leaves out', () => {
    expect(sameContent('widget', widget, widgetBody)).toBe(true);
    expect(sameContent('widget', widget, { name: 'Banner', widget_template_uuid: 'tpl' })).toBe(true);
    expect(sameContent('widget', { ...widget, widget_template: { uuid: 'other' } }, widgetBody)).toBe(false);
    expect(
      sameContent(
        'widget',
        { ...widget, widget_configuration: { _: { id: 'w-new' }, text: 'Hi', list: [1, { deep: false }] } },
        widgetBody,
      ),
    ).toBe(false);
    expect(sameContent('widget', { ...widget, channel_id: 2 }, widgetBody)).toBe(false);
    expect(sameContent('widget', { ...widget, description: 'x' }, widgetBody)).toBe(false);
  });

  it('matches a placement by its widget, page, region, order, status and channel', () => {
    const body = {
      widget_uuid: 'w',
      template_file: 'pages/product',
      entity_id: '87',
      region: 'product_below_price',
      sort_order: 2,
      status: 'active',
      channel_id: 1,
    };
    const { widget_uuid: _widget, ...rest } = body;
    const placement = { ...rest, uuid: 'p-new', widget: { uuid: 'w', name: 'W' } };
    expect(sameContent('placement', placement, body)).toBe(true);
    for (const [field, value] of [
      ['entity_id', '88'],
      ['region', 'product_above_price'],
      ['sort_order', 3],
      ['status', 'inactive'],
      ['channel_id', 2],
    ] as const) {
      expect(sameContent('placement', { ...placement, [field]: value }, body), field).toBe(false);
    }
    expect(sameContent('placement', { ...placement, widget: { uuid: 'w2' } }, body)).toBe(false);
  });

  it('matches a widget template by its name, HTML and schema', () => {
    const body = {
      name: 'T',
      template: '<p>{{t}}</p>',
      schema: [{ type: 'tab', sections: [] }],
      channel_id: 1,
    };
    const template = { ...body, uuid: 'tpl-new', kind: 'custom', current_version_uuid: 'v' };
    expect(sameContent('widget-template', template, body)).toBe(true);
    expect(sameContent('widget-template', { ...template, template: '<p>{{u}}</p>' }, body)).toBe(false);
    expect(sameContent('widget-template', { ...template, schema: [] }, body)).toBe(false);
    expect(sameContent('widget-template', { ...template, name: 'U' }, body)).toBe(false);
  });
});
