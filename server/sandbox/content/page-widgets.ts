// /v3/content/page-widgets (page-widgets.v3.yml) [PW getPageWidgets, createPageWidgets]: a page's snapshot of regions,
// widgets and layouts, published whole; the routes, the rules and the body schemas.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxEnv } from '../core/app-env';
import { BcApiError, paginate } from '../core/envelope';
import { intParam, strParam } from '../core/query';
import { parseBody } from '../core/body';
import { query, readJson } from '../catalog/route-helpers';
import { LAYOUT_TEMPLATE_UUID } from './built-in-templates';
import {
  byteLength,
  CONTENT_LIMITS,
  type ContentCore,
  snapshotWidgets,
  templateOnChannel,
  timestamp,
} from './content-core';
import type { GetContent } from './route-helpers';
import { channelIdBody, jsonObjectBody, uuidBody } from './schemas';
import { GLOBAL_REGIONS, isGlobalRegion, pageRegionNames } from './template-files';
import type { PageAddress, PageLayout, PageRegion, PageSnapshot, PageWidget, RegionChild } from './types';
import { checkPageAddress } from './widgets/regions';

// Page snapshot children. `type` may be left out: a child with `dropzones` is a layout, anything else a widget.
const pageWidget = z.object({
  type: z.literal('widget'),
  widget_template_uuid: uuidBody,
  name: z.string().optional(),
  description: z.string().optional(),
  configuration: jsonObjectBody.optional(),
  storefront_api_query_params: jsonObjectBody.optional(),
});
export type PageWidgetBody = z.infer<typeof pageWidget>;

function inferChildType(value: unknown, fallback: 'widget' | 'layout'): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'type' in value) return value;
  return { ...value, type: 'dropzones' in value ? 'layout' : fallback };
}

const dropzoneWidget = z.preprocess((value) => inferChildType(value, 'widget'), pageWidget);

const pageLayout = z.object({
  type: z.literal('layout'),
  layout_template_uuid: uuidBody.optional(),
  name: z.string().optional(),
  configuration: jsonObjectBody.optional(),
  dropzones: z.array(
    z.object({ configuration: jsonObjectBody.optional(), widgets: z.array(dropzoneWidget) }),
  ),
});
export type PageLayoutBody = z.infer<typeof pageLayout>;

const regionChild = z.preprocess(
  (value) => inferChildType(value, 'widget'),
  z.discriminatedUnion('type', [pageWidget, pageLayout], { error: 'type must be "widget" or "layout"' }),
);

export const publishPageBody = z.object({
  channel_id: channelIdBody.optional(),
  template_file: z.string().optional(),
  entity_id: z.string().optional(),
  regions: z.array(z.object({ name: z.string().min(1), children: z.array(regionChild) })),
});
export type PublishPageBody = z.infer<typeof publishPageBody>;

function pageKey(address: PageAddress): string {
  return `${address.channel_id}|${address.template_file}|${address.entity_id}`;
}

/** Resolves the query of `GET /content/page-widgets` (or a publish body) to a page address. */
export function pageAddress(
  core: ContentCore,
  query: { channel_id?: number; template_file?: string; entity_id?: string },
): PageAddress {
  const channelId = core.resolveChannel(query.channel_id);
  const templateFile = query.template_file ?? '';
  const entityId = query.entity_id ?? '';
  checkPageAddress(templateFile, entityId, true);
  return { channel_id: channelId, template_file: templateFile, entity_id: entityId };
}

/**
 * The snapshot of one page: the theme's regions for it in render order (empty ones with `children: []`), then any
 * other region that holds content. Without template_file the page is the set of global regions.
 */
export function getPageRegions(core: ContentCore, address: PageAddress): PageRegion[] {
  const stored = core.snapshots.get(pageKey(address));
  const themeNames = address.template_file ? pageRegionNames(address.template_file) : [...GLOBAL_REGIONS];
  const regions: PageRegion[] = themeNames.map((name) => ({
    name,
    children: stored?.regions.find((region) => region.name === name)?.children ?? [],
  }));
  for (const region of stored?.regions ?? []) {
    if (!themeNames.includes(region.name)) regions.push(region);
  }
  return structuredClone(regions);
}

/** Addresses of every page that holds at least one widget (for tests and seeding checks; BigCommerce has no such list). */
export function pagesWithContent(core: ContentCore): PageSnapshot[] {
  return [...core.snapshots.values()]
    .filter((snapshot) => snapshotWidgets(snapshot.regions).length > 0)
    .map((snapshot) => structuredClone(snapshot));
}

