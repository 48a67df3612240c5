import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectionCredentials } from '../../../common/contracts/stores';
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
  );
}
