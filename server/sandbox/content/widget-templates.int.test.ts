import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BcErrorBody } from '../core/envelope';
import { STATUS_DOC_TYPE } from '../core/envelope';
import { BUILT_IN_TEMPLATES, HERO_BANNER_UUID } from './built-in-templates';
import { expectBcError, json, type List, type One, TEST_REFS, useContentServer } from './content-test-server';
import { createContentState } from './create-content-state';
import type { WidgetTemplateView } from './types';

const exampleTemplate = JSON.parse(
  readFileSync(
    new URL(
      '../../../../shared/bigcommerce/examples/widget_template_with_schema.request.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as Record<string, unknown>;

const server = useContentServer();

const CUSTOM_COUNT = 11;
const TOTAL = BUILT_IN_TEMPLATES.length + CUSTOM_COUNT;

describe('GET /widget-templates', () => {
  it('lists built-in and custom templates with BigCommerce pagination', async () => {
    const res = await server.request('/widget-templates');
    expect(res.status).toBe(200);
    const body = await json<List<WidgetTemplateView>>(res);
    expect(body.data).toHaveLength(TOTAL);
    expect(body.meta.pagination).toEqual({
      total: TOTAL,
      count: TOTAL,
      per_page: 50,
      current_page: 1,
      total_pages: 1,
      links: { current: '?page=1&limit=50' },
    });
    expect(body.data[0]).toMatchObject({
      uuid: HERO_BANNER_UUID,
      kind: 'hero_banner',
      channel_id: 0,
      template_engine: 'handlebars_v3',
    });
  });

  it('pages with page and limit', async () => {
    const second = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?page=2&limit=10'),
    );
    expect(second.data).toHaveLength(10);
    expect(second.meta.pagination).toMatchObject({
      total: TOTAL,
      count: 10,
      per_page: 10,
      current_page: 2,
      total_pages: 3,
      links: { previous: '?page=1&limit=10', current: '?page=2&limit=10', next: '?page=3&limit=10' },
    });
    const last = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?page=3&limit=10'),
    );
    expect(last.data).toHaveLength(TOTAL - 20);
    expect(last.meta.pagination.links).toEqual({ previous: '?page=2&limit=10', current: '?page=3&limit=10' });
    const first = await json<List<WidgetTemplateView>>(await server.request('/widget-templates?limit=10'));
    expect([...first.data, ...second.data, ...last.data].map((t) => t.uuid)).toEqual(
      (await json<List<WidgetTemplateView>>(await server.request('/widget-templates'))).data.map(
        (t) => t.uuid,
      ),
    );
  });

  it('filters by kind and channel', async () => {
    const custom = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?widget_template_kind=custom'),
    );
    expect(custom.data.map((t) => t.name)).toContain('Header Images');
    expect(custom.data.every((t) => t.kind === 'custom')).toBe(true);
    expect(custom.meta.pagination.total).toBe(CUSTOM_COUNT);

    const channelTwo = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?widget_template_kind=custom&channel_id:in=2'),
    );
    expect(channelTwo.data.map((t) => t.name)).toEqual(['Channel Announcement']);
    const paypal = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?widget_template_kind=pp-cartpage-fullbanner'),
    );
    expect(paypal.data.map((t) => t.uuid)).toEqual(['2ff24732-6848-47ba-9a7f-c8b1d444f270']);
  });

  it('lists a channel its own templates only: built-ins (channel 0) are found unfiltered or by uuid', async () => {
    // `channel_id:in` filters by channel id (widgets.v3.yml:135, 604-613); built-ins carry channel_id 0 (999-1024).
    const channelOne = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?channel_id:in=1&limit=250'),
    );
    expect(channelOne.data.length).toBeGreaterThan(0);
    expect(channelOne.data.filter((t) => t.channel_id !== 1)).toEqual([]);
    const builtIns = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?channel_id:in=0'),
    );
    expect(builtIns.data.map((t) => t.uuid)).toEqual(BUILT_IN_TEMPLATES.map((t) => t.uuid));
    const byUuid = await json<One<WidgetTemplateView>>(
      await server.request(`/widget-templates/${HERO_BANNER_UUID}`),
    );
    expect(byUuid.data).toMatchObject({ uuid: HERO_BANNER_UUID, kind: 'hero_banner', channel_id: 0 });
  });

  it('puts a template sent without channel_id on the first channel (widgets.v3.yml:1294-1296)', async () => {
    const created = await server.send('POST', '/widget-templates', {
      name: 'No channel',
      template: '<p></p>',
    });
    const template = (await json<One<WidgetTemplateView>>(created)).data;
    expect(template.channel_id).toBe(1);
    const outlet = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?channel_id:in=2&widget_template_kind=custom'),
    );
    expect(outlet.data.map((t) => t.name)).not.toContain('No channel');
  });

  it('answers 422 for a limit that is not an integer', async () => {
    const res = await server.request('/widget-templates?limit=a');
    await expectBcError(res, 422, 'Query parameter "limit" value must be integer. For input string: "a".');
  });

  it('gives the empty store its built-in templates only', async () => {
    server.use(createContentState({ ...TEST_REFS, demo: false }));
    const body = await json<List<WidgetTemplateView>>(await server.request('/widget-templates'));
    expect(body.data.map((t) => t.kind)).toEqual(BUILT_IN_TEMPLATES.map((t) => t.kind));
    expect(body.data.some((t) => t.kind === 'custom')).toBe(false);
  });
});

