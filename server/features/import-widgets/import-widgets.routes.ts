// `/api/import-widgets` (spec part 1 §7; issue 13). So far: `POST /templates`, the target's widget templates for the
// template comparison (name, uuid, kind), read on the chosen channel (built-ins answer every channel).
import { Hono } from 'hono';
import { importWidgetsTemplatesRequestSchema } from '../../../common/contracts/import-widgets';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';

export function importWidgetsRoutes(deps: ToolRouteDeps): Hono {
  return new Hono().post(
    '/templates',
    toolRoute(deps, importWidgetsTemplatesRequestSchema, async (request, { c, storeClient, signal }) => {
      const templates = await storeClient(request.store).widgetTemplates.listAll({
        query: { 'channel_id:in': request.channelId },
        signal,
      });
      return c.json({
        templates: templates
          .map((template) => ({ name: template.name, uuid: template.uuid, kind: template.kind ?? 'custom' }))
          .sort((a, b) => a.name.localeCompare(b.name) || a.uuid.localeCompare(b.uuid)),
      });
    }),
  );
}
