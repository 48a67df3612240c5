// Routes of BigCommerce's content API, relative to `/stores/:hash/v3/content`:
// widget-templates, widgets, placements, regions ([WID]), page-widgets ([PW]) and web pages ([PAGES] pages.v3.yml,
// ./pages.ts). Answers use the shared envelopes; failures throw BcApiError / QueryError, which the
// sandbox app's onError renders as BigCommerce's error body.
import { Hono } from 'hono';
import type { SandboxApp, SandboxEnv } from '../core/app-env';
import { addPageWidgetRoutes } from './page-widgets';
import type { GetContent } from './route-helpers';
import { createWebPageRoutes } from './pages';
import { addPlacementRoutes } from './widgets/placements';
import { addRegionRoutes } from './widgets/regions';
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

  // ---- placements and regions ([WID], ./widgets/), page widgets ([PW], ./page-widgets.ts) ----------------------
  addPlacementRoutes(app, getContent);
  addRegionRoutes(app, getContent);
  addPageWidgetRoutes(app, getContent);

  // ---- web pages ([PAGES] pages.v3.yml: getPages, createPages, updatePages, deletePages, getPage, …) -----------
  app.route('/', createWebPageRoutes(getContent));

  return app;
}
