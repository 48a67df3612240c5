// Routes of BigCommerce's content API, relative to `/stores/:hash/v3/content`:
// widget-templates, widgets, placements, regions ([WID]), page-widgets ([PW]) and web pages ([PAGES] pages.v3.yml,
// ./storefront-routes.ts). Answers use the shared envelopes; failures throw BcApiError / QueryError, which the
// sandbox app's onError renders as BigCommerce's error body.
import { Hono } from 'hono';
import type { SandboxApp, SandboxEnv } from '../app-env';
import { BcApiError, paginate, v3Data, v3List } from '../envelope';
import { intListParam, intParam, pagingParams, strParam } from '../query';
import { parseBody } from '../schemas';
import { query, readJson } from '../catalog/route-helpers';
import { type GetContent, NO_MAX_LIMIT, pathUuid } from './route-helpers';
import { createPlacementBody, publishPageBody, updatePlacementBody } from './schemas';
import { createWebPageRoutes } from './storefront-routes';
import { addWidgetTemplateRoutes } from './widgets/widget-templates';
import { addWidgetRoutes } from './widgets/widgets';

export type { GetContent };

/**
 * The content API as a sub-app with relative paths. Mount it after the store's auth and rate-limit middleware:
 * `app.route('/stores/:hash/v3/content', createContentRoutes((c) => contentOf(c.get('store').content)))`
 * (./plugin.ts does exactly this for `createSandbox({content: contentPlugin})`).
 */
export function createContentRoutes(getContent: GetContent): SandboxApp {
  const app = new Hono<SandboxEnv>();

  // ---- widget templates and widgets ([WID], ./widgets/widget-templates.ts, ./widgets/widgets.ts) -------------
  addWidgetTemplateRoutes(app, getContent);
  addWidgetRoutes(app, getContent);

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
