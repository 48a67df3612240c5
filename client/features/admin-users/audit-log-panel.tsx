import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-field';
import { ApiError, readErrorText } from '../../lib/api';
import { cn } from '../../lib/class-names';
import { auditLogQueryOptions, isAdminSession } from './api';
import { AUDIT_PAGE_SIZE, auditActionKey, describeDetail, pageCount } from './users-query';

const buttonClass =
  'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';

/** The admin audit log (`GET /api/admin/audit-log`): impersonation start/stop and every admin change. */
export function AuditLogPanel({ titleId }: { titleId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const log = useQuery(auditLogQueryOptions(page, isAdminSession(queryClient)));
  const pages = pageCount(log.data?.total ?? 0, AUDIT_PAGE_SIZE);
  const timeFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const person = (email: string | null, id: string | null) => email ?? id ?? '—';

  return (
    <div data-testid="audit-log">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 p-5">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {t('adminUsers.auditLog.title')}
        </h2>
        <button type="button" onClick={() => void log.refetch()} className={buttonClass}>
          {t('adminUsers.auditLog.refresh')}
        </button>
      </div>
      {log.isError ? (
        <div className="p-5">
          <FormAlert tone="error">
            {(log.error instanceof ApiError ? readErrorText(log.error.body) : undefined) ??
              t('adminUsers.auditLog.loadFailed')}
          </FormAlert>
        </div>
      ) : log.isPending ? (
        <p role="status" className="p-5 text-sm text-slate-500">
          {t('app.loading')}
        </p>
      ) : log.data.entries.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">{t('adminUsers.auditLog.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-100 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-2.5">
                  {t('adminUsers.auditLog.time')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('adminUsers.auditLog.action')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('adminUsers.auditLog.actor')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('adminUsers.auditLog.target')}
                </th>
                <th scope="col" className="px-5 py-2.5">
                  {t('adminUsers.auditLog.detail')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.data.entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                  <td className="whitespace-nowrap px-5 py-2.5 text-slate-600">
                    <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
                  </td>
                  <td className="px-3 py-2.5 font-medium text-slate-900">
                    {t(auditActionKey(entry.action))}
                  </td>
                  <td className="px-3 py-2.5 text-slate-700">{person(entry.actorEmail, entry.actorId)}</td>
                  <td className="px-3 py-2.5 text-slate-700">{person(entry.targetEmail, entry.targetId)}</td>
                  <td className={cn('px-5 py-2.5 text-xs text-slate-500')}>{describeDetail(entry.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex items-center justify-end gap-2 border-t border-slate-100 px-5 py-3">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className={buttonClass}>
          {t('adminUsers.previous')}
        </button>
        <button
          type="button"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
          className={buttonClass}
        >
          {t('adminUsers.next')}
        </button>
      </div>
    </div>
  );
}
