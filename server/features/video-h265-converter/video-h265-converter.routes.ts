// `/api/convert-h265` (spec part 2 §7; issue 17): the upload-address call (`POST /upload-url`: `{filename,
// contentType, size?}` -> `{uploadUrl, s3Key, headers, expiresAt}`), the conversion (`POST /`: `{s3Key, filename}` ->
// the spec's result, answered when the job has ended), and the screen's helpers: `POST /estimate` (before uploading),
// `GET /status?s3Key=` (the encoder's progress while `POST /` waits) and `POST /cancel` (`{s3Key}` -> `{success,
// state: 'cancelled', message}`; issue 29). Failures answer `{success: false, error, message, code}` (the spec's screen
// reads `message` or `error`), 429 with `Retry-After`; another owner's key is 404 everywhere.
import { Hono, type Context } from 'hono';
import {
  convertH265RequestSchema,
  h265CancelRequestSchema,
  h265EstimateRequestSchema,
  h265UploadUrlRequestSchema,
} from '../../../common/contracts/video-h265-converter';
import { failureOf, parseInput, respondWith } from '../../errors';
import type { Logger } from '../../logger';
import { readJsonBody } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { jobOwner } from '../jobs/job-owner';
import type { Caller, Converter } from './video-h265-converter.service';

export type ConvertH265RoutesDeps = {
  getAuth: () => Promise<Auth>;
  callerOf: (c: Context) => string;
  logger: Logger;
  getConverter: () => Promise<Converter>;
};

/** How long `POST /` waits for its job: the 5-minute limit, the queue ahead of it and the file transfers. */
export const MAX_WAIT_MS = 15 * 60_000;

export function convertH265Routes(deps: ConvertH265RoutesDeps): Hono {
  const logger = deps.logger.child({ component: 'convert-h265' });

  const callerOf = async (c: Context, create: boolean): Promise<Caller | undefined> => {
    const owner = await jobOwner(c, deps.getAuth, { create });
    if (!owner) return undefined;
    const loggedIn = owner.startsWith('user:');
    return { owner, loggedIn, rateKey: loggedIn ? `h265:${owner}` : `h265:guest:${deps.callerOf(c)}` };
  };

  const failed = (c: Context, error: unknown) => {
    const failure = failureOf(error, logger, c.get('requestId'), c.req.raw.signal.aborted);
    return respondWith(c, failure, {
      success: false as const,
      error: failure.message,
      message: failure.message,
      code: failure.code,
    });
  };

  return new Hono()
    .use(async (c, next) => {
      c.header('Cache-Control', 'no-store');
      await next();
    })
    .post('/upload-url', async (c) => {
      try {
        const request = parseInput(h265UploadUrlRequestSchema, await readJsonBody(c));
        const caller = await callerOf(c, true);
        if (!caller) throw new Error('no owner');
        const converter = await deps.getConverter();
        return c.json(await converter.createUpload(caller, `h265-upload:${deps.callerOf(c)}`, request));
      } catch (error) {
        return failed(c, error);
      }
    })
    .post('/estimate', async (c) => {
      try {
        const request = parseInput(h265EstimateRequestSchema, await readJsonBody(c));
        const converter = await deps.getConverter();
        return c.json(await converter.estimate(request));
      } catch (error) {
        return failed(c, error);
      }
    })
    .get('/status', async (c) => {
      try {
        const s3Key = c.req.query('s3Key') ?? '';
        const converter = await deps.getConverter();
        return c.json(await converter.status(await callerOf(c, false), s3Key));
      } catch (error) {
        return failed(c, error);
      }
    })
    .post('/cancel', async (c) => {
      try {
        const request = parseInput(h265CancelRequestSchema, await readJsonBody(c));
        const converter = await deps.getConverter();
        return c.json(await converter.cancel(await callerOf(c, false), request.s3Key));
      } catch (error) {
        return failed(c, error);
      }
    })
    .post('/', async (c) => {
      try {
        const request = parseInput(convertH265RequestSchema, await readJsonBody(c));
        const converter = await deps.getConverter();
        const caller = await callerOf(c, false);
        const started = await converter.start(caller, request.s3Key, request.filename);
        const ended = await converter.waitFor(started.id, c.req.raw.signal, MAX_WAIT_MS);
        return c.json(await converter.resultOf(ended));
      } catch (error) {
        return failed(c, error);
      }
    });
}
