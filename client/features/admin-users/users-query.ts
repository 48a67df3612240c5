import type { AuditEntry } from '../../../common/contracts/admin-users';

export const USERS_PAGE_SIZE = 10;
export const AUDIT_PAGE_SIZE = 10;

export type SearchField = 'email' | 'name';

export interface UsersListParams {
  search: string;
  searchField: SearchField;
  /** 1-based. */
  page: number;
}

/** The `GET /api/auth/admin/list-users` query (Better Auth admin plugin): newest first, one page, optional search. */
export function buildListUsersQuery(params: UsersListParams) {
  // Addresses are stored lower-case and the adapter's `contains` is case-sensitive (a LIKE in PostgreSQL).
  const trimmed = params.search.trim();
  const search = params.searchField === 'email' ? trimmed.toLowerCase() : trimmed;
  return {
    limit: USERS_PAGE_SIZE,
    offset: (Math.max(1, params.page) - 1) * USERS_PAGE_SIZE,
    sortBy: 'createdAt',
    sortDirection: 'desc' as const,
    ...(search === ''
      ? {}
      : { searchValue: search, searchField: params.searchField, searchOperator: 'contains' as const }),
  };
}

/** How many pages `total` rows fill (at least one, so "page 1 of 1" reads right for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type AuditActionKey =
  | 'impersonationStart'
  | 'impersonationStop'
  | 'userRoleSet'
  | 'userBan'
  | 'userUnban'
  | 'userDelete'
  | 'userCreate'
  | 'adminGrant'
  | 'userUpdate'
  | 'userPasswordSet'
  | 'userSessionsRevoke'
  | 'userEmailChangeRequested'
  | 'userEmailChanged'
  | 'agentWrite'
  | 'userAccessTokenRevoke';

const AUDIT_ACTION_KEYS: Record<AuditEntry['action'], AuditActionKey> = {
  'impersonation.start': 'impersonationStart',
  'impersonation.stop': 'impersonationStop',
  'user.role.set': 'userRoleSet',
  'user.ban': 'userBan',
  'user.unban': 'userUnban',
  'user.delete': 'userDelete',
  'user.create': 'userCreate',
  'admin.grant': 'adminGrant',
  'user.update': 'userUpdate',
  'user.password.set': 'userPasswordSet',
  'user.sessions.revoke': 'userSessionsRevoke',
  'user.email.change_requested': 'userEmailChangeRequested',
  'user.email.changed': 'userEmailChanged',
  'agent.write': 'agentWrite',
  'user.access_token.revoke': 'userAccessTokenRevoke',
};

/** Catalogue key of an audit action (the wire names hold dots, which i18next reads as nesting). */
export function auditActionKey(
  action: AuditEntry['action'],
): `adminUsers.auditLog.actions.${AuditActionKey}` {
  return `adminUsers.auditLog.actions.${AUDIT_ACTION_KEYS[action]}`;
}

/** A short `key: value` line for an entry's detail (`{role: "admin"}` → `role: admin`). */
export function describeDetail(detail: AuditEntry['detail']): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}