/** `POST /content/page-widgets`: replaces all content of the page ([PW createPageWidgets]). */
export function publishPage(core: ContentCore, body: PublishPageBody): PageAddress {
  const address = pageAddress(core, body);
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const regions: PageRegion[] = body.regions.map((region, regionIndex) => {
    const at = `regions.${regionIndex}`;
    if (seen.has(region.name)) errors[`${at}.name`] = `region ${region.name} appears more than once`;
    seen.add(region.name);
    if (address.template_file && isGlobalRegion(region.name)) {
      errors[`${at}.name`] = `global region ${region.name} is published without template_file`;
    } else if (!address.template_file && !isGlobalRegion(region.name)) {
      errors[`${at}.name`] =
        `region ${region.name} is not a global region; send template_file to target a page`;
    }
    return {
      name: region.name,
      children: region.children.map((child, childIndex): RegionChild => {
        const childAt = `${at}.children.${childIndex}`;
        return child.type === 'layout'
          ? toLayout(core, child, childAt, address.channel_id, errors)
          : toPageWidget(core, child, childAt, address.channel_id, errors);
      }),
    };
  });
  const widgets = snapshotWidgets(regions).length;
  const layouts = regions
    .flatMap((region) => region.children)
    .filter((child) => child.type === 'layout').length;
  if (widgets > CONTENT_LIMITS.widgetsPerPage) {
    errors.regions = `a page can hold at most ${CONTENT_LIMITS.widgetsPerPage} widgets, this one has ${widgets}`;
  } else if (layouts > CONTENT_LIMITS.layoutsPerPage) {
    errors.regions = `a page can hold at most ${CONTENT_LIMITS.layoutsPerPage} layouts, this one has ${layouts}`;
  }
  if (Object.keys(errors).length > 0) throw new BcApiError(422, 'The page content is invalid', errors);
  core.snapshots.set(pageKey(address), { ...address, regions, date_modified: timestamp(core) });
  return address;
}

function toPageWidget(
  core: ContentCore,
  child: PageWidgetBody,
  at: string,
  channelId: number,
  errors: Record<string, string>,
): PageWidget {
  const template = core.templates.get(child.widget_template_uuid);
  if (!template || !templateOnChannel(template, channelId)) {
    errors[`${at}.widget_template_uuid`] =
      `widget_template_uuid ${child.widget_template_uuid} is not a widget template of channel ${channelId}`;
  }
  const configuration = structuredClone(child.configuration ?? {});
  if (byteLength(configuration) > CONTENT_LIMITS.widgetConfigurationBytes) {
    errors[`${at}.configuration`] =
      `configuration must be at most ${CONTENT_LIMITS.widgetConfigurationBytes} bytes of JSON`;
  }
  const templateName = template?.versions.get(template.current_version_uuid)?.name ?? '';
  return {
    type: 'widget',
    widget_template_uuid: child.widget_template_uuid,
    name: child.name ?? templateName,
    description: child.description ?? '',
    configuration,
    storefront_api_query_params: structuredClone(child.storefront_api_query_params ?? {}),
  };
}

function toLayout(
  core: ContentCore,
  child: PageLayoutBody,
  at: string,
  channelId: number,
  errors: Record<string, string>,
): PageLayout {
  return {
    type: 'layout',
    // Read-only and "set by BigCommerce" ([PW layout]); kept when sent, else Page Builder's layout template.
    layout_template_uuid: child.layout_template_uuid ?? LAYOUT_TEMPLATE_UUID,
    name: child.name ?? 'Layout',
    configuration: structuredClone(child.configuration ?? {}),
    dropzones: child.dropzones.map((dropzone, dropzoneIndex) => ({
      configuration: structuredClone(dropzone.configuration ?? {}),
      widgets: dropzone.widgets.map((widget, widgetIndex) =>
        toPageWidget(
          core,
          widget,
          `${at}.dropzones.${dropzoneIndex}.widgets.${widgetIndex}`,
          channelId,
          errors,
        ),
      ),
    })),
  };
}

/** Adds the page-widgets routes to the content sub-app (paths relative to `/v3/content`). */
export function addPageWidgetRoutes(app: Hono<SandboxEnv>, getContent: GetContent): void {
  app.get('/page-widgets', (c) => {
    const q = query(c);
    const content = getContent(c);
    const address = content.pageAddress({
      channel_id: intParam(q, 'channel_id'),
      template_file: strParam(q, 'template_file'),
      entity_id: strParam(q, 'entity_id'),
    });
    const regions = content.getPageRegions(address);
    // The spec's example pages the regions with per_page 50; a snapshot is never cut short.
    const { pagination } = paginate(regions, 1, Math.max(50, regions.length));
    return c.json({ data: { regions }, meta: { pagination } }, 200);
  });
  app.post('/page-widgets', async (c) => {
    const body = parseBody(publishPageBody, await readJson(c));
    getContent(c).publishPage({
      ...body,
      template_file: body.template_file || undefined,
      entity_id: body.entity_id || undefined,
    });
    // The spec answers 204; the guide says 201 (API-NOTES §8). The sandbox follows the spec.
    return c.body(null, 204);
  });
}
