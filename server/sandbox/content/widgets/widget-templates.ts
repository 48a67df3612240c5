// /v3/content/widget-templates (widgets.v3.yml) [WID getWidgetTemplates, createWidgetTemplate, getWidgetTemplate,
// updateWidgetTemplate, deleteWidgetTemplate]: the routes, the template rules and the body schemas.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxEnv } from '../../core/app-env';
import { BcApiError, v3Data, v3List } from '../../core/envelope';
import { intListParam, pagingParams, strParam } from '../../core/query';
import { parseBody } from '../../core/body';
import { query, readJson } from '../../catalog/route-helpers';
import {
  CONTENT_LIMITS,
  type ContentCore,
  notFound,
  snapshotWidgets,
  type StoredTemplate,
  type TemplateFilter,
  type TemplateVersion,
  timestamp,
} from '../content-core';
import { findHandlebarsProblem } from '../handlebars-check';
import { isUuid } from '../ids';
import { type GetContent, NO_MAX_LIMIT, pathUuid } from '../route-helpers';
import { channelIdBody, nameBody } from '../schemas';
import type { WidgetTemplateView } from '../types';

// Page Builder UI schema ([WID widgetSchema]): entries are tab, array or hidden; settings need a type and an id.
const settingSchema = z.looseObject({ type: z.string().min(1), id: z.string().min(1) });
const tabSchema = z.looseObject({
  type: z.literal('tab'),
  label: z.string().optional(),
  sections: z.array(z.looseObject({ label: z.string().optional(), settings: z.array(settingSchema) })),
});
const hiddenSchema = z.looseObject({ type: z.literal('hidden'), settings: z.array(settingSchema) });
const arraySchema = z.looseObject({
  type: z.literal('array'),
  id: z.string().min(1),
  label: z.string().optional(),
  defaultCount: z.number().int().nonnegative().optional(),
  entryLabel: z.string().optional(),
  // The spec's schema says object `{type, valueKey}`, its create example sends a string (API-NOTES §8): accept both.
  thumbnail: z.union([z.string(), z.looseObject({ valueKey: z.string() })]).optional(),
  schema: z.array(
    z.discriminatedUnion('type', [tabSchema, hiddenSchema], { error: 'type must be "tab" or "hidden"' }),
  ),
});
export const widgetSchemaSchema = z.array(
  z.discriminatedUnion('type', [tabSchema, arraySchema, hiddenSchema], {
    error: 'type must be "tab", "array" or "hidden"',
  }),
);

export const createTemplateBody = z.object({
  name: nameBody,
  template: z.string(),
  schema: widgetSchemaSchema.optional(),
  storefront_api_query: z.string().optional(),
  channel_id: channelIdBody.optional(),
});
export type CreateTemplateBody = z.infer<typeof createTemplateBody>;

