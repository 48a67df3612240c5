// Progress over one response, as newline-delimited JSON: any instance can serve it and nothing is kept between
// requests. `work` gets a signal that aborts when the caller goes away and a `send` for progress lines (written in
// order); its result (or its failure, as the caller's body) is the last line. Long tools stream through this.
import { setMaxListeners } from 'node:events';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { NDJSON_CONTENT_TYPE, PROGRESS_QUERY_PARAM } from '../common/contracts/dump-widgets';
import { callerSignal } from './tool-route';

/** Whether the caller asks for progress: `Accept: application/x-ndjson`, or `?progress=1`. */
export function wantsProgress(c: Context): boolean {
  return (
    (c.req.header('accept') ?? '').includes(NDJSON_CONTENT_TYPE) || c.req.query(PROGRESS_QUERY_PARAM) === '1'
  );
}

export function streamNdjson(
  c: Context,
  work: (tools: { signal: AbortSignal; send: (line: unknown) => void }) => Promise<unknown>,
  onFailure: (error: unknown) => unknown,
): Response {
  c.header('Content-Type', `${NDJSON_CONTENT_TYPE}; charset=utf-8`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (out) => {
    const controller = new AbortController();
    setMaxListeners(1000, controller.signal);
    callerSignal(c).addEventListener('abort', () => controller.abort(), { once: true });
    out.onAbort(() => controller.abort());
    // Lines are written in order; the last one waits for the others.
    let written: Promise<unknown> = Promise.resolve();
    const writeLine = (line: unknown) => {
      written = written.then(() => out.write(`${JSON.stringify(line)}\n`));
      return written;
    };
    let last: unknown;
    try {
      last = await work({ signal: controller.signal, send: (line) => void writeLine(line) });
    } catch (error) {
      last = onFailure(error);
    }
    await writeLine(last);
  });
}
