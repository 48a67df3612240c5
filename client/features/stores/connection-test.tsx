import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_SCOPES, type ConnectionCredentials, type ScopeCheck } from '../../../common/contracts/stores';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/class-names';
import { readFailure, serverErrorText } from '../../lib/error-text';
import { apiErrorText } from '../../lib/tool-errors';
import { testStoreConnection } from './api';

/**
 * "Test Connection": the server asks BigCommerce for the store's information (`GET /v2/store`) and we show its name
 * and domain, or the reason in plain words. `getCredentials` returns null when the form is not filled in yet.
 */
export function ConnectionTest({
  getCredentials,
  testId,
}: {
  getCredentials: () => ConnectionCredentials | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const test = useMutation({ mutationFn: testStoreConnection });
  const run = () => {
    const credentials = getCredentials();
    if (credentials) test.mutate(credentials);
  };
  const result = test.data;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={run}
          disabled={test.isPending}
          aria-busy={test.isPending || undefined}
          data-testid={`${testId}-button`}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
        >
          {test.isPending ? t('stores.testingConnection') : t('stores.testConnection')}
        </button>
        <p
          role="status"
          data-testid={`${testId}-result`}
          className={cn(
            'text-xs',
            result?.success ? 'text-emerald-700' : 'text-red-700',
            !result && !test.isError && 'sr-only',
          )}
        >
          {test.isPending
            ? ''
            : test.isError
              ? test.error instanceof ApiError
                ? apiErrorText(test.error, t)
                : t('errors.serverConnection', {
                    message: test.error instanceof Error ? test.error.message : String(test.error),
                  })
              : result?.success
                ? t('stores.connected', { name: result.data.name, domain: result.data.domain })
                : result
                  ? (serverErrorText(readFailure(result), t) ?? '')
                  : ''}
        </p>
      </div>
      {!test.isPending && result?.success && (
        <ScopeList scopes={result.data.scopes} testId={`${testId}-scopes`} />
      )}
    </div>
  );
}

/** Which of the scopes the tools need the token has; a missing one names the tools that need it. */
function ScopeList({ scopes, testId }: { scopes: ScopeCheck[]; testId: string }) {
  const { t } = useTranslation();
  const line = (check: ScopeCheck) => {
    const scope = t(`apiScopes.names.${check.scope}`);
    if (check.granted === true) return t('apiScopes.granted', { scope });
    if (check.granted === null) return t('apiScopes.unknown', { scope });
    const needed = API_SCOPES.find((entry) => entry.scope === check.scope)?.tools ?? [];
    return t('apiScopes.missing', { scope, tools: needed.map((tab) => t(`tabs.${tab}.label`)).join(', ') });
  };
  return (
    <div data-testid={testId} className="text-xs">
      <p className="font-medium text-slate-600">{t('apiScopes.title')}</p>
      <ul>
        {scopes.map((check) => (
          <li
            key={check.scope}
            data-scope={check.scope}
            data-granted={String(check.granted)}
            className={
              check.granted === false
                ? 'text-red-700'
                : check.granted === null
                  ? 'text-amber-700'
                  : 'text-emerald-700'
            }
          >
            {line(check)}
          </li>
        ))}
      </ul>
    </div>
  );
}
