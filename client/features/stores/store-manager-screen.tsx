import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { primaryButtonClass as primaryButton } from '../../components/button-classes';
import { SecondaryButton } from '../../components/form-field';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { cn } from '../../lib/class-names';
import { apiErrorText } from '../../lib/tool-errors';
import { fetchDemoStores, fetchIsSandboxOn } from './api';
import { SourceBadge } from './source-badge';
import { StoreCard } from './store-card';
import { StoreForm } from './store-form';
import { useStoreList, useSyncStatus } from '../../lib/stores/store-list';
import {
  addDemoStores,
  addStore,
  deleteStore,
  newStoreId,
  sourceForNewStore,
  updateStore,
  type StoreFormValues,
} from './store-rules';
import { useCount } from '../../lib/number-format';

type FormState = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; store: LocalStore };

/** Store Manager (spec part 1 §2 "Store Manager", §4, §5). */
export default function StoreManagerScreen() {
  const { t } = useTranslation();
  const count = useCount();
  const list = useStoreList();
  const { stores, mode } = list;
  const isLoggedIn = mode !== 'visitor';
  const [form, setForm] = useState<FormState>({ kind: 'closed' });
  // The store a Delete asks about: the app's own dialog, which names it (issue 44), not the browser's confirm().
  const [deleting, setDeleting] = useState<LocalStore | null>(null);
  const sandbox = useQuery({ queryKey: ['sandbox-on'], queryFn: fetchIsSandboxOn, staleTime: 5 * 60_000 });

  const save = (values: StoreFormValues) => {
    const next =
      form.kind === 'edit'
        ? updateStore(stores, form.store.id, values)
        : addStore(stores, values, {
            id: newStoreId(),
            now: new Date(),
            source: sourceForNewStore(isLoggedIn),
          });
    setForm({ kind: 'closed' });
    void list.commit(next);
  };
  const remove = (store: LocalStore) => {
    setDeleting(null);
    if (form.kind === 'edit' && form.store.id === store.id) setForm({ kind: 'closed' });
    void list.commit(deleteStore(stores, store.id));
  };
  // Each visitor or user gets demo stores of their own (nobody else can change them).
  const addDemos = useMutation({
    mutationFn: fetchDemoStores,
    onSuccess: (issued) => {
      const meta = { newId: newStoreId, now: new Date(), source: sourceForNewStore(isLoggedIn) };
      void list.commit(addDemoStores(stores, issued, meta));
    },
  });
  const addDemosError = addDemos.error
    ? apiErrorText(addDemos.error, t, t('stores.addDemoStoresFailed'))
    : undefined;

  return (
    <div className="mx-auto max-w-5xl space-y-5" data-testid="store-manager">
      <div className="flex flex-wrap items-center gap-3">
        <SourceBadge isCloud={isLoggedIn} testId="storage-badge" className="px-3 py-1">
          {isLoggedIn ? t('stores.cloudStorage') : t('stores.localStorage')}
        </SourceBadge>
        <SyncChip />
        <div className="ml-auto flex gap-2">
          {isLoggedIn && (
            <SecondaryButton
              onClick={() => void list.sync()}
              isDisabled={list.isLoading}
              label={t('stores.sync')}
              testId="sync-button"
            />
          )}
          <button
            type="button"
            className={primaryButton}
            data-testid="add-store-button"
            disabled={list.isLoading}
            onClick={() => setForm({ kind: 'add' })}
          >
            {t('stores.addStore')}
          </button>
        </div>
      </div>

      {!isLoggedIn && (
        <p
          data-testid="login-to-sync-tip"
          className="rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-800"
        >
          {t('stores.loginToSyncTip')}
        </p>
      )}
      {list.localOnlyCount > 0 && (
        <div
          role="status"
          data-testid="local-only-banner"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <span>{t('stores.localOnlyBanner', { n: count(list.localOnlyCount) })}</span>
          <button
            type="button"
            data-testid="sync-now-button"
            onClick={() => void list.sync()}
            className="ml-auto rounded-lg bg-amber-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-500"
          >
            {t('stores.syncNow')}
          </button>
        </div>
      )}

      {form.kind !== 'closed' && (
        <StoreForm
          key={form.kind === 'edit' ? form.store.id : 'new'}
          editing={form.kind === 'edit' ? form.store : null}
          stores={stores}
          onSubmit={save}
          onCancel={() => setForm({ kind: 'closed' })}
        />
      )}

      {list.isLoading ? (
        <p role="status" className="py-10 text-center text-sm text-slate-500">
          {t('stores.loadingStores')}
        </p>
      ) : stores.length === 0 ? (
        <div
          data-testid="stores-empty"
          className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
        >
          <p className="text-sm text-slate-600">{t('stores.empty')}</p>
          {sandbox.data === true && (
            <div className="mt-4 space-y-2">
              <SecondaryButton
                onClick={() => addDemos.mutate()}
                isDisabled={addDemos.isPending}
                label={t('stores.addDemoStores')}
                testId="add-demo-stores"
              />
              <p className="text-xs text-slate-500">{t('stores.demoStoresHint')}</p>
              {addDemosError && (
                <p role="alert" data-testid="add-demo-stores-error" className="text-sm text-red-700">
                  {addDemosError}
                </p>
              )}
            </div>
          )}
        </div>
      ) : (
        <ul aria-label={t('stores.listLabel')} data-testid="store-list" className="grid gap-4 md:grid-cols-2">
          {stores.map((store) => (
            <StoreCard
              key={store.id}
              store={store}
              onEdit={() => setForm({ kind: 'edit', store })}
              onDelete={() => setDeleting(store)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('stores.confirmDelete')}
        message={
          deleting ? t('stores.confirmDeleteNamed', { name: deleting.name, hash: deleting.storeHash }) : ''
        }
        confirmLabel={t('common.delete')}
        isDestructive
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
        testId="store-delete-dialog"
      />
    </div>
  );
}

/** Syncing..., ✓ Synced (2 s) or ✗ Sync failed (3 s); nothing while idle. */
function SyncChip() {
  const { t } = useTranslation();
  const { status, error } = useSyncStatus();
  return (
    <span role="status" aria-label={t('stores.syncStatus')} className="inline-flex items-center gap-2">
      {status !== 'idle' && (
        <span
          data-testid="sync-chip"
          data-status={status}
          className={cn(
            'rounded-full px-3 py-1 text-xs font-semibold',
            status === 'syncing' && 'bg-indigo-50 text-indigo-700',
            status === 'success' && 'bg-emerald-50 text-emerald-700',
            status === 'error' && 'bg-red-50 text-red-700',
          )}
        >
          {status === 'syncing'
            ? t('stores.syncing')
            : status === 'success'
              ? t('stores.synced')
              : t('stores.syncFailed')}
        </span>
      )}
      {status === 'error' && error && (
        <span data-testid="sync-error" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
