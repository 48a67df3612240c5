import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/tool-errors';
import { cn } from '../../lib/class-names';
import { auditLogQueryOptions, isAdminSession } from './api';
import { PagerButtons, plainSmallButtonClass, TableHead, TablePlaceholder } from './table-parts';
import { AUDIT_PAGE_SIZE, auditActionKey, describeDetail, pageCount } from './users-query';

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
        <button type="button" onClick={() => void log.refetch()} className={plainSmallButtonClass}>
          {t('adminUsers.auditLog.refresh')}
        </button>
      </div>
      {log.isError || log.isPending ? (
        <TablePlaceholder
          error={log.isError ? apiErrorText(log.error, t, t('adminUsers.auditLog.loadFailed')) : null}
        />
      ) : log.data.entries.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">{t('adminUsers.auditLog.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-100 text-sm">
            <TableHead
              columns={[
                t('adminUsers.auditLog.time'),
                t('adminUsers.auditLog.action'),
                t('adminUsers.auditLog.actor'),
                t('adminUsers.auditLog.target'),
                t('adminUsers.auditLog.detail'),
              ]}
            />
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
        <PagerButtons page={page} pages={pages} onPage={setPage} />
      </div>
    </div>
  );
}