describe('widget template CRUD', () => {
  it('creates from the spec example, reads, versions, and deletes', async () => {
    const created = await server.send('POST', '/widget-templates', exampleTemplate);
    expect(created.status).toBe(200);
    const template = (await json<One<WidgetTemplateView>>(created)).data;
    expect(template).toMatchObject({
      name: 'Header Images',
      template: '{{#each images}}{{/each}}',
      kind: 'custom',
      channel_id: 1,
      storefront_api_query: '',
      icon_name: 'default',
      client_rerender: false,
    });
    expect(template.schema).toEqual(exampleTemplate.schema);
    expect(template.date_created).toBe(template.date_modified);

    const read = await server.request(`/widget-templates/${template.uuid}`);
    expect(await json<One<WidgetTemplateView>>(read)).toEqual({ data: template, meta: {} });

    const updated = await server.send('PUT', `/widget-templates/${template.uuid}`, {
      template: '<div>{{#each images}}<img src="{{imageUrl.src}}">{{/each}}</div>',
      create_new_version: true,
    });
    expect(updated.status).toBe(200);
    const v2 = (await json<One<WidgetTemplateView>>(updated)).data;
    expect(v2.current_version_uuid).not.toBe(template.current_version_uuid);
    expect(v2.template).toBe('<div>{{#each images}}<img src="{{imageUrl.src}}">{{/each}}</div>');

    const old = await json<One<WidgetTemplateView>>(
      await server.request(
        `/widget-templates/${template.uuid}?version_uuid=${template.current_version_uuid}`,
      ),
    );
    expect(old.data.template).toBe('{{#each images}}{{/each}}');
    expect(old.data.current_version_uuid).toBe(v2.current_version_uuid);

    const deleted = await server.request(`/widget-templates/${template.uuid}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');

    const gone = await server.request(`/widget-templates/${template.uuid}`);
    await expectBcError(gone, 404, 'Widget template not found');
  });

  it('answers 422 with a per-field errors map for a bad body', async () => {
    const res = await server.send('POST', '/widget-templates', {
      name: '',
      schema: [{ type: 'carousel' }],
      channel_id: 'one',
    });
    expect(res.status).toBe(422);
    const body = await json<BcErrorBody>(res);
    expect(body.title).toBe('JSON data is missing or invalid');
    expect(body.type).toBe(STATUS_DOC_TYPE);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([
      'channel_id',
      'name',
      'schema.0.type',
      'template',
    ]);
    expect(body.errors?.['schema.0.type']).toBe('schema.0.type: type must be "tab", "array" or "hidden"');
  });

  it('answers 422 for unbalanced Handlebars and an unknown channel', async () => {
    const broken = await server.send('POST', '/widget-templates', {
      name: 'Broken',
      template: '{{#each items}}<li>',
    });
    await expectBcError(broken, 422, 'The template is not valid Handlebars', {
      template: 'template: "{{#each}}" is never closed at offset 0',
    });
    const channel = await server.send('POST', '/widget-templates', {
      name: 'x',
      template: '',
      channel_id: 7,
    });
    expect(await json<BcErrorBody>(channel)).toMatchObject({
      status: 422,
      title: 'Channel 7 does not exist',
      errors: { channel_id: 'channel_id must be the id of an existing channel' },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await server.send('POST', '/widget-templates', '{"name": ');
    expect(res.status).toBe(400);
    expect(await json<BcErrorBody>(res)).toMatchObject({
      status: 400,
      title: 'Input is invalid',
      detail: 'Syntax error',
    });
  });

  it('answers 404 for unknown uuids and 422 for malformed ones', async () => {
    const unknown = '0b7a3b4c-1111-4222-8333-444455556666';
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = body
        ? await server.send(method, `/widget-templates/${unknown}`, body)
        : await server.request(`/widget-templates/${unknown}`, { method });
      expect(res.status, method).toBe(404);
      expect((await json<BcErrorBody>(res)).title).toBe('Widget template not found');
    }
    const version = await server.request(`/widget-templates/${HERO_BANNER_UUID}?version_uuid=${unknown}`);
    expect((await json<BcErrorBody>(version)).title).toBe('Widget template version not found');

    const malformed = await server.request('/widget-templates/not-a-uuid');
    expect(malformed.status).toBe(422);
    expect(await json<BcErrorBody>(malformed)).toMatchObject({
      title: 'Invalid uuid',
      errors: { uuid: 'uuid not-a-uuid must be a UUID' },
    });
  });

  it('answers 409 when deleting a template in use and 422 when changing a built-in one', async () => {
    const templates = await json<List<WidgetTemplateView>>(
      await server.request('/widget-templates?widget_template_kind=custom'),
    );
    const promo = templates.data.find((t) => t.name === 'Promo Banner');
    const res = await server.request(`/widget-templates/${promo?.uuid}`, { method: 'DELETE' });
    await expectBcError(res, 409, 'The widget template is in use and cannot be deleted', {
      uuid: 'used by 1 widget(s) and 4 page(s)',
    });

    const unused = templates.data.find((t) => t.name === 'Seasonal Countdown');
    expect((await server.request(`/widget-templates/${unused?.uuid}`, { method: 'DELETE' })).status).toBe(
      204,
    );

    const builtIn = await server.send('PUT', `/widget-templates/${HERO_BANNER_UUID}`, { name: 'Mine now' });
    expect(builtIn.status).toBe(422);
    expect((await json<BcErrorBody>(builtIn)).title).toBe(
      'Widget templates of kind "hero_banner" are built in and cannot be changed',
    );
  });
});
