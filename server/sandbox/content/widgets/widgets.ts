// /v3/content/widgets (widgets.v3.yml) [WID getWidgets, createWidget, getWidget, updateWidget, deleteWidget]: the
// routes, the widget rules and the body schemas.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxEnv } from '../../core/app-env';
import { BcApiError, v3Data, v3List } from '../../core/envelope';
import { intListParam, pagingParams, strListParam, strParam } from '../../core/query';
import { parseBody } from '../../core/body';
import { query, readJson } from '../../catalog/route-helpers';
import {
  byteLength,
  CONTENT_LIMITS,
  type ContentCore,
  matchesChannels,
  notFound,
  type StoredTemplate,
  type StoredWidget,
  type TemplateFilter,
  templateOnChannel,
  timestamp,
} from '../content-core';
import { type GetContent, NO_MAX_LIMIT, pathUuid } from '../route-helpers';
import { channelIdBody, jsonObjectBody, nameBody, uuidBody } from '../schemas';
import type { JsonObject, WidgetView } from '../types';
import { storedTemplate, templateView } from './widget-templates';

export const createWidgetBody = z.object({
  name: nameBody,
  widget_template_uuid: uuidBody,
  description: z.string().optional(),
  widget_configuration: jsonObjectBody.optional(),
  storefront_api_query_params: jsonObjectBody.optional(),
  channel_id: channelIdBody.optional(),
});
export type CreateWidgetBody = z.infer<typeof createWidgetBody>;

export const updateWidgetBody = z.object({
  name: nameBody.optional(),
  widget_template_uuid: uuidBody.optional(),
  description: z.string().optional(),
  widget_configuration: jsonObjectBody.optional(),
  storefront_api_query_params: jsonObjectBody.optional(),
  channel_id: channelIdBody.optional(),
  upgrade: z.boolean().optional(),
});
export type UpdateWidgetBody = z.infer<typeof updateWidgetBody>;

export type WidgetFilter = TemplateFilter & {
  templateUuid?: string;
  name?: string;
  names?: readonly string[];
};

function widgetView(core: ContentCore, widget: StoredWidget): WidgetView {
  const template = storedTemplate(core, widget.widget_template_uuid);
  return structuredClone({
    uuid: widget.uuid,
    name: widget.name,
    description: widget.description,
    widget_configuration: widget.widget_configuration,
    storefront_api_query_params: widget.storefront_api_query_params,
    widget_template: templateView(template, widget.version_uuid),
    version_uuid: widget.version_uuid,
    channel_id: widget.channel_id,
    date_created: widget.date_created,
    date_modified: widget.date_modified,
  });
}

function storedWidget(core: ContentCore, uuid: string): StoredWidget {
  const widget = core.widgets.get(uuid);
  if (!widget) throw notFound('Widget');
  return widget;
}

function templateForWidget(core: ContentCore, templateUuid: string, channelId: number): StoredTemplate {
  const template = core.templates.get(templateUuid);
  if (!template || !templateOnChannel(template, channelId)) {
    throw new BcApiError(422, 'Widget template not found', {
      widget_template_uuid: `widget_template_uuid ${templateUuid} is not a widget template of channel ${channelId}`,
    });
  }
  return template;
}

function checkConfiguration(configuration: JsonObject): void {
  if (byteLength(configuration) > CONTENT_LIMITS.widgetConfigurationBytes) {
    throw new BcApiError(422, 'The widget configuration is too large', {
      widget_configuration: `widget_configuration must be at most ${CONTENT_LIMITS.widgetConfigurationBytes} bytes of JSON`,
    });
  }
}

/** BigCommerce adds `_: {id: <widget uuid>}` to every widget configuration ([WID getWidgets] example). */
function withWidgetId(configuration: JsonObject, uuid: string): JsonObject {
  return { _: { id: uuid }, ...structuredClone(configuration) };
}

export function listWidgets(core: ContentCore, filter: WidgetFilter = {}): WidgetView[] {
  return [...core.widgets.values()]
    .filter((widget) => matchesChannels(widget.channel_id, filter.channelIds))
    .filter(
      (widget) => filter.templateUuid === undefined || widget.widget_template_uuid === filter.templateUuid,
    )
    .filter((widget) => filter.name === undefined || widget.name === filter.name)
    .filter((widget) => filter.names === undefined || filter.names.includes(widget.name))
    .filter(
      (widget) =>
        filter.kind === undefined || core.templates.get(widget.widget_template_uuid)?.kind === filter.kind,
    )
    .map((widget) => widgetView(core, widget));
}

