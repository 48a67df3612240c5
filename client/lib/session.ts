import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_SESSION_PATH } from '../../common/contracts/account';
import { apiRequest } from './api';
import { authClient, unwrap } from './auth-client';

// The session seam (Better Auth at /api/auth/*). get-session answers `null` when logged out; any non-2xx answer or a
// network failure is read as "logged out" too.
export const SESSION_PATH = AUTH_SESSION_PATH;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  /** 'admin' is the only value the spec shows (part 1 §3). */
  role: string;
  isVerified: boolean;
  isImpersonating: boolean;
  /** The name of the user being viewed while an admin impersonates. */
  impersonatedName?: string;
}

export interface SessionState {
  user: SessionUser | null;
  isLoading: boolean;
}

const betterAuthSessionSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string().nullish(),
    emailVerified: z.boolean().nullish(),
    isVerified: z.boolean().nullish(),
  }),
  session: z.object({ impersonatedBy: z.string().nullish() }).passthrough().nullish(),
});

/** Maps a get-session body (Better Auth's `{user, session}` or `null`) to the user the shell shows. */
export function toSessionUser(body: unknown): SessionUser | null {
  const parsed = betterAuthSessionSchema.safeParse(body);
  if (!parsed.success) return null;
  const { user, session } = parsed.data;
  const isImpersonating = typeof session?.impersonatedBy === 'string' && session.impersonatedBy.length > 0;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role ?? 'user',
    isVerified: user.isVerified ?? user.emailVerified ?? false,
    isImpersonating,
    ...(isImpersonating ? { impersonatedName: user.name } : {}),
  };
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === 'admin';
}

export const sessionQueryKey = ['session'] as const;

/** The session user as cached right now (for checks made outside a render, e.g. a query's `enabled`). */
export function readCachedSessionUser(queryClient: QueryClient): SessionUser | null {
  return queryClient.getQueryData<SessionUser | null>(sessionQueryKey) ?? null;
}

async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return toSessionUser(await apiRequest({ path: SESSION_PATH, schema: z.unknown() }));
  } catch {
    return null;
  }
}

export function useSession(): SessionState {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSessionUser,
    staleTime: 60_000,
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * Someone else may be signed in now (login, logout, impersonation start and stop). The session is refetched first;
 * every other cached answer belonged to the previous person and is dropped, so each screen fetches again when it
 * renders with the new session. (Refetching them here instead would still use the options of screens rendered for the
 * previous person: a logged-out visitor's request to a logged-in route, a viewed user's request to an admin route.)
 */
export async function reloadAppState(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** Logout and stop-impersonation actions of the session layer (Better Auth `sign-out`, admin `stop-impersonating`). */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => unwrap(authClient.signOut()),
    onSettled: () => reloadAppState(queryClient),
  });
  const stopImpersonating = useMutation({
    mutationFn: () => unwrap(authClient.admin.stopImpersonating()),
    onSuccess: () => reloadAppState(queryClient),
  });
  return { signOut, stopImpersonating };
}
