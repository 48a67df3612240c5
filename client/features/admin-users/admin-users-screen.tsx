import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadAppState, useSession } from '../../lib/session';
import { FormAlert } from '../../components/form-field';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { AuthRequestError } from '../../lib/auth-client';
import { cn } from '../../lib/class-names';
import {
  adminQueryKey,
  isAdminSession,
  ASSIGNABLE_ROLES,
  runAdminAction,
  usersQueryOptions,
  type AdminAction,
  type AssignableRole,
} from './api';
import { AuditLogPanel } from './audit-log-panel';
import { UserTokensPanel } from './user-tokens-panel';
import {
  PagerButtons,
  plainSmallButtonClass,
  smallButtonClass,
  TableHead,
  TablePlaceholder,
} from './table-parts';
import { pageCount, USERS_PAGE_SIZE, type SearchField, type UsersListParams } from './users-query';
import { useCount } from '../../lib/number-format';

const cardClass = 'rounded-2xl border border-slate-200 bg-white shadow-sm';

function isAssignableRole(value: string): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

/** User Management (admins only; the shell hides the tab from everyone else and the server enforces it). */
export default function AdminUsersScreen() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <UsersPanel />
      <section aria-labelledby="audit-log-title" className={cardClass}>
        <AuditLogPanel titleId="audit-log-title" />
      </section>
    </div>
  );
}

type Feedback = { tone: 'success' | 'error'; text: string } | null;

