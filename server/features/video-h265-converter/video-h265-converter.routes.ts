// `/api/convert-h265` (spec part 2 §7; issue 17): the upload-address call (`POST /upload-url`: `{filename,
// contentType, size?}` -> `{uploadUrl, s3Key, headers, expiresAt}`), the conversion (`POST /`: `{s3Key, filename}` ->
// the spec's result, answered when the job has ended), and the screen's helpers: `POST /estimate` (before uploading),
// `GET /status?s3Key=` (the encoder's progress while `POST /` waits) and `POST /cancel` (`{s3Key}` -> `{success,
// state: 'cancelled', message}`; issue 29). Failures answer `{success: false, error, message, code}` (the spec's screen
// reads `message` or `error`), 429 with `Retry-After`; another owner's key is 404 everywhere.
import { Hono, type Context } from 'hono';
import {
  CONVERT_H265_PATH,
  convertH265RequestSchema,
  H265_CANCEL_PATH,
  H265_ESTIMATE_PATH,
  H265_STATUS_PATH,
  H265_UPLOAD_URL_PATH,
  h265CancelRequestSchema,
  h265StatusQuerySchema,
  h265EstimateRequestSchema,
  h265UploadUrlRequestSchema,
  type ConvertH265Failure,
} from '../../../common/contracts/video-h265-converter';
import { ERROR_CODES } from '../../../common/errors';
import { AppError, createErrorHandler, type Failure } from '../../errors';
import type { Logger } from '../../logger';
import { readInput, readQuery } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { jobOwner } from '../jobs/job-owner';
import type { Caller, Converter } from './video-h265-converter.service';

export type ConvertH265RoutesDeps = {
  getAuth: () => Promise<Auth>;
  callerOf: (c: Context) => string;
  logger: Logger;
  getConverter: () => Promise<Converter>;
};

const NO_OWNER_MESSAGE = 'The upload could not be started. Please try again.';

/** How long `POST /` waits for its job: the 5-minute limit, the queue ahead of it and the file transfers. */
export const MAX_WAIT_MS = 15 * 60_000;

/**
 * The spec's failure of these calls (part 2 §7, §8): the screen shows `message`, else `error`; `success: false` as in
 * the conversion's result. Also `code`, like every failure.
 */
function conversionFailureBody(failure: Failure): ConvertH265Failure {
  return { success: false, error: failure.message, message: failure.message, code: failure.code };
}

export function convertH265Routes(deps: ConvertH265RoutesDeps): Hono {
  const logger = deps.logger.child({ component: 'convert-h265' });

  const callerOf = async (c: Context, create: boolean): Promise<Caller | undefined> => {
    const owner = await jobOwner(c, deps.getAuth, { create });
    if (!owner) return undefined;
    const loggedIn = owner.startsWith('user:');
    return { owner, loggedIn, rateKey: loggedIn ? `h265:${owner}` : `h265:guest:${deps.callerOf(c)}` };
  };

  return (
    new Hono()
      // What these routes throw is answered by the app's error handler, in the spec's shape above.
      .onError(createErrorHandler(logger, conversionFailureBody))
      .use(`${CONVERT_H265_PATH}/*`, async (c, next) => {
        c.header('Cache-Control', 'no-store');
        await next();
      })
      .post(H265_UPLOAD_URL_PATH, async (c) => {
        const request = await readInput(c, h265UploadUrlRequestSchema);
        const caller = await callerOf(c, true);
        // With `create`, every caller has an owner (a visitor gets one): none is a broken invariant.
        if (!caller) throw new AppError(ERROR_CODES.internal, NO_OWNER_MESSAGE);
        const converter = await deps.getConverter();
        return c.json(await converter.createUpload(caller, `h265-upload:${deps.callerOf(c)}`, request));
      })
      .post(H265_ESTIMATE_PATH, async (c) => {
        const request = await readInput(c, h265EstimateRequestSchema);
        const converter = await deps.getConverter();
        return c.json(await converter.estimate(request));
      })
      .get(H265_STATUS_PATH, async (c) => {
        const { s3Key } = await readInput(c, h265StatusQuerySchema, { read: readQuery });
        const converter = await deps.getConverter();
        return c.json(await converter.status(await callerOf(c, false), s3Key));
      })
      .post(H265_CANCEL_PATH, async (c) => {
        const request = await readInput(c, h265CancelRequestSchema);
        const converter = await deps.getConverter();
        return c.json(await converter.cancel(await callerOf(c, false), request.s3Key));
      })
      .post(CONVERT_H265_PATH, async (c) => {
        const request = await readInput(c, convertH265RequestSchema);
        const converter = await deps.getConverter();
        const caller = await callerOf(c, false);
        const started = await converter.start(caller, request.s3Key, request.filename);
        const ended = await converter.waitFor(started.id, c.req.raw.signal, MAX_WAIT_MS);
        return c.json(await converter.resultOf(ended));
      })
  );
}
