// Routes of BigCommerce's content API, relative to `/stores/:hash/v3/content`:
// widget-templates, widgets, placements, regions ([WID]), page-widgets ([PW]) and a read-only pages list modelled on
// BigCommerce's public Pages API. Answers use the shared envelopes and error bodies of ../envelope.
import type { Context, Env } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import { bcError, bcErrorBody, paginate, v3Data, v3List } from '../envelope';
import { ContentError, type ContentState } from './content-state';
import { isUuid } from './ids';
import { intListParam, intParam, listParam, pagingParams, type QueryReader } from './query';
import {
  createPlacementBody,
  createTemplateBody,
  createWidgetBody,
  issuesToErrors,
  publishPageBody,
  updatePlacementBody,
  updateTemplateBody,
  updateWidgetBody,
} from './schemas';
import type { WebPage } from './types';

export type GetContent<E extends Env> = (c: Context<E>) => ContentState;

class BadJson extends Error {}

async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let input: unknown;
  try {
    input = await c.req.json();
  } catch {
    throw new BadJson('Syntax error');
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ContentError(422, 'JSON data is missing or invalid', issuesToErrors(parsed.error, input));
  }
  return parsed.data;
}

function pathUuid(c: Context): string {
  const uuid = c.req.param('uuid') ?? '';
  if (!isUuid(uuid)) throw new ContentError(422, 'Invalid uuid', { uuid: `uuid ${uuid} must be a UUID` });
  return uuid.toLowerCase();
}

function queryOf(c: Context): QueryReader {
  return (name) => c.req.query(name);
}

function withoutBody(page: WebPage): Omit<WebPage, 'body'> {
  const { body: _body, ...rest } = page;
  return rest;
}

/**
 * The content API as a Hono sub-app. Mount it after the store's auth and rate-limit middleware:
 * `app.route('/stores/:hash/v3/content', createContentRoutes((c) => contentOf(c)))`.
 */
