// Confirmed writes for AI agents (issue 33): a write tool called without `confirmation` answers its preview and a
// token bound to it; called again with the token before it expires, it writes. The token is sealed (AES-GCM, the
// store-token cipher) with the tool and the user as associated data, and holds a nonce, its expiry, and the hashes
// of the arguments and of the preview: another tool, user or set of arguments cannot use it, and the write runs only
// if the store still gives the same preview. The nonce becomes the job's id, so a token confirmed twice starts one job.
import { createHash, randomUUID } from 'node:crypto';
import { ERROR_CODES } from '../../common/errors';
import { canonicalItem } from '../../common/store-history/field-diff';
import { AppError } from '../errors';

/** How long a preview's confirmation is good for. */
export const CONFIRMATION_TTL_MS = 10 * 60_000;

export type ConfirmationSealer = {
  encrypt(plain: string, associated: string): string;
  decrypt(sealed: string, associated: string): string;
};

type Bound = { tool: string; userId: string; args: unknown; now: Date };
type Payload = { nonce: string; exp: number; args: string; preview: string };

/** A stable hash of JSON data (object keys sorted). */
export function dataHash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonicalItem(value)))
    .digest('hex');
}

const associated = (bound: Bound) => `agent-confirmation:${bound.tool}:${bound.userId}`;

export function issueConfirmation(sealer: ConfirmationSealer, bound: Bound & { preview: unknown }): string {
  const payload: Payload = {
    nonce: randomUUID(),
    exp: bound.now.getTime() + CONFIRMATION_TTL_MS,
    args: dataHash(bound.args),
    preview: dataHash(bound.preview),
  };
  return sealer.encrypt(JSON.stringify(payload), associated(bound));
}

const AGAIN = 'Call the tool again without `confirmation` for a fresh preview and its token.';

/** The token's nonce and preview hash, once it is this call's and still good; else a clear AppError. */
export function openConfirmation(
  sealer: ConfirmationSealer,
  token: string,
  bound: Bound,
): { nonce: string; preview: string; expiresAt: Date } {
  let payload: Payload;
  try {
    payload = JSON.parse(sealer.decrypt(token, associated(bound))) as Payload;
  } catch {
    throw new AppError(
      ERROR_CODES.confirmationInvalid,
      `This confirmation was not given for this tool by this user. ${AGAIN}`,
    );
  }
  if (payload.exp < bound.now.getTime()) {
    throw new AppError(
      ERROR_CODES.confirmationInvalid,
      `This confirmation has expired (10 minutes). ${AGAIN}`,
    );
  }
  if (payload.args !== dataHash(bound.args)) {
    throw new AppError(
      ERROR_CODES.confirmationInvalid,
      `This confirmation was given for other arguments. ${AGAIN}`,
    );
  }
  return { nonce: payload.nonce, preview: payload.preview, expiresAt: new Date(payload.exp) };
}

/** Refuses the write when the store no longer gives the preview that was confirmed. */
export function assertPreviewUnchanged(confirmed: { preview: string }, preview: unknown): void {
  if (confirmed.preview !== dataHash(preview)) {
    throw new AppError(
      ERROR_CODES.previewChanged,
      `The store changed since the preview, so nothing was written. ${AGAIN}`,
    );
  }
}
