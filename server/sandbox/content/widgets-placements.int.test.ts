import { describe, expect, it } from 'vitest';
import type { BcErrorBody } from '../core/envelope';
import { bcErrorAnswer } from '../test-server';
import { HERO_BANNER_UUID } from './built-in-templates';
import { expectBcError, json, type List, type One, useContentServer } from './content-test-server';
import type { PlacementView, WidgetTemplateView, WidgetView } from './types';

const server = useContentServer();

async function customTemplate(name: string): Promise<WidgetTemplateView> {
  const list = await json<List<WidgetTemplateView>>(
    await server.request('/widget-templates?widget_template_kind=custom'),
  );
  const found = list.data.find((t) => t.name === name);
  if (!found) throw new Error(`no template ${name}`);
  return found;
}

describe('widgets', () => {
  it('lists the demo widgets with their templates embedded, in the client schema', async () => {
    const body = await json<List<WidgetView>>(await server.request('/widgets?limit=2&page=2'));
    expect(body.data.map((w) => w.name)).toEqual(['Cart Reminder', 'Legacy Banner (v1)']);
    expect(body.meta.pagination).toMatchObject({
      total: 5,
      count: 2,
      per_page: 2,
      current_page: 2,
      total_pages: 3,
    });
    for (const widget of body.data) expect(widget.widget_configuration._).toEqual({ id: widget.uuid });
    const legacy = body.data[1];
    expect(legacy?.version_uuid).not.toBe(legacy?.widget_template.current_version_uuid);
  });

  it('filters by name, name:in, template and kind', async () => {
    const names = async (query: string) =>
      (await json<List<WidgetView>>(await server.request(`/widgets${query}`))).data.map((w) => w.name);
    expect(await names('?name=Cart%20Reminder')).toEqual(['Cart Reminder']);
    expect(await names('?name:in=Cart%20Reminder,Draft%20Testimonials,Nope')).toEqual([
      'Cart Reminder',
      'Draft Testimonials',
    ]);
    expect(await names('?widget_template_kind=text')).toEqual(['Cart Reminder']);
    const promo = await customTemplate('Promo Banner');
    expect(await names(`?widget_template_uuid=${promo.uuid}`)).toEqual(['Category Promo']);
    expect(await names('?channel_id:in=2')).toEqual([]);
  });

  it('combines the template and name filters, and ignores an undocumented one', async () => {
    // getWidgets (widgets.v3.yml:265-274) documents widget_template_uuid and name; a uuid or region filter it does not.
    const names = async (query: string) =>
      (await json<List<WidgetView>>(await server.request(`/widgets${query}`))).data.map((w) => w.name);
    const promo = await customTemplate('Promo Banner');
    expect(await names(`?widget_template_uuid=${promo.uuid}&name=Category%20Promo`)).toEqual([
      'Category Promo',
    ]);
    expect(await names(`?widget_template_uuid=${promo.uuid}&name=Cart%20Reminder`)).toEqual([]);
    const all = await names('');
    expect(await names(`?uuid:in=${HERO_BANNER_UUID}&region=nowhere`)).toEqual(all);
  });

  it('creates, updates, upgrades and deletes a widget', async () => {
    const legacy = await customTemplate('Legacy Banner');
    const created = await server.send('POST', '/widgets', {
      name: 'Footer note',
      widget_template_uuid: legacy.uuid,
      widget_configuration: { message: 'Hello' },
    });
    expect(created.status).toBe(200);
    const widget = (await json<One<WidgetView>>(created)).data;
    expect(widget).toMatchObject({
      name: 'Footer note',
      description: '',
      channel_id: 1,
      version_uuid: legacy.current_version_uuid,
      widget_configuration: { _: { id: widget.uuid }, message: 'Hello' },
      storefront_api_query_params: {},
    });
    expect(widget.widget_template).toEqual(legacy);

    const updated = await server.send('PUT', `/widgets/${widget.uuid}`, {
      name: 'Footer',
      widget_configuration: { message: 'Bye' },
    });
    expect((await json<One<WidgetView>>(updated)).data).toMatchObject({
      name: 'Footer',
      widget_configuration: { _: { id: widget.uuid }, message: 'Bye' },
    });

    expect((await server.request(`/widgets/${widget.uuid}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await server.request(`/widgets/${widget.uuid}`);
    await expectBcError(gone, 404, 'Widget not found');
  });

  it('answers 422 for a missing name and an unknown template', async () => {
    const missing = await server.send('POST', '/widgets', { widget_template_uuid: HERO_BANNER_UUID });
    expect(missing.status).toBe(422);
    expect(Object.keys((await json<BcErrorBody>(missing)).errors ?? {})).toEqual(['name']);

    const unknown = '3a0f4e52-9d7b-4c1e-8f00-1234567890ab';
    const res = await server.send('POST', '/widgets', { name: 'x', widget_template_uuid: unknown });
    expect(await json<BcErrorBody>(res)).toEqual(
      bcErrorAnswer(422, 'Widget template not found', {
        widget_template_uuid: `widget_template_uuid ${unknown} is not a widget template of channel 1`,
      }),
    );
  });
});

describe('placements', () => {
  it('lists and filters placements with the widget embedded', async () => {
    const all = await json<List<PlacementView>>(await server.request('/placements'));
    expect(all.data).toHaveLength(4);

    const category = await json<List<PlacementView>>(
      await server.request('/placements?template_file=pages/category'),
    );
    expect(category.data.map((p) => [p.entity_id, p.region, p.status, p.widget.name])).toEqual([
      ['18', 'category_below_header', 'active', 'Category Promo'],
    ]);
    const first = all.data[0];
    const byWidget = await json<List<PlacementView>>(
      await server.request(`/placements?widget_uuid=${first?.widget.uuid}`),
    );
    expect(byWidget.data.map((p) => p.uuid)).toEqual([first?.uuid]);
    const byKind = await json<List<PlacementView>>(
      await server.request('/placements?widget_template_kind=text'),
    );
    expect(byKind.data.map((p) => p.template_file)).toEqual(['pages/cart']);
    const legacy = await customTemplate('Legacy Banner');
    const byTemplate = await json<List<PlacementView>>(
      await server.request(`/placements?widget_template_uuid=${legacy.uuid}`),
    );
    expect(byTemplate.data.map((p) => p.template_file)).toEqual(['pages/brands']);
  });

  it('combines the widget and template file filters, and ignores the entity and region it does not document', async () => {
    // getPlacements (widgets.v3.yml:380-389) documents widget_uuid and template_file, no entity_id or region filter.
    const uuids = async (query: string) =>
      (await json<List<PlacementView>>(await server.request(`/placements${query}`))).data.map((p) => p.uuid);
    const [first] = (await json<List<PlacementView>>(await server.request('/placements'))).data;
    const widget = first!.widget.uuid;
    expect(await uuids(`?widget_uuid=${widget}&template_file=${first!.template_file}`)).toEqual([
      first!.uuid,
    ]);
    expect(await uuids(`?widget_uuid=${widget}&template_file=pages/nowhere`)).toEqual([]);
    expect(await uuids(`?widget_uuid=${widget}&entity_id=999&region=nowhere`)).toEqual([first!.uuid]);
  });

  it('creates an inactive placement by default, updates it, and drops it with its widget', async () => {
    const widget = (
      await json<One<WidgetView>>(
        await server.send('POST', '/widgets', { name: 'Banner', widget_template_uuid: HERO_BANNER_UUID }),
      )
    ).data;
    const created = await server.send('POST', '/placements', {
      widget_uuid: widget.uuid,
      template_file: 'pages/product',
      entity_id: '80',
      region: 'product_below_content',
    });
    expect(created.status).toBe(200);
    const placement = (await json<One<PlacementView>>(created)).data;
    expect(placement).toMatchObject({
      template_file: 'pages/product',
      entity_id: '80',
      region: 'product_below_content',
      sort_order: 0,
      status: 'inactive',
      channel_id: 1,
    });
    expect(placement.widget.uuid).toBe(widget.uuid);

    const updated = await server.send('PUT', `/placements/${placement.uuid}`, {
      status: 'active',
      sort_order: 3,
    });
    expect((await json<One<PlacementView>>(updated)).data).toMatchObject({
      status: 'active',
      sort_order: 3,
      entity_id: '80',
    });

    await server.request(`/widgets/${widget.uuid}`, { method: 'DELETE' });
    const gone = await server.request(`/placements/${placement.uuid}`);
    expect(gone.status).toBe(404);
    expect((await json<BcErrorBody>(gone)).title).toBe('Placement not found');
  });

  it('answers 422 for a bad status, a missing widget and an entity id on the home page', async () => {
    const widgetUuid = (await json<List<WidgetView>>(await server.request('/widgets'))).data[0]?.uuid;
    const badStatus = await server.send('POST', '/placements', {
      widget_uuid: widgetUuid,
      template_file: 'pages/home',
      status: 'live',
    });
    expect(Object.keys((await json<BcErrorBody>(badStatus)).errors ?? {})).toEqual(['status']);

    const missing = '3a0f4e52-9d7b-4c1e-8f00-1234567890ab';
    const noWidget = await server.send('POST', '/placements', {
      widget_uuid: missing,
      template_file: 'pages/home',
    });
    expect((await json<BcErrorBody>(noWidget)).errors).toEqual({
      widget_uuid: `widget_uuid ${missing} is not a widget of this store`,
    });

    const home = await server.send('POST', '/placements', {
      widget_uuid: widgetUuid,
      template_file: 'pages/home',
      entity_id: '4',
    });
    expect(home.status).toBe(422);
    expect((await json<BcErrorBody>(home)).errors).toEqual({
      entity_id: 'entity_id is not supported for template_file pages/home',
    });
  });
});
