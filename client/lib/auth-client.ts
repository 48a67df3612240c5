import { adminClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { AUTH_BASE_PATH } from '../../common/contracts/account';

/**
 * The Better Auth client (server at `/api/auth/*`, same origin, session cookie). Components use it through the
 * session seam (client/lib/session.ts) and the feature api modules, never `fetch` directly. The session itself is
 * read by TanStack Query in the seam, so the client's own session store is not used.
 */
export const authClient = createAuthClient({ basePath: AUTH_BASE_PATH, plugins: [adminClient()] });

/** The error Better Auth answers with (`{code, message}` in the body; `status` from HTTP). */
export interface AuthError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

/** Thrown by `unwrap` so TanStack mutations see a rejected promise. */
export class AuthRequestError extends Error {
  constructor(readonly error: AuthError) {
    super(error.message ?? `HTTP ${error.status}`);
    this.name = 'AuthRequestError';
  }
}

type BetterFetchResult<T> =
  | { data: T; error: null }
  | { data: null; error: { status: number; code?: string | undefined; message?: string | undefined } };

/** Turns Better Auth's `{data, error}` answer into the data, or throws an `AuthRequestError`. */
export async function unwrap<T>(request: Promise<BetterFetchResult<T>>): Promise<T> {
  let result: BetterFetchResult<T>;
  try {
    result = await request;
  } catch (error) {
    // A network failure: no HTTP status.
    throw new AuthRequestError({
      status: 0,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  if (result.error) {
    const { status, code, message } = result.error;
    throw new AuthRequestError({ status, code, message });
  }
  return result.data;
}
