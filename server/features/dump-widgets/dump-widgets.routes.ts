// `POST /api/dump-widgets` (spec part 1 §7). Plain JSON by default; with `Accept: application/x-ndjson` or
// `?progress=1` a stream of progress lines ending with the plain answer (common/contracts/dump-widgets.ts). The
// progress lives in the one response, so any instance can serve it and nothing is kept between requests.
import { setMaxListeners } from 'node:events';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
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
    c.header('Content-Type', `${NDJSON_CONTENT_TYPE}; charset=utf-8`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      const signal = callerSignal(c);
      const controller = new AbortController();
      setMaxListeners(1000, controller.signal);
      signal.addEventListener('abort', () => controller.abort(), { once: true });
      out.onAbort(() => controller.abort());
      // Progress lines are written in order; the last line waits for them.
      let written: Promise<unknown> = Promise.resolve();
      const writeLine = (line: unknown) => {
        written = written.then(() => out.write(`${JSON.stringify(line)}\n`));
        return written;
      };
      let final: unknown;
      try {
        const data = await dumpWidgets(client, command, {
          signal: controller.signal,
          onProgress: (progress) => {
            const line: DumpProgress = { type: 'progress', ...progress };
            void writeLine(line);
          },
        });
        final = { success: true, data };
      } catch (error) {
        final = failureFrom(error, deps.logger, reqId).body;
      }
      await writeLine(final);
    });
  });
}
