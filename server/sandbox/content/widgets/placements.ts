// /v3/content/placements (widgets.v3.yml) [WID getPlacements, createPlacement, getPlacement, updatePlacement,
// deletePlacement]: the routes, the placement rules and the body schemas. There is no entity_id or region filter.
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
  matchesChannels,
  notFound,
  type StoredPlacement,
  type TemplateFilter,
  timestamp,
} from '../content-core';
import { type GetContent, NO_MAX_LIMIT, pathUuid } from '../route-helpers';
import { channelIdBody, uuidBody } from '../schemas';
import type { PlacementView } from '../types';
import { checkPageAddress } from './regions';
import { getWidget } from './widgets';

const placementStatus = z.enum(['active', 'inactive']);

export const createPlacementBody = z.object({
  widget_uuid: uuidBody,
  template_file: z.string().min(1),
  channel_id: channelIdBody.optional(),
  entity_id: z.string().optional(),
  region: z.string().optional(),
  sort_order: z.number().int().optional(),
  status: placementStatus.optional(),
});
export type CreatePlacementBody = z.infer<typeof createPlacementBody>;

export const updatePlacementBody = createPlacementBody.partial();
export type UpdatePlacementBody = z.infer<typeof updatePlacementBody>;

export type PlacementFilter = TemplateFilter & {
  templateFile?: string;
  widgetUuid?: string;
  templateUuid?: string;
};

function placementView(core: ContentCore, placement: StoredPlacement): PlacementView {
  return {
    uuid: placement.uuid,
    template_file: placement.template_file,
    entity_id: placement.entity_id,
    region: placement.region,
    sort_order: placement.sort_order,
    status: placement.status,
    channel_id: placement.channel_id,
    date_created: placement.date_created,
    date_modified: placement.date_modified,
    widget: getWidget(core, placement.widget_uuid),
  };
}

function storedPlacement(core: ContentCore, uuid: string): StoredPlacement {
  const placement = core.placements.get(uuid);
  if (!placement) throw notFound('Placement');
  return placement;
}

export function listPlacements(core: ContentCore, filter: PlacementFilter = {}): PlacementView[] {
  return [...core.placements.values()]
    .filter((placement) => matchesChannels(placement.channel_id, filter.channelIds))
    .filter(
      (placement) => filter.templateFile === undefined || placement.template_file === filter.templateFile,
    )
    .filter((placement) => filter.widgetUuid === undefined || placement.widget_uuid === filter.widgetUuid)
    .filter((placement) => {
      if (filter.templateUuid === undefined && filter.kind === undefined) return true;
      const widget = core.widgets.get(placement.widget_uuid);
      const template = widget && core.templates.get(widget.widget_template_uuid);
      if (!template) return false;
      return (
        (filter.templateUuid === undefined || template.uuid === filter.templateUuid) &&
        (filter.kind === undefined || template.kind === filter.kind)
      );
    })
    .map((placement) => placementView(core, placement));
}

export function getPlacement(core: ContentCore, uuid: string): PlacementView {
  return placementView(core, storedPlacement(core, uuid));
}

function checkPlacement(
  core: ContentCore,
  placement: Omit<StoredPlacement, 'uuid' | 'date_created' | 'date_modified'>,
  self?: string,
): void {
  const widget = core.widgets.get(placement.widget_uuid);
  if (!widget) {
    throw new BcApiError(422, 'Widget not found', {
      widget_uuid: `widget_uuid ${placement.widget_uuid} is not a widget of this store`,
    });
  }
  if (widget.channel_id !== placement.channel_id) {
    throw new BcApiError(422, 'The widget belongs to another channel', {
      channel_id: `the widget is on channel ${widget.channel_id}, the placement on channel ${placement.channel_id}`,
    });
  }
  checkPageAddress(placement.template_file, placement.entity_id, false);
  const sameFile = [...core.placements.values()].filter(
    (other) =>
      other.uuid !== self &&
      other.channel_id === placement.channel_id &&
      other.template_file === placement.template_file,
  ).length;
  if (sameFile >= CONTENT_LIMITS.placementsPerTemplateFile) {
    throw new BcApiError(
      422,
      `A template file can hold at most ${CONTENT_LIMITS.placementsPerTemplateFile} placements`,
      {
        template_file: `${placement.template_file} already has ${sameFile} placements on channel ${placement.channel_id}`,
      },
    );
  }
  if (!self && core.placements.size >= CONTENT_LIMITS.placementsPerStore) {
    throw new BcApiError(422, `A store can hold at most ${CONTENT_LIMITS.placementsPerStore} placements`);
  }
}

export function createPlacement(core: ContentCore, body: CreatePlacementBody): PlacementView {
  const now = timestamp(core);
  const placement: StoredPlacement = {
    uuid: core.ids().newUuid(),
    widget_uuid: body.widget_uuid,
    template_file: body.template_file,
    entity_id: body.entity_id ?? '',
    region: body.region ?? '',
    sort_order: body.sort_order ?? 0,
    // Placements are inactive unless asked otherwise ([WID placement_Base.status]).
    status: body.status ?? 'inactive',
    channel_id: core.resolveChannel(body.channel_id),
    date_created: now,
    date_modified: now,
  };
  checkPlacement(core, placement);
  core.placements.set(placement.uuid, placement);
  return placementView(core, placement);
}

export function updatePlacement(core: ContentCore, uuid: string, body: UpdatePlacementBody): PlacementView {
  const current = storedPlacement(core, uuid);
  const next: StoredPlacement = {
    ...current,
    widget_uuid: body.widget_uuid ?? current.widget_uuid,
    template_file: body.template_file ?? current.template_file,
    entity_id: body.entity_id ?? current.entity_id,
    region: body.region ?? current.region,
    sort_order: body.sort_order ?? current.sort_order,
    status: body.status ?? current.status,
    channel_id: body.channel_id === undefined ? current.channel_id : core.resolveChannel(body.channel_id),
    date_modified: timestamp(core),
  };
  checkPlacement(core, next, uuid);
  core.placements.set(uuid, next);
  return placementView(core, next);
}

export function deletePlacement(core: ContentCore, uuid: string): void {
  storedPlacement(core, uuid);
  core.placements.delete(uuid);
}

/** Adds the placements routes to the content sub-app (paths relative to `/v3/content`). */
export function addPlacementRoutes(app: Hono<SandboxEnv>, getContent: GetContent): void {
  app.get('/placements', (c) => {
    const q = query(c);
    const { page, limit } = pagingParams(q, NO_MAX_LIMIT);
    const placements = getContent(c).listPlacements({
      kind: strParam(q, 'widget_template_kind'),
      templateFile: strParam(q, 'template_file'),
      widgetUuid: strParam(q, 'widget_uuid'),
      templateUuid: strParam(q, 'widget_template_uuid'),
      channelIds: intListParam(q, 'channel_id:in'),
    });
    return v3List(c, placements, page, limit);
  });
  app.post('/placements', async (c) => {
    const body = parseBody(createPlacementBody, await readJson(c));
    return v3Data(c, getContent(c).createPlacement(body));
  });
  app.get('/placements/:uuid', (c) => v3Data(c, getContent(c).getPlacement(pathUuid(c))));
  app.put('/placements/:uuid', async (c) => {
    const uuid = pathUuid(c);
    const body = parseBody(updatePlacementBody, await readJson(c));
    return v3Data(c, getContent(c).updatePlacement(uuid, body));
  });
  app.delete('/placements/:uuid', (c) => {
    getContent(c).deletePlacement(pathUuid(c));
    return c.body(null, 204);
  });
}