export function getWidget(core: ContentCore, uuid: string): WidgetView {
  return widgetView(core, storedWidget(core, uuid));
}

export function createWidget(core: ContentCore, body: CreateWidgetBody): WidgetView {
  const channelId = core.resolveChannel(body.channel_id);
  const template = templateForWidget(core, body.widget_template_uuid, channelId);
  const configuration = body.widget_configuration ?? {};
  checkConfiguration(configuration);
  if (core.widgets.size >= CONTENT_LIMITS.widgetsPerStore) {
    throw new BcApiError(422, `A store can hold at most ${CONTENT_LIMITS.widgetsPerStore} widgets`);
  }
  const now = timestamp(core);
  const uuid = core.ids().newUuid();
  const widget: StoredWidget = {
    uuid,
    name: body.name,
    description: body.description ?? '',
    widget_configuration: withWidgetId(configuration, uuid),
    storefront_api_query_params: structuredClone(body.storefront_api_query_params ?? {}),
    widget_template_uuid: template.uuid,
    version_uuid: template.current_version_uuid,
    channel_id: channelId,
    date_created: now,
    date_modified: now,
  };
  core.widgets.set(uuid, widget);
  return widgetView(core, widget);
}

export function updateWidget(core: ContentCore, uuid: string, body: UpdateWidgetBody): WidgetView {
  const widget = storedWidget(core, uuid);
  const channelId = body.channel_id === undefined ? widget.channel_id : core.resolveChannel(body.channel_id);
  if (channelId !== widget.channel_id) {
    const placed = [...core.placements.values()].filter((placement) => placement.widget_uuid === uuid).length;
    if (placed > 0) {
      throw new BcApiError(409, 'The widget is placed and cannot move to another channel', {
        channel_id: `the widget has ${placed} placement(s) on channel ${widget.channel_id}`,
      });
    }
  }
  const template = templateForWidget(
    core,
    body.widget_template_uuid ?? widget.widget_template_uuid,
    channelId,
  );
  if (body.widget_configuration) checkConfiguration(body.widget_configuration);

  if (template.uuid !== widget.widget_template_uuid || body.upgrade) {
    // Upgrade moves the widget to the latest template version ([WID widget_Put]).
    widget.version_uuid = template.current_version_uuid;
  }
  widget.widget_template_uuid = template.uuid;
  widget.channel_id = channelId;
  if (body.name !== undefined) widget.name = body.name;
  if (body.description !== undefined) widget.description = body.description;
  if (body.widget_configuration) widget.widget_configuration = withWidgetId(body.widget_configuration, uuid);
  if (body.storefront_api_query_params)
    widget.storefront_api_query_params = structuredClone(body.storefront_api_query_params);
  widget.date_modified = timestamp(core);
  return widgetView(core, widget);
}

/** Deleting a widget deletes its placements with it. */
export function deleteWidget(core: ContentCore, uuid: string): void {
  storedWidget(core, uuid);
  core.widgets.delete(uuid);
  for (const [placementUuid, placement] of core.placements) {
    if (placement.widget_uuid === uuid) core.placements.delete(placementUuid);
  }
}

/** Adds the widgets routes to the content sub-app (paths relative to `/v3/content`). */
export function addWidgetRoutes(app: Hono<SandboxEnv>, getContent: GetContent): void {
  app.get('/widgets', (c) => {
    const q = query(c);
    const { page, limit } = pagingParams(q, NO_MAX_LIMIT);
    const widgets = getContent(c).listWidgets({
      kind: strParam(q, 'widget_template_kind'),
      templateUuid: strParam(q, 'widget_template_uuid'),
      name: strParam(q, 'name'),
      names: strListParam(q, 'name:in'),
      channelIds: intListParam(q, 'channel_id:in'),
    });
    return v3List(c, widgets, page, limit);
  });
  app.post('/widgets', async (c) => {
    const body = parseBody(createWidgetBody, await readJson(c));
    return v3Data(c, getContent(c).createWidget(body));
  });
  app.get('/widgets/:uuid', (c) => v3Data(c, getContent(c).getWidget(pathUuid(c))));
  app.put('/widgets/:uuid', async (c) => {
    const uuid = pathUuid(c);
    const body = parseBody(updateWidgetBody, await readJson(c));
    return v3Data(c, getContent(c).updateWidget(uuid, body));
  });
  app.delete('/widgets/:uuid', (c) => {
    getContent(c).deleteWidget(pathUuid(c));
    return c.body(null, 204);
  });
}