export const updateTemplateBody = z.object({
  name: nameBody.optional(),
  template: z.string().optional(),
  schema: widgetSchemaSchema.optional(),
  storefront_api_query: z.string().optional(),
  channel_id: channelIdBody.optional(),
  create_new_version: z.boolean().optional(),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>;

/** Body of a template create; the UI schema is checked by `createTemplateBody` before it gets here. */
export type TemplateInput = {
  name: string;
  template: string;
  schema?: readonly unknown[];
  storefront_api_query?: string;
  channel_id?: number;
};

export type TemplateUpdate = Partial<TemplateInput> & { create_new_version?: boolean };

export function templateView(
  template: StoredTemplate,
  versionUuid = template.current_version_uuid,
): WidgetTemplateView {
  const version = template.versions.get(versionUuid);
  if (!version) throw notFound('Widget template version');
  return structuredClone({
    uuid: template.uuid,
    name: version.name,
    schema: version.schema,
    template: version.template,
    storefront_api_query: version.storefront_api_query,
    kind: template.kind,
    channel_id: template.channel_id,
    client_rerender: template.client_rerender,
    template_engine: 'handlebars_v3' as const,
    icon_name: template.icon_name,
    current_version_uuid: template.current_version_uuid,
    date_created: template.date_created,
    date_modified: template.date_modified,
  });
}

export function storedTemplate(core: ContentCore, uuid: string): StoredTemplate {
  const template = core.templates.get(uuid);
  if (!template) throw notFound('Widget template');
  return template;
}

/**
 * `channel_id:in` keeps the templates whose `channel_id` is listed, and nothing else: the parameter is "A
 * comma-separated list of channel ids to filter the results by" (widgets.v3.yml:135, 604-613) and built-ins carry
 * `channel_id: 0` (the example at 999-1024). Whether BigCommerce adds its built-ins to a channel's list is not
 * documented, so the sandbox does not: a client must find a built-in by uuid (`GET /widget-templates/{uuid}`).
 */
export function listTemplates(core: ContentCore, filter: TemplateFilter = {}): WidgetTemplateView[] {
  return [...core.templates.values()]
    .filter((template) => filter.kind === undefined || template.kind === filter.kind)
    .filter((template) => !filter.channelIds || filter.channelIds.includes(template.channel_id))
    .map((template) => templateView(template));
}

export function getTemplate(core: ContentCore, uuid: string, versionUuid?: string): WidgetTemplateView {
  return templateView(storedTemplate(core, uuid), versionUuid);
}

function checkTemplateText(template: string | undefined): void {
  if (template === undefined) return;
  const problem = findHandlebarsProblem(template);
  if (problem) {
    throw new BcApiError(422, 'The template is not valid Handlebars', {
      template: `template: ${problem.message} at offset ${problem.offset}`,
    });
  }
}

export function createTemplate(core: ContentCore, body: TemplateInput): WidgetTemplateView {
  checkTemplateText(body.template);
  const channelId = core.resolveChannel(body.channel_id);
  const custom = [...core.templates.values()].filter((template) => template.kind === 'custom');
  if (
    custom.filter((template) => template.channel_id === channelId).length >=
    CONTENT_LIMITS.customTemplatesPerChannel
  ) {
    throw new BcApiError(
      422,
      `A channel can hold at most ${CONTENT_LIMITS.customTemplatesPerChannel} custom widget templates`,
    );
  }
  if (custom.length >= CONTENT_LIMITS.customTemplatesPerStore) {
    throw new BcApiError(
      422,
      `A store can hold at most ${CONTENT_LIMITS.customTemplatesPerStore} custom widget templates`,
    );
  }
  const now = timestamp(core);
  const uuid = core.ids().newUuid();
  const versionUuid = core.ids().newUuid();
  const template: StoredTemplate = {
    uuid,
    kind: 'custom',
    channel_id: channelId,
    icon_name: 'default',
    client_rerender: false,
    date_created: now,
    date_modified: now,
    current_version_uuid: versionUuid,
    versions: new Map([
      [
        versionUuid,
        {
          version_uuid: versionUuid,
          name: body.name,
          schema: structuredClone([...(body.schema ?? [])]),
          template: body.template,
          storefront_api_query: body.storefront_api_query ?? '',
        },
      ],
    ]),
  };
  core.templates.set(uuid, template);
  return templateView(template);
}

function templateUsage(core: ContentCore, uuid: string): { widgets: number; pages: number } {
  const widgets = [...core.widgets.values()].filter((widget) => widget.widget_template_uuid === uuid).length;
  let pages = 0;
  for (const snapshot of core.snapshots.values()) {
    if (snapshotWidgets(snapshot.regions).some((widget) => widget.widget_template_uuid === uuid)) pages += 1;
  }
  return { widgets, pages };
}

function refuseBuiltIn(template: StoredTemplate): void {
  if (template.kind !== 'custom') {
    throw new BcApiError(
      422,
      `Widget templates of kind "${template.kind}" are built in and cannot be changed`,
      {
        uuid: 'only custom widget templates can be changed or deleted',
      },
    );
  }
}

export function updateTemplate(core: ContentCore, uuid: string, body: TemplateUpdate): WidgetTemplateView {
  const template = storedTemplate(core, uuid);
  refuseBuiltIn(template);
  checkTemplateText(body.template);
  if (body.channel_id !== undefined && body.channel_id !== template.channel_id) {
    core.resolveChannel(body.channel_id);
    const usage = templateUsage(core, uuid);
    if (usage.widgets > 0 || usage.pages > 0) {
      throw new BcApiError(409, 'The widget template is in use and cannot move to another channel', {
        channel_id: `used by ${usage.widgets} widget(s) and ${usage.pages} page(s) on channel ${template.channel_id}`,
      });
    }
    template.channel_id = body.channel_id;
  }
  const current = template.versions.get(template.current_version_uuid);
  if (!current) throw notFound('Widget template version');
  const next: TemplateVersion = {
    version_uuid: current.version_uuid,
    name: body.name ?? current.name,
    schema: body.schema ? structuredClone([...body.schema]) : current.schema,
    template: body.template ?? current.template,
    storefront_api_query: body.storefront_api_query ?? current.storefront_api_query,
  };
  if (body.create_new_version) {
    // Existing widgets stay on their version until they are upgraded (doc:docs/storefront/widgets/index.mdx).
    next.version_uuid = core.ids().newUuid();
    template.current_version_uuid = next.version_uuid;
  }
  template.versions.set(next.version_uuid, next);
  template.date_modified = timestamp(core);
  return templateView(template);
}

export function deleteTemplate(core: ContentCore, uuid: string): void {
  const template = storedTemplate(core, uuid);
  refuseBuiltIn(template);
  const usage = templateUsage(core, uuid);
  if (usage.widgets > 0 || usage.pages > 0) {
    throw new BcApiError(409, 'The widget template is in use and cannot be deleted', {
      uuid: `used by ${usage.widgets} widget(s) and ${usage.pages} page(s)`,
    });
  }
  core.templates.delete(uuid);
}

/** Adds the widget-templates routes to the content sub-app (paths relative to `/v3/content`). */
export function addWidgetTemplateRoutes(app: Hono<SandboxEnv>, getContent: GetContent): void {
  app.get('/widget-templates', (c) => {
    const q = query(c);
    const { page, limit } = pagingParams(q, NO_MAX_LIMIT);
    const templates = getContent(c).listTemplates({
      kind: strParam(q, 'widget_template_kind'),
      channelIds: intListParam(q, 'channel_id:in'),
    });
    return v3List(c, templates, page, limit);
  });
  app.post('/widget-templates', async (c) => {
    const body = parseBody(createTemplateBody, await readJson(c));
    return v3Data(c, getContent(c).createTemplate(body));
  });
  app.get('/widget-templates/:uuid', (c) => {
    const uuid = pathUuid(c);
    const version = strParam(query(c), 'version_uuid');
    if (version !== undefined && !isUuid(version)) {
      throw new BcApiError(422, 'Invalid version_uuid', { version_uuid: 'version_uuid must be a UUID' });
    }
    return v3Data(c, getContent(c).getTemplate(uuid, version?.toLowerCase()));
  });
  app.put('/widget-templates/:uuid', async (c) => {
    const uuid = pathUuid(c);
    const body = parseBody(updateTemplateBody, await readJson(c));
    return v3Data(c, getContent(c).updateTemplate(uuid, body));
  });
  app.delete('/widget-templates/:uuid', (c) => {
    getContent(c).deleteTemplate(pathUuid(c));
    return c.body(null, 204);
  });
}
