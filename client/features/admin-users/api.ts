import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { deleteAccessTokenResponseSchema } from '../../../common/contracts/access-tokens';
import {
  adminUserTokenPath,
  adminUserTokensPath,
  adminUserTokensResponseSchema,
  AUDIT_LOG_PATH,
  auditLogResponseSchema,
} from '../../../common/contracts/admin-users';
import { isAdmin, readCachedSessionUser } from '../../lib/session';
import { apiRequest } from '../../lib/api';
import { authClient, unwrap } from '../../lib/auth-client';
import { AUDIT_PAGE_SIZE, buildListUsersQuery, type UsersListParams } from './users-query';

/** Everything this tab caches starts with this key: one invalidation refreshes users and the audit log. */
export const adminQueryKey = ['admin-users'] as const;

/**
 * Whether the cached session is an admin's, read when a fetch is about to start (TanStack's `enabled` callback): when
 * an impersonation starts, the session turns into the viewed user's before this screen unmounts, and the refetch of
 * every query that follows must not ask the admin routes as that user.
 */
export function isAdminSession(queryClient: QueryClient): () => boolean {
  return () => isAdmin(readCachedSessionUser(queryClient));
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  banned: boolean;
  createdAt: Date;
}

/** `GET /api/auth/admin/list-users` (Better Auth admin plugin). */
export function usersQueryOptions(params: UsersListParams, isEnabled: () => boolean) {
  return queryOptions({
    enabled: isEnabled,
    queryKey: [...adminQueryKey, 'users', params],
    queryFn: async () => {
      const data = await unwrap(authClient.admin.listUsers({ query: buildListUsersQuery(params) }));
      const users: AdminUserRow[] = (data?.users ?? []).map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role ?? 'user',
        emailVerified: user.emailVerified,
        banned: user.banned === true,
        createdAt: new Date(user.createdAt),
      }));
      return { users, total: data?.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/audit-log` (our route, common/contracts/account.ts), newest first. */
export function auditLogQueryOptions(page: number, isEnabled: () => boolean) {
  const offset = (page - 1) * AUDIT_PAGE_SIZE;
  return queryOptions({
    enabled: isEnabled,
    queryKey: [...adminQueryKey, 'audit-log', page],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${AUDIT_LOG_PATH}?limit=${AUDIT_PAGE_SIZE}&offset=${offset}`,
        schema: auditLogResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The roles the admin plugin knows by default. */
export const ASSIGNABLE_ROLES = ['user', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export type AdminAction =
  | { kind: 'set-role'; user: AdminUserRow; role: AssignableRole }
  | { kind: 'ban'; user: AdminUserRow }
  | { kind: 'unban'; user: AdminUserRow }
  | { kind: 'delete'; user: AdminUserRow }
  | { kind: 'impersonate'; user: AdminUserRow };

/** One admin change through the Better Auth admin plugin's routes. */
export async function runAdminAction(action: AdminAction): Promise<void> {
  const userId = action.user.id;
  switch (action.kind) {
    case 'set-role':
      await unwrap(authClient.admin.setRole({ userId, role: action.role }));
      return;
    case 'ban':
      await unwrap(authClient.admin.banUser({ userId }));
      return;
    case 'unban':
      await unwrap(authClient.admin.unbanUser({ userId }));
      return;
    case 'delete':
      await unwrap(authClient.admin.removeUser({ userId }));
      return;
    case 'impersonate':
      await unwrap(authClient.admin.impersonateUser({ userId }));
      return;
  }
}

/** `GET /api/admin/users/{id}/access-tokens` (issue 41): a user's tokens for AI agents, never their secrets. */
export function userTokensQueryOptions(userId: string, isEnabled: () => boolean) {
  return queryOptions({
    enabled: isEnabled,
    queryKey: [...adminQueryKey, 'tokens', userId],
    queryFn: ({ signal }) =>
      apiRequest({ path: adminUserTokensPath(userId), schema: adminUserTokensResponseSchema, signal }),
  });
}

/** `DELETE /api/admin/users/{id}/access-tokens/{tokenId}`: the token stops at once; the audit log records it. */
export function revokeUserToken(userId: string, tokenId: string) {
  return apiRequest({
    method: 'DELETE',
    path: adminUserTokenPath(userId, tokenId),
    schema: deleteAccessTokenResponseSchema,
  });
}
