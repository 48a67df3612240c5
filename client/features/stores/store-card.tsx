import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDemoCopyHash } from '../../../common/contracts/demo-stores';
import type { LocalStore } from '../../../common/contracts/stores';
import { EyeIcon } from '../../components/icons';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { apiErrorText } from '../../lib/tool-errors';
import { resetDemoStore } from './api';
import { cn } from '../../lib/class-names';
import { ConnectionTest } from './connection-test';
import { SourceBadge } from './source-badge';
import { maskToken } from './store-rules';

/** The card's Edit and Delete: the same button in two colours, each naming the store to screen readers. */
const CARD_ACTIONS = [
  {
    id: 'edit',
    label: 'common.edit',
    namedLabel: 'stores.editNamed',
    tone: 'border-slate-300 text-slate-700 hover:bg-slate-50',
  },
  {
    id: 'delete',
    label: 'common.delete',
    namedLabel: 'stores.deleteNamed',
    tone: 'border-red-200 text-red-700 hover:bg-red-50',
  },
] as const;

/** One store (spec part 1 §2): name, Cloud or Local badge, hash, masked token with reveal, client id, created time. */
export function StoreCard({
  store,
  onEdit,
  onDelete,
}: {
  store: LocalStore;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [isRevealed, setIsRevealed] = useState(false);
  const created = new Date(store.createdAt);
  const createdText = Number.isNaN(created.getTime())
    ? store.createdAt
    : created.toLocaleString(i18n.language);
  const isCloud = store.source === 'cloud';
  const titleId = `store-${store.id}-name`;

  return (
    <li
      aria-labelledby={titleId}
      data-testid="store-card"
      data-store-hash={store.storeHash}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id={titleId}
          data-testid="store-card-name"
          className="min-w-0 truncate text-base font-semibold text-slate-900"
        >
          {store.name}
        </h2>
        <SourceBadge isCloud={isCloud} testId="store-card-badge" className="shrink-0 px-2.5 py-0.5">
          {isCloud ? t('stores.badgeCloud') : t('stores.badgeLocal')}
        </SourceBadge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-slate-500">{t('stores.storeHash')}</dt>
        <dd data-testid="store-card-hash" className="font-mono text-slate-900 break-all">
          {store.storeHash}
        </dd>
        <dt className="text-slate-500">{t('stores.apiToken')}</dt>
        <dd className="flex min-w-0 items-center gap-2">
          <span data-testid="store-card-token" className="min-w-0 font-mono text-slate-900 break-all">
            {isRevealed ? store.apiToken : maskToken(store.apiToken)}
          </span>
          <button
            type="button"
            aria-pressed={isRevealed}
            aria-label={isRevealed ? t('stores.hideToken') : t('stores.showToken')}
            title={isRevealed ? t('stores.hideToken') : t('stores.showToken')}
            onClick={() => setIsRevealed((v) => !v)}
            data-testid="store-card-reveal"
            className="shrink-0 rounded-md border border-slate-200 px-1.5 py-0.5 text-slate-600 hover:bg-slate-50"
          >
            <EyeIcon isOpen={!isRevealed} className="h-4 w-4" />
          </button>
        </dd>
        <dt className="text-slate-500">{t('stores.clientId')}</dt>
        <dd data-testid="store-card-client-id" className="font-mono text-slate-900 break-all">
          {store.clientId}
        </dd>
        <dt className="text-slate-500">{t('stores.createdAt')}</dt>
        <dd data-testid="store-card-created" className="text-slate-900">
          <time dateTime={store.createdAt}>{createdText}</time>
        </dd>
      </dl>
      <ConnectionTest
        testId="store-card-test"
        getCredentials={() => ({ storeHash: store.storeHash, accessToken: store.apiToken })}
      />
      <div role="group" aria-label={t('stores.storeActions', { name: store.name })} className="flex gap-2">
        {CARD_ACTIONS.map((action) => (
          <button
            key={action.id}
            type="button"
            onClick={action.id === 'edit' ? onEdit : onDelete}
            aria-label={t(action.namedLabel, { name: store.name })}
            data-testid={`store-card-${action.id}`}
            className={cn('rounded-lg border bg-white px-3 py-1.5 text-sm font-medium', action.tone)}
          >
            {t(action.label)}
          </button>
        ))}
        {isDemoCopyHash(store.storeHash) && <DemoStoreReset store={store} />}
      </div>
    </li>
  );
}

/** A demo store back to its original data (its changes are lost: asks first). */
function DemoStoreReset({ store }: { store: LocalStore }) {
  const { t } = useTranslation();
  const reset = useMutation({ mutationFn: () => resetDemoStore(store) });
  const [isAsking, setIsAsking] = useState(false);
  const failure = reset.error ? apiErrorText(reset.error, t, t('stores.resetDemoFailed')) : '';
  return (
    <>
      <button
        type="button"
        disabled={reset.isPending}
        onClick={() => setIsAsking(true)}
        data-testid="store-card-reset-demo"
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        {reset.isPending ? t('stores.resettingDemo') : t('stores.resetDemo')}
      </button>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('stores.resetDemoTitle', { name: store.name })}
        message={t('stores.confirmResetDemo', { name: store.name })}
        confirmLabel={t('stores.resetDemo')}
        isDestructive
        onConfirm={() => {
          setIsAsking(false);
          reset.mutate();
        }}
        onCancel={() => setIsAsking(false)}
        testId="reset-demo-dialog"
      />
      <span role="status" data-testid="store-card-reset-result" className="self-center text-xs">
        {reset.isSuccess && <span className="text-emerald-700">{t('stores.resetDemoDone')}</span>}
        {failure && <span className="text-red-700">{failure}</span>}
      </span>
    </>
  );
}
