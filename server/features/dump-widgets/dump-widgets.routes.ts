// `POST /api/dump-widgets` (spec part 1 §7). Plain JSON by default; with `Accept: application/x-ndjson` or
// `?progress=1` a stream of progress lines ending with the plain answer (common/contracts/dump-widgets.ts). The
// progress lives in the one response, so any instance can serve it and nothing is kept between requests.
import { Hono } from 'hono';
import {
  DUMP_WIDGETS_PATH,
  dumpWidgetsRequestSchema,
  type DumpProgress,
} from '../../../common/contracts/dump-widgets';
import { failureOf, toolFailureBody } from '../../errors';
import { streamNdjson, wantsProgress } from '../../ndjson';
import { toolRoute, type ToolRouteDeps } from '../../tool-route';
import { dumpWidgets } from './dump-widgets.service';

export function dumpWidgetsRoutes(deps: ToolRouteDeps) {
  return new Hono().post(
    DUMP_WIDGETS_PATH,
    toolRoute(deps, dumpWidgetsRequestSchema, async (request, { storeClient, signal, c }) => {
      const client = storeClient(request.storeCredentials);
      const command = {
        channelId: request.channelId,
        dumpMode: request.dumpMode,
        selected: request.selected,
      };
      if (!wantsProgress(c)) return dumpWidgets(client, command, { signal });

      const reqId = c.get('requestId');
      return streamNdjson(
        c,
        async ({ signal: streamSignal, send }) => {
          const data = await dumpWidgets(client, command, {
            signal: streamSignal,
            onProgress: (progress) => send({ type: 'progress', ...progress } satisfies DumpProgress),
          });
          return { success: true, data };
        },
        (error) => toolFailureBody(failureOf(error, deps.logger, reqId, c.req.raw.signal.aborted)),
      );
    }),
  );
}
