// `POST /api/dump-widgets` (spec part 1 §7). Plain JSON by default; with `Accept: application/x-ndjson` or
// `?progress=1` a stream of progress lines ending with the plain answer (common/contracts/dump-widgets.ts). The
// progress lives in the one response, so any instance can serve it and nothing is kept between requests.
import { Hono } from 'hono';
import {
  dumpWidgetsRequestSchema,
  type DumpWidgetsCommand,
  NDJSON_CONTENT_TYPE,
  PROGRESS_QUERY_PARAM,
  type DumpProgress,
} from '../../../common/contracts/dump-widgets';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import {
  callerSignal,
  failureFrom,
  parseToolInput,
  readJsonBody,
  respondFailure,
  type ToolRouteDeps,
} from '../../tool-response';
import { streamNdjson } from '../../ndjson';
import { dumpWidgets } from './dump-widgets.service';

export function dumpWidgetsRoutes(deps: ToolRouteDeps) {
  return new Hono().post('/', async (c) => {
    let request: DumpWidgetsCommand;
    let client: BigCommerceClient;
    try {
      request = parseToolInput(dumpWidgetsRequestSchema, await readJsonBody(c));
      client = deps.clients.forStore(request.storeCredentials, { caller: deps.callerOf(c) });
    } catch (error) {
      return respondFailure(c, error, deps.logger);
    }
    const command = { channelId: request.channelId, dumpMode: request.dumpMode, selected: request.selected };

    const wantsProgress =
      (c.req.header('accept') ?? '').includes(NDJSON_CONTENT_TYPE) ||
      c.req.query(PROGRESS_QUERY_PARAM) === '1';
    if (!wantsProgress) {
      try {
        const data = await dumpWidgets(client, command, { signal: callerSignal(c) });
        return c.json({ success: true as const, data });
      } catch (error) {
        return respondFailure(c, error, deps.logger);
      }
    }

    const reqId = c.get('requestId');
    return streamNdjson(
      c,
      async ({ signal, send }) => {
        const data = await dumpWidgets(client, command, {
          signal,
          onProgress: (progress) => send({ type: 'progress', ...progress } satisfies DumpProgress),
        });
        return { success: true, data };
      },
      (error) => failureFrom(error, deps.logger, reqId).body,
    );
  });
}