export function createContentRoutes<E extends Env = Env>(getContent: GetContent<E>): Hono<E> {
  const app = new Hono<E>();

  const handle =
    (fn: (c: Context<E>, content: ContentState) => Response | Promise<Response>) =>
    async (c: Context<E>): Promise<Response> => {
      try {
        return await fn(c, getContent(c));
      } catch (error) {
        if (error instanceof ContentError) return bcError(c, error.status, error.title, error.errors);
        if (error instanceof BadJson) {
          return c.json({ ...bcErrorBody(400, 'Input is invalid'), detail: error.message }, 400);
        }
        throw error;
      }
    };

  // ---- widget templates ([WID getWidgetTemplates, createWidgetTemplate, …]) ------------------------------------
  app.get(
    '/widget-templates',
    handle((c, content) => {
      const query = queryOf(c);
      const { page, limit } = pagingParams(query);
      const templates = content.listTemplates({
        kind: query('widget_template_kind'),
        channelIds: intListParam(query, 'channel_id:in'),
      });
      return v3List(c, templates, page, limit);
    }),
  );
  app.post(
    '/widget-templates',
    handle(async (c, content) => v3Data(c, content.createTemplate(await readBody(c, createTemplateBody)))),
  );
  app.get(
    '/widget-templates/:uuid',
    handle((c, content) => {
      const version = c.req.query('version_uuid');
      if (version !== undefined && !isUuid(version)) {
        throw new ContentError(422, 'Invalid version_uuid', { version_uuid: 'version_uuid must be a UUID' });
      }
      return v3Data(c, content.getTemplate(pathUuid(c), version?.toLowerCase()));
    }),
  );
  app.put(
    '/widget-templates/:uuid',
    handle(async (c, content) => {
      const uuid = pathUuid(c);
      return v3Data(c, content.updateTemplate(uuid, await readBody(c, updateTemplateBody)));
    }),
  );
  app.delete(
    '/widget-templates/:uuid',
    handle((c, content) => {
      content.deleteTemplate(pathUuid(c));
      return c.body(null, 204);
    }),
  );

  // ---- widgets ([WID getWidgets, createWidget, …]) -------------------------------------------------------------
  app.get(
    '/widgets',
    handle((c, content) => {
      const query = queryOf(c);
      const { page, limit } = pagingParams(query);
      const widgets = content.listWidgets({
        kind: query('widget_template_kind'),
        templateUuid: query('widget_template_uuid'),
        name: query('name'),
        names: listParam(query, 'name:in'),
        channelIds: intListParam(query, 'channel_id:in'),
      });
      return v3List(c, widgets, page, limit);
    }),
  );
  app.post(
    '/widgets',
    handle(async (c, content) => v3Data(c, content.createWidget(await readBody(c, createWidgetBody)))),
  );
  app.get(
    '/widgets/:uuid',
    handle((c, content) => v3Data(c, content.getWidget(pathUuid(c)))),
  );
  app.put(
    '/widgets/:uuid',
    handle(async (c, content) => {
      const uuid = pathUuid(c);
      return v3Data(c, content.updateWidget(uuid, await readBody(c, updateWidgetBody)));
    }),
  );
  app.delete(
    '/widgets/:uuid',
    handle((c, content) => {
      content.deleteWidget(pathUuid(c));
      return c.body(null, 204);
    }),
  );

  // ---- placements ([WID getPlacements, createPlacement, …]); no entity_id or region filter exists ------------
  app.get(
    '/placements',
    handle((c, content) => {
      const query = queryOf(c);
      const { page, limit } = pagingParams(query);
      const placements = content.listPlacements({
        kind: query('widget_template_kind'),
        templateFile: query('template_file'),
        widgetUuid: query('widget_uuid'),
        templateUuid: query('widget_template_uuid'),
        channelIds: intListParam(query, 'channel_id:in'),
      });
      return v3List(c, placements, page, limit);
    }),
  );
  app.post(
    '/placements',
    handle(async (c, content) => v3Data(c, content.createPlacement(await readBody(c, createPlacementBody)))),
  );
  app.get(
    '/placements/:uuid',
    handle((c, content) => v3Data(c, content.getPlacement(pathUuid(c)))),
  );
  app.put(
    '/placements/:uuid',
    handle(async (c, content) => {
      const uuid = pathUuid(c);
      return v3Data(c, content.updatePlacement(uuid, await readBody(c, updatePlacementBody)));
    }),
  );
  app.delete(
    '/placements/:uuid',
    handle((c, content) => {
      content.deletePlacement(pathUuid(c));
      return c.body(null, 204);
    }),
  );

  // ---- regions ([WID getContentRegions]): `template_file` is required; its description spells it `templateFile` --
  app.get(
    '/regions',
    handle((c, content) => {
      const query = queryOf(c);
      const templateFile = query('template_file') ?? query('templateFile');
      if (!templateFile) {
        throw new ContentError(422, 'Query parameter "template_file" is required.', {
          template_file: 'template_file is required',
        });
      }
      intParam(query, 'channel_id');
      return v3Data(c, content.themeRegions(templateFile));
    }),
  );

  // ---- page widgets ([PW getPageWidgets, createPageWidgets]) ------------------------------------------------
  app.get(
    '/page-widgets',
    handle((c, content) => {
      const query = queryOf(c);
      const address = content.pageAddress({
        channel_id: intParam(query, 'channel_id'),
        template_file: query('template_file') || undefined,
        entity_id: query('entity_id') || undefined,
      });
      const regions = content.getPageRegions(address);
      // The spec's example pages the regions with per_page 50; a snapshot is never cut short.
      const { pagination } = paginate(regions, 1, Math.max(50, regions.length));
      return c.json({ data: { regions }, meta: { pagination } }, 200);
    }),
  );
  app.post(
    '/page-widgets',
    handle(async (c, content) => {
      const body = await readBody(c, publishPageBody);
      content.publishPage({
        ...body,
        template_file: body.template_file || undefined,
        entity_id: body.entity_id || undefined,
      });
      // The spec answers 204; the guide says 201 (API-NOTES §8). The sandbox follows the spec.
      return c.body(null, 204);
    }),
  );

  // ---- pages: BigCommerce's public Pages API (`/v3/content/pages`), not in the spec files; read-only ------------
  app.get(
    '/pages',
    handle((c, content) => {
      const query = queryOf(c);
      const { page, limit } = pagingParams(query);
      const withBody = (listParam(query, 'include') ?? []).includes('body');
      const pages = content.listWebPages({
        channelId: intParam(query, 'channel_id'),
        ids: intListParam(query, 'id:in'),
        name: query('name'),
        nameLike: query('name:like'),
      });
      return v3List(c, withBody ? pages : pages.map(withoutBody), page, limit);
    }),
  );
  app.get(
    '/pages/:id',
    handle((c, content) => {
      const raw = c.req.param('id') ?? '';
      if (!/^\d+$/.test(raw))
        throw new ContentError(422, 'Invalid page id', { id: `id ${raw} must be an integer` });
      const page = content.getWebPage(Number(raw));
      const withBody = (listParam(queryOf(c), 'include') ?? []).includes('body');
      return v3Data(c, withBody ? page : withoutBody(page));
    }),
  );

  return app;
}
