import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessTokenSummary } from '../../../common/contracts/access-tokens';
import { FormAlert } from '../../components/form-field';
import { cn } from '../../lib/class-names';
import { apiErrorText } from '../../lib/tool-errors';
import { adminQueryKey, isAdminSession, revokeUserToken, userTokensQueryOptions } from './api';
import { plainSmallButtonClass, smallButtonClass, TableHead, TablePlaceholder } from './table-parts';

/**
 * One user's access tokens for AI agents (issue 41): name, scope, last use and expiry, each revocable at once (the
 * server audits it). An admin cannot impersonate a banned user, so this is where a banned user's agent is cut off for
 * good.
 */
export function UserTokensPanel({
  user,
  onClose,
}: {
  user: { id: string; name: string; email: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useQuery(userTokensQueryOptions(user.id, isAdminSession(queryClient)));
  const [done, setDone] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (token: AccessTokenSummary) => revokeUserToken(user.id, token.id),
    onSuccess: async (_, token) => {
      setDone(t('adminUsers.tokens.revoked', { name: token.name }));
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const when = (iso: string | null) =>
    iso ? <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time> : t('adminUsers.tokens.never');
  const columns = [
    t('adminUsers.tokens.name'),
    t('adminUsers.tokens.scope'),
    t('adminUsers.tokens.lastUsed'),
    t('adminUsers.tokens.expires'),
    '',
  ];

  return (
    <section data-testid="user-tokens" className="border-t border-slate-100 p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">
          {t('adminUsers.tokens.title', { name: user.name || user.email })}
        </h3>
        <button type="button" onClick={onClose} className={plainSmallButtonClass}>
          {t('adminUsers.tokens.close')}
        </button>
      </div>
      {done && <FormAlert tone="success">{done}</FormAlert>}
      {revoke.error && <FormAlert tone="error">{apiErrorText(revoke.error, t)}</FormAlert>}
      {tokens.data === undefined ? (
        <TablePlaceholder error={tokens.isError ? t('adminUsers.tokens.loadFailed') : null} />
      ) : tokens.data.tokens.length === 0 ? (
        <p className="text-sm text-slate-500">{t('adminUsers.tokens.empty')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <TableHead columns={columns} isLastRight />
          <tbody className="divide-y divide-slate-100">
            {tokens.data.tokens.map((token) => (
              <tr key={token.id} data-testid="user-token">
                <td className="px-5 py-2 font-medium text-slate-900">{token.name}</td>
                <td className="px-3 py-2 text-slate-600">{t(`adminUsers.tokens.${token.scope}`)}</td>
                <td className="px-3 py-2 text-slate-600">{when(token.lastUsedAt)}</td>
                <td className="px-3 py-2 text-slate-600">{when(token.expiresAt)}</td>
                <td className="px-5 py-2 text-right">
                  <button
                    type="button"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(token)}
                    className={cn(smallButtonClass, 'border-red-200 text-red-700 hover:bg-red-50')}
                  >
                    {t('adminUsers.tokens.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
