// Routes of BigCommerce's content API, relative to `/stores/:hash/v3/content`:
// widget-templates, widgets, placements, regions ([WID]), page-widgets ([PW]) and web pages ([PAGES] pages.v3.yml,
// ./storefront-routes.ts). Answers use the shared envelopes; failures throw BcApiError / QueryError, which the
// sandbox app's onError renders as BigCommerce's error body.
import { Hono } from 'hono';
import type { SandboxApp, SandboxContext, SandboxEnv } from '../app-env';
import { BcApiError, paginate, v3Data, v3List } from '../envelope';
import { intListParam, intParam, pagingParams, strListParam, strParam } from '../query';
import { parseBody } from '../schemas';
import { query, readJson } from '../catalog/route-helpers';
import type { ContentState } from './content-state';
import { isUuid } from './ids';
import {
  createPlacementBody,
  createTemplateBody,
  createWidgetBody,
  publishPageBody,
  updatePlacementBody,
  updateTemplateBody,
  updateWidgetBody,
} from './schemas';
import { createWebPageRoutes } from './storefront-routes';

/** Finds the content state of the request's store (after the sandbox's store, auth and rate-limit middleware). */
export type GetContent = (c: SandboxContext) => ContentState;

/** [WID] declares no maximum `limit` for its lists. */
const NO_MAX_LIMIT = Number.MAX_SAFE_INTEGER;

function pathUuid(c: SandboxContext): string {
  const uuid = c.req.param('uuid') ?? '';
  if (!isUuid(uuid)) throw new BcApiError(422, 'Invalid uuid', { uuid: `uuid ${uuid} must be a UUID` });
  return uuid.toLowerCase();
}

/**
 * The content API as a sub-app with relative paths. Mount it after the store's auth and rate-limit middleware:
 * `app.route('/stores/:hash/v3/content', createContentRoutes((c) => contentOf(c.get('store').content)))`
 * (./plugin.ts does exactly this for `createSandbox({content: contentPlugin})`).
 */
export function createContentRoutes(getContent: GetContent): SandboxApp {
  const app = new Hono<SandboxEnv>();

  // ---- widget templates ([WID getWidgetTemplates, createWidgetTemplate, …]) ------------------------------------
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

  // ---- widgets ([WID getWidgets, createWidget, …]) -------------------------------------------------------------
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

  // ---- placements ([WID getPlacements, createPlacement, …]); there is no entity_id or region filter -------------
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

  // ---- regions ([WID getContentRegions]): `template_file` is required; its description spells it `templateFile` --
  app.get('/regions', (c) => {
    const q = query(c);
    const templateFile = strParam(q, 'template_file') ?? strParam(q, 'templateFile');
    if (!templateFile) {
      throw new BcApiError(422, 'Query parameter "template_file" is required.', {
        template_file: 'template_file is required',
      });
    }
    intParam(q, 'channel_id');
    return v3Data(c, getContent(c).themeRegions(templateFile));
  });

  // ---- page widgets ([PW getPageWidgets, createPageWidgets]) ------------------------------------------------
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

  // ---- web pages ([PAGES] pages.v3.yml: getPages, createPages, updatePages, deletePages, getPage, …) -----------
  app.route('/', createWebPageRoutes(getContent));

  return app;
}
