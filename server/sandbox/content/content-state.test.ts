import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_TEMPLATES,
  HERO_BANNER_UUID,
  LAYOUT_TEMPLATE_UUID,
  PRODUCT_UUID,
} from './built-in-templates';
import { BcApiError } from '../core/envelope';
import { ContentState, type IdSource } from './content-state';
import type { PublishPageBody } from './page-widgets';

/** A clock that moves one second per call and counting UUIDs, so tests can name every id. */
function fixedIds(): IdSource {
  let tick = 0;
  let id = 0;
  return {
    now: () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)),
    newUuid: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
  };
}

function newState(channelIds: number[] = [1, 2]) {
  return new ContentState({ channelIds, ids: fixedIds() });
}

function failure(run: () => unknown): { status: number; title: string; errors: Record<string, string> } {
  try {
    run();
  } catch (error) {
    if (error instanceof BcApiError)
      return { status: error.status, title: error.title, errors: error.errors };
    throw error;
  }
  throw new Error('expected a BcApiError');
}

const widget = (uuid: string, name = 'W') => ({ type: 'widget' as const, widget_template_uuid: uuid, name });

describe('widget templates', () => {
  it('creates a custom template on the first channel with ids and dates from the id source', () => {
    const template = newState().createTemplate({ name: 'Banner', template: '<b>{{text}}</b>' });
    expect(template).toEqual({
      uuid: '00000000-0000-4000-8000-000000000001',
      name: 'Banner',
      schema: [],
      template: '<b>{{text}}</b>',
      storefront_api_query: '',
      kind: 'custom',
      channel_id: 1,
      client_rerender: false,
      template_engine: 'handlebars_v3',
      icon_name: 'default',
      current_version_uuid: '00000000-0000-4000-8000-000000000002',
      date_created: '2025-01-01T00:00:00.000Z',
      date_modified: '2025-01-01T00:00:00.000Z',
    });
  });

  it('refuses unbalanced Handlebars and unknown channels', () => {
    const state = newState();
    expect(failure(() => state.createTemplate({ name: 'x', template: '{{#if a}}' }))).toEqual({
      status: 422,
      title: 'The template is not valid Handlebars',
      errors: { template: 'template: "{{#if}}" is never closed at offset 0' },
    });
    expect(failure(() => state.createTemplate({ name: 'x', template: '', channel_id: 9 }))).toEqual({
      status: 422,
      title: 'Channel 9 does not exist',
      errors: { channel_id: 'channel_id must be the id of an existing channel' },
    });
  });

  it('keeps widgets on their version when a new version is created, and upgrades them on request', () => {
    const state = newState();
    const template = state.createTemplate({ name: 'Banner', template: 'v1' });
    const made = state.createWidget({ name: 'w', widget_template_uuid: template.uuid });
    const updated = state.updateTemplate(template.uuid, { template: 'v2', create_new_version: true });
    expect(updated.current_version_uuid).not.toBe(template.current_version_uuid);
    expect(state.getTemplate(template.uuid, template.current_version_uuid).template).toBe('v1');
    expect(state.getWidget(made.uuid).widget_template.template).toBe('v1');
    expect(state.getWidget(made.uuid).widget_template.current_version_uuid).toBe(
      updated.current_version_uuid,
    );

    const upgraded = state.updateWidget(made.uuid, { upgrade: true });
    expect(upgraded.version_uuid).toBe(updated.current_version_uuid);
    expect(upgraded.widget_template.template).toBe('v2');
  });

  it('updates the current version in place without create_new_version', () => {
    const state = newState();
    const template = state.createTemplate({ name: 'Banner', template: 'v1' });
    const updated = state.updateTemplate(template.uuid, { name: 'Renamed' });
    expect(updated.current_version_uuid).toBe(template.current_version_uuid);
    expect(updated.name).toBe('Renamed');
    expect(updated.template).toBe('v1');
    expect(updated.date_modified).not.toBe(template.date_modified);
  });

  it('refuses to change or delete built-in templates', () => {
    const state = newState();
    expect(failure(() => state.updateTemplate(HERO_BANNER_UUID, { name: 'x' })).title).toBe(
      'Widget templates of kind "hero_banner" are built in and cannot be changed',
    );
    expect(failure(() => state.deleteTemplate(PRODUCT_UUID)).status).toBe(422);
  });

  it('answers 409 when deleting a template that widgets or pages use', () => {
    const state = newState();
    const template = state.createTemplate({ name: 'Banner', template: '' });
    const made = state.createWidget({ name: 'w', widget_template_uuid: template.uuid });
    state.publishPage({
      template_file: 'pages/home',
      regions: [{ name: 'home_below_menu', children: [widget(template.uuid)] }],
    });
    expect(failure(() => state.deleteTemplate(template.uuid))).toEqual({
      status: 409,
      title: 'The widget template is in use and cannot be deleted',
      errors: { uuid: 'used by 1 widget(s) and 1 page(s)' },
    });
    state.deleteWidget(made.uuid);
    state.publishPage({ template_file: 'pages/home', regions: [] });
    state.deleteTemplate(template.uuid);
    expect(failure(() => state.getTemplate(template.uuid))).toEqual({
      status: 404,
      title: 'Widget template not found',
      errors: {},
    });
  });

  it('lists by channel_id exactly: built-ins (channel 0) only unfiltered or under 0, and always by uuid', () => {
    const state = newState();
    state.createTemplate({ name: 'One', template: '', channel_id: 1 });
    state.createTemplate({ name: 'Two', template: '', channel_id: 2 });
    const names = (channelIds: number[]) =>
      state.listTemplates({ channelIds }).map((template) => template.name);
    expect(names([2])).toEqual(['Two']);
    expect(names([1, 2])).toEqual(['One', 'Two']);
    const builtIns = BUILT_IN_TEMPLATES.map((template) => template.name);
    expect(names([0])).toEqual(builtIns);
    expect(state.listTemplates().map((template) => template.name)).toEqual([...builtIns, 'One', 'Two']);
    expect(state.getTemplate(HERO_BANNER_UUID)).toMatchObject({ kind: 'hero_banner', channel_id: 0 });
  });

  it('puts a template, widget or placement without channel_id on the first channel of the store', () => {
    // "Defaults to the first channel created on the store" (widgets.v3.yml:1294-1296, 1385-1387, 1417-1420).
    const state = newState([2, 1]);
    const template = state.createTemplate({ name: 'Default', template: '' });
    expect(template.channel_id).toBe(2);
    const made = state.createWidget({ name: 'w', widget_template_uuid: template.uuid });
    expect(made.channel_id).toBe(2);
    expect(state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/home' }).channel_id).toBe(2);
    expect(state.listTemplates({ channelIds: [1] }).map((t) => t.name)).toEqual([]);
  });
});

describe('widgets and placements', () => {
  it('refuses a template of another channel', () => {
    const state = newState();
    const template = state.createTemplate({ name: 'Two', template: '', channel_id: 2 });
    expect(failure(() => state.createWidget({ name: 'w', widget_template_uuid: template.uuid }))).toEqual({
      status: 422,
      title: 'Widget template not found',
      errors: {
        widget_template_uuid: `widget_template_uuid ${template.uuid} is not a widget template of channel 1`,
      },
    });
  });

  it('adds the widget id under `_` and limits the configuration to 64 KB', () => {
    const state = newState();
    const made = state.createWidget({
      name: 'w',
      widget_template_uuid: HERO_BANNER_UUID,
      widget_configuration: { a: 1 },
    });
    expect(made.widget_configuration).toEqual({ _: { id: made.uuid }, a: 1 });
    expect(
      failure(() =>
        state.createWidget({
          name: 'w',
          widget_template_uuid: HERO_BANNER_UUID,
          widget_configuration: { a: 'x'.repeat(70_000) },
        }),
      ).errors,
    ).toEqual({ widget_configuration: 'widget_configuration must be at most 65536 bytes of JSON' });
  });

  it('creates inactive placements by default and deletes them with their widget', () => {
    const state = newState();
    const made = state.createWidget({ name: 'w', widget_template_uuid: HERO_BANNER_UUID });
    const placement = state.createPlacement({
      widget_uuid: made.uuid,
      template_file: 'pages/product',
      entity_id: '77',
    });
    expect(placement).toMatchObject({
      status: 'inactive',
      region: '',
      sort_order: 0,
      entity_id: '77',
      channel_id: 1,
    });
    expect(placement.widget.uuid).toBe(made.uuid);
    state.deleteWidget(made.uuid);
    expect(state.listPlacements()).toEqual([]);
  });

  it('checks template files and entity ids of placements', () => {
    const state = newState();
    const made = state.createWidget({ name: 'w', widget_template_uuid: HERO_BANNER_UUID });
    expect(
      failure(() => state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/nope' })).errors,
    ).toEqual({
      template_file: 'template_file pages/nope is not a template file of the active theme',
    });
    expect(
      failure(() =>
        state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/home', entity_id: '3' }),
      ).errors,
    ).toEqual({ entity_id: 'entity_id is not supported for template_file pages/home' });
    expect(
      failure(() =>
        state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/product', entity_id: 'abc' }),
      ).errors,
    ).toEqual({ entity_id: 'entity_id must be a positive integer id sent as a string' });
    expect(
      failure(() =>
        state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/home', channel_id: 2 }),
      ).title,
    ).toBe('The widget belongs to another channel');
  });

  it('allows 75 placements per template file and channel', () => {
    const state = newState();
    const made = state.createWidget({ name: 'w', widget_template_uuid: HERO_BANNER_UUID });
    for (let i = 0; i < 75; i += 1)
      state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/cart' });
    expect(
      failure(() => state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/cart' })).errors,
    ).toEqual({
      template_file: 'pages/cart already has 75 placements on channel 1',
    });
    expect(state.createPlacement({ widget_uuid: made.uuid, template_file: 'pages/home' }).template_file).toBe(
      'pages/home',
    );
  });
});

describe('page snapshots', () => {
  const page = (body: Partial<PublishPageBody>): PublishPageBody => ({ regions: [], ...body });

  it('returns theme regions, empty ones included, then other regions with content', () => {
    const state = newState();
    state.publishPage(
      page({
        template_file: 'pages/page',
        entity_id: '5',
        regions: [
          { name: 'custom_region', children: [widget(HERO_BANNER_UUID)] },
          { name: 'page_builder_content', children: [widget(PRODUCT_UUID, 'Product')] },
        ],
      }),
    );
    const regions = state.getPageRegions(state.pageAddress({ template_file: 'pages/page', entity_id: '5' }));
    expect(regions.map((region) => [region.name, region.children.length])).toEqual([
      ['header_bottom', 0],
      ['page_builder_content', 1],
      ['custom_region', 1],
    ]);
    expect(regions[1]?.children[0]).toEqual({
      type: 'widget',
      widget_template_uuid: PRODUCT_UUID,
      name: 'Product',
      description: '',
      configuration: {},
      storefront_api_query_params: {},
    });
    // Other entities, templates and channels are separate pages.
    const other = state.getPageRegions(state.pageAddress({ template_file: 'pages/page', entity_id: '6' }));
    expect(other.every((region) => region.children.length === 0)).toBe(true);
    const global = state.getPageRegions(state.pageAddress({}));
    expect(global.map((region) => region.name)).toEqual([
      'header_bottom--global',
      'header_navigation_bottom--global',
      'ssl_site_seal--global',
    ]);
  });

  it('replaces the whole page on publish and fills layout defaults', () => {
    const state = newState();
    const address = state.pageAddress({ template_file: 'pages/home' });
    state.publishPage(
      page({
        template_file: 'pages/home',
        regions: [{ name: 'home_below_menu', children: [widget(HERO_BANNER_UUID)] }],
      }),
    );
    state.publishPage(
      page({
        template_file: 'pages/home',
        regions: [
          {
            name: 'home_below_carousel',
            children: [{ type: 'layout', dropzones: [{ widgets: [widget(PRODUCT_UUID)] }] }],
          },
        ],
      }),
    );
    const regions = state.getPageRegions(address);
    expect(regions.find((region) => region.name === 'home_below_menu')?.children).toEqual([]);
    expect(regions.find((region) => region.name === 'home_below_carousel')?.children).toEqual([
      {
        type: 'layout',
        layout_template_uuid: LAYOUT_TEMPLATE_UUID,
        name: 'Layout',
        configuration: {},
        dropzones: [
          {
            configuration: {},
            widgets: [
              {
                type: 'widget',
                widget_template_uuid: PRODUCT_UUID,
                name: 'W',
                description: '',
                configuration: {},
                storefront_api_query_params: {},
              },
            ],
          },
        ],
      },
    ]);
  });

  it('names every bad widget template and region in one 422', () => {
    const state = newState();
    const two = state.createTemplate({ name: 'Two', template: '', channel_id: 2 });
    const missing = '11111111-1111-4111-8111-111111111111';
    expect(
      failure(() =>
        state.publishPage(
          page({
            template_file: 'pages/home',
            regions: [
              {
                name: 'home_below_menu',
                children: [widget(missing), { type: 'layout', dropzones: [{ widgets: [widget(two.uuid)] }] }],
              },
              { name: 'home_below_menu', children: [] },
              { name: 'header_bottom--global', children: [] },
            ],
          }),
        ),
      ),
    ).toEqual({
      status: 422,
      title: 'The page content is invalid',
      errors: {
        'regions.0.children.0.widget_template_uuid': `widget_template_uuid ${missing} is not a widget template of channel 1`,
        'regions.0.children.1.dropzones.0.widgets.0.widget_template_uuid': `widget_template_uuid ${two.uuid} is not a widget template of channel 1`,
        'regions.1.name': 'region home_below_menu appears more than once',
        'regions.2.name': 'global region header_bottom--global is published without template_file',
      },
    });
    expect(
      failure(() => state.publishPage(page({ regions: [{ name: 'home_below_menu', children: [] }] }))).errors,
    ).toEqual({
      'regions.0.name': 'region home_below_menu is not a global region; send template_file to target a page',
    });
  });

  it('allows 150 widgets per page', () => {
    const state = newState();
    const many = (count: number) => Array.from({ length: count }, () => widget(HERO_BANNER_UUID));
    state.publishPage(
      page({ template_file: 'pages/cart', regions: [{ name: 'cart_below_totals', children: many(150) }] }),
    );
    expect(
      failure(() =>
        state.publishPage(
          page({
            template_file: 'pages/cart',
            regions: [{ name: 'cart_below_totals', children: many(151) }],
          }),
        ),
      ).errors,
    ).toEqual({ regions: 'a page can hold at most 150 widgets, this one has 151' });
  });

  it('allows 150 layouts per page, and leaves the page as it was when refusing more', () => {
    const state = newState();
    const layouts = (count: number) =>
      Array.from({ length: count }, () => ({
        type: 'layout' as const,
        dropzones: [{ widgets: [] }],
      }));
    const at = { template_file: 'pages/search' };
    state.publishPage(page({ ...at, regions: [{ name: 'search_below_content', children: layouts(150) }] }));
    const refused = failure(() =>
      state.publishPage(page({ ...at, regions: [{ name: 'search_below_content', children: layouts(151) }] })),
    );
    expect(refused).toMatchObject({
      status: 422,
      errors: { regions: 'a page can hold at most 150 layouts, this one has 151' },
    });
    const kept = state.getPageRegions(state.pageAddress(at));
    expect(kept.find((region) => region.name === 'search_below_content')?.children).toHaveLength(150);
  });

  it('checks the page address', () => {
    const state = newState();
    expect(failure(() => state.pageAddress({ entity_id: '5' })).errors).toEqual({
      entity_id: 'entity_id must be left out for the global regions',
    });
    expect(failure(() => state.pageAddress({ template_file: 'pages/home', channel_id: 3 })).title).toBe(
      'Channel 3 does not exist',
    );
    expect(state.pageAddress({ template_file: 'pages/product', entity_id: '12' })).toEqual({
      channel_id: 1,
      template_file: 'pages/product',
      entity_id: '12',
    });
    expect(
      failure(() => state.pageAddress({ template_file: 'pages/blog-post', entity_id: '12' })).errors,
    ).toEqual({
      entity_id: 'entity_id is not supported for template_file pages/blog-post',
    });
  });

  it('uses isKnownChannel when given', () => {
    const known = new Set([1]);
    const state = new ContentState({
      channelIds: [1],
      isKnownChannel: (id) => known.has(id),
      ids: fixedIds(),
    });
    expect(failure(() => state.pageAddress({ channel_id: 4 })).status).toBe(422);
    known.add(4);
    expect(state.pageAddress({ channel_id: 4 }).channel_id).toBe(4);
  });
});

describe('theme regions', () => {
  it('lists a template file regions and 404s an unknown one', () => {
    const state = newState();
    expect(state.themeRegions('pages/brand').map((region) => region.name)).toContain('brand_below_header');
    expect(failure(() => state.themeRegions('pages/nope'))).toEqual({
      status: 404,
      title: 'Template file pages/nope not found in the active theme',
      errors: {},
    });
  });
});