function UsersPanel() {
  const { t, i18n } = useTranslation();
  const count = useCount();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const searchId = useId();
  const [draft, setDraft] = useState<{ search: string; searchField: SearchField }>({
    search: '',
    searchField: 'email',
  });
  const [params, setParams] = useState<UsersListParams>({ search: '', searchField: 'email', page: 1 });
  const [feedback, setFeedback] = useState<Feedback>(null);
  // A delete waits for the app's own dialog, which names the user (issue 44).
  const [deleting, setDeleting] = useState<AdminAction | null>(null);
  const [tokensOf, setTokensOf] = useState<{ id: string; name: string; email: string } | null>(null);
  const users = useQuery(usersQueryOptions(params, isAdminSession(queryClient)));

  const action = useMutation({
    mutationFn: runAdminAction,
    onSuccess: async (_, done) => {
      if (done.kind === 'impersonate') {
        // Now viewing as that user: the whole app follows the new session (this tab closes for a non-admin).
        await reloadAppState(queryClient);
        return;
      }
      setFeedback({ tone: 'success', text: successText(done) });
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
    onError: (error) =>
      setFeedback({
        tone: 'error',
        text: (error instanceof AuthRequestError ? error.error.message : undefined) ?? t('errors.generic'),
      }),
  });

  const successText = (done: AdminAction): string => {
    const email = done.user.email;
    switch (done.kind) {
      case 'set-role':
        return t('adminUsers.roleChanged', { email, role: roleLabel(done.role) });
      case 'ban':
        return t('adminUsers.bannedDone', { email });
      case 'unban':
        return t('adminUsers.unbannedDone', { email });
      default:
        return t('adminUsers.deletedDone', { email });
    }
  };

  const roleLabel = (role: string) =>
    role === 'admin' ? t('header.roles.admin') : role === 'user' ? t('header.roles.user') : role;

  const run = (next: AdminAction) => {
    setFeedback(null);
    if (next.kind === 'delete') setDeleting(next);
    else action.mutate(next);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ ...draft, page: 1 });
  };

  const total = users.data?.total ?? 0;
  const pages = pageCount(total, USERS_PAGE_SIZE);
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
  const isBusy = action.isPending;

  return (
    <section aria-labelledby="users-title" className={cardClass} data-testid="admin-users">
      <div className="flex flex-col gap-4 border-b border-slate-100 p-5 lg:flex-row lg:items-end lg:justify-between">
        <h2 id="users-title" className="text-base font-semibold text-slate-900">
          {t('adminUsers.usersTitle')}
        </h2>
        <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2">
          <label className="text-xs font-medium text-slate-600">
            {t('adminUsers.searchBy')}
            <select
              value={draft.searchField}
              onChange={(event) =>
                setDraft({ ...draft, searchField: event.target.value === 'name' ? 'name' : 'email' })
              }
              className="mt-1 block rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
            >
              <option value="email">{t('adminUsers.searchByEmail')}</option>
              <option value="name">{t('adminUsers.searchByName')}</option>
            </select>
          </label>
          <div>
            <label htmlFor={searchId} className="sr-only">
              {t('adminUsers.search')}
            </label>
            <input
              id={searchId}
              type="search"
              value={draft.search}
              onChange={(event) => setDraft({ ...draft, search: event.target.value })}
              placeholder={t('adminUsers.searchPlaceholder')}
              className="block w-56 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
            />
          </div>
          <button
            type="submit"
            className="rounded-lg bg-indigo-600 px-3.5 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {t('adminUsers.search')}
          </button>
        </form>
      </div>

      {feedback && (
        <div className="px-5 py-4">
          <FormAlert tone={feedback.tone} testId="admin-feedback">
            {feedback.text}
          </FormAlert>
        </div>
      )}

      {users.isError || users.isPending ? (
        <TablePlaceholder
          error={
            users.isError
              ? ((users.error instanceof AuthRequestError ? users.error.error.message : undefined) ??
                t('adminUsers.loadFailed'))
              : null
          }
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-100 text-sm" data-testid="users-table">
            <TableHead
              isLastRight
              columns={[
                t('adminUsers.columns.user'),
                t('adminUsers.columns.role'),
                t('adminUsers.columns.verified'),
                t('adminUsers.columns.created'),
                t('adminUsers.columns.status'),
                t('adminUsers.columns.actions'),
              ]}
            />
            <tbody className="divide-y divide-slate-100">
              {users.data.users.length === 0 && (
                <tr>
                  <td colSpan={6} className="px-5 py-8 text-center text-slate-500">
                    {t('adminUsers.noUsers')}
                  </td>
                </tr>
              )}
              {users.data.users.map((row) => {
                const isMe = row.id === me?.id;
                return (
                  <tr key={row.id} data-testid="user-row" data-email={row.email}>
                    <td className="px-5 py-3">
                      <p className="font-medium text-slate-900">
                        {row.name}
                        {isMe && ' '}
                        {isMe && (
                          <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
                            {t('adminUsers.you')}
                          </span>
                        )}
                      </p>
                      <p className="text-xs text-slate-500">{row.email}</p>
                    </td>
                    <td className="px-3 py-3">
                      <select
                        aria-label={t('adminUsers.roleFor', { name: row.name || row.email })}
                        value={row.role}
                        disabled={isMe || isBusy}
                        onChange={(event) => {
                          const role = event.target.value;
                          if (isAssignableRole(role)) run({ kind: 'set-role', user: row, role });
                        }}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-50"
                      >
                        {!isAssignableRole(row.role) && <option value={row.role}>{row.role}</option>}
                        {ASSIGNABLE_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {roleLabel(role)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <BadgeCell tone={row.emailVerified ? 'green' : 'amber'}>
                      {row.emailVerified ? t('adminUsers.verified') : t('adminUsers.notVerified')}
                    </BadgeCell>
                    <td className="whitespace-nowrap px-3 py-3 text-slate-600">
                      <time dateTime={row.createdAt.toISOString()}>{dateFormat.format(row.createdAt)}</time>
                    </td>
                    <BadgeCell tone={row.banned ? 'red' : 'slate'}>
                      {row.banned ? t('adminUsers.banned') : t('adminUsers.active')}
                    </BadgeCell>
                    <td className="px-5 py-3">
                      {!isMe && (
                        <div className="flex flex-wrap justify-end gap-1.5">
                          <button
                            type="button"
                            onClick={() => setTokensOf(row)}
                            className={plainSmallButtonClass}
                          >
                            {t('adminUsers.tokens.open')}
                          </button>
                          <button
                            type="button"
                            disabled={isBusy || row.banned}
                            onClick={() => run({ kind: 'impersonate', user: row })}
                            className={cn(
                              smallButtonClass,
                              'border-orange-200 text-orange-700 hover:bg-orange-50',
                            )}
                          >
                            {t('adminUsers.impersonate')}
                          </button>
                          <button
                            type="button"
                            disabled={isBusy}
                            onClick={() => run({ kind: row.banned ? 'unban' : 'ban', user: row })}
                            className={plainSmallButtonClass}
                          >
                            {row.banned ? t('adminUsers.unban') : t('adminUsers.ban')}
                          </button>
                          <button
                            type="button"
                            disabled={isBusy}
                            onClick={() => run({ kind: 'delete', user: row })}
                            className={cn(smallButtonClass, 'border-red-200 text-red-700 hover:bg-red-50')}
                          >
                            {t('adminUsers.delete')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {tokensOf && <UserTokensPanel key={tokensOf.id} user={tokensOf} onClose={() => setTokensOf(null)} />}
      <nav
        aria-label={t('adminUsers.pagination')}
        className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600"
      >
        <p data-testid="users-summary">
          {t('adminUsers.summary', { total: count(total), page: count(params.page), pages: count(pages) })}
        </p>
        <div className="flex gap-2">
          <PagerButtons page={params.page} pages={pages} onPage={(page) => setParams({ ...params, page })} />
        </div>
      </nav>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={deleting ? t('adminUsers.confirmDeleteTitle', { email: deleting.user.email }) : ''}
        message={deleting ? t('adminUsers.confirmDelete', { email: deleting.user.email }) : ''}
        confirmLabel={t('adminUsers.delete')}
        isDestructive
        onConfirm={() => {
          if (deleting) action.mutate(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
        testId="user-delete-dialog"
      />
    </section>
  );
}

const BADGE_TONES = {
  green: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-800',
  red: 'bg-red-50 text-red-700',
  slate: 'bg-slate-100 text-slate-700',
} as const;

/** A table cell holding one coloured badge (a user's state). */
function BadgeCell({ tone, children }: { tone: keyof typeof BADGE_TONES; children: React.ReactNode }) {
  return (
    <td className="px-3 py-3">
      <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', BADGE_TONES[tone])}>
        {children}
      </span>
    </td>
  );
}
