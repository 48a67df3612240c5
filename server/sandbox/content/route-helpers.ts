// Helpers shared by the content API's route modules (./widgets/*, ./page-widgets.ts): the state lookup, the path uuid.
import type { SandboxContext } from '../core/app-env';
import { BcApiError } from '../core/envelope';
import type { ContentState } from './content-state';
import { isUuid } from './ids';

/** Finds the content state of the request's store (after the sandbox's store, auth and rate-limit middleware). */
export type GetContent = (c: SandboxContext) => ContentState;

/** [WID] declares no maximum `limit` for its lists. */
export const NO_MAX_LIMIT = Number.MAX_SAFE_INTEGER;

export function pathUuid(c: SandboxContext): string {
  const uuid = c.req.param('uuid') ?? '';
  if (!isUuid(uuid)) throw new BcApiError(422, 'Invalid uuid', { uuid: `uuid ${uuid} must be a UUID` });
  return uuid.toLowerCase();
}
