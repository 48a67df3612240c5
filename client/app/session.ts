import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api';

// Seam for the accounts issue (Better Auth at /api/auth/*). Until it lands the route answers 404, which is read as
// "logged out"; so is any other non-2xx answer or a network failure.
export const SESSION_PATH = '/api/auth/get-session';
export const SIGN_OUT_PATH = '/api/auth/sign-out';
export const STOP_IMPERSONATING_PATH = '/api/auth/admin/stop-impersonating';

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

/** Logout and stop-impersonation actions of the session layer (spec part 1 §6–§7: paths not shown). */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  const signOut = useMutation({
    mutationFn: () => apiRequest({ method: 'POST', path: SIGN_OUT_PATH, body: {}, schema: z.unknown() }),
    onSettled: refresh,
  });
  const stopImpersonating = useMutation({
    mutationFn: () =>
      apiRequest({ method: 'POST', path: STOP_IMPERSONATING_PATH, body: {}, schema: z.unknown() }),
    onSuccess: refresh,
  });
  return { signOut, stopImpersonating };
}
