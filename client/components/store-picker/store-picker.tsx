import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { useStoreList } from '../../lib/stores/store-list';
import { useOpenTab } from '../../lib/tab-navigation';
import { preselectStore, readLastStoreId, rememberLastStore } from './preselect';

/** The stores every tool picks from: the same list the Store Manager shows (cloud-merged when logged in). */
export function useStores(): { stores: LocalStore[]; isLoading: boolean } {
  const { stores, isLoading } = useStoreList();
  return { stores, isLoading };
}

/**
 * The store picker every tool screen starts with (spec part 1 §2 "Shared store picker"). With no stores it shows the
 * yellow warning that sends the user to the Store Manager tab. `value` is the chosen store's id ('' for none); a
 * chosen store that has been deleted reads as none.
 */
export function StorePicker({
  value,
  onChange,
  label,
  testId = 'store-picker',
  rememberAs,
  avoidStoreId,
}: {
  value: string;
  onChange: (store: LocalStore | null) => void;
  label?: string;
  testId?: string;
  /**
   * The tool's id: the picker opens on the store chosen last in any tool, or on the only store (and remembers the
   * store chosen in it). Unset: it neither opens on a store nor remembers one.
   */
  rememberAs?: string;
  /** A store not to open on by itself (the user may still choose it). */
  avoidStoreId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const openTab = useOpenTab();
  const { stores, isLoading } = useStores();
  const selected = stores.some((s) => s.id === value) ? value : '';

  // Once, when the list is first known and nothing is chosen yet.
  const hasPreselected = useRef(false);
  useEffect(() => {
    if (isLoading || hasPreselected.current || rememberAs === undefined) return;
    hasPreselected.current = true;
    if (value !== '') return;
    const store = preselectStore(stores, readLastStoreId(rememberAs), avoidStoreId);
    if (store) onChange(store);
  }, [isLoading, stores, value, rememberAs, avoidStoreId, onChange]);
  const choose = (store: LocalStore | null) => {
    if (store && rememberAs !== undefined) rememberLastStore(store.id);
    onChange(store);
  };

  if (isLoading) {
    return (
      <p role="status" data-testid={`${testId}-loading`} className="text-sm text-slate-500">
        {t('storePicker.loading')}
      </p>
    );
  }
  if (stores.length === 0) {
    return (
      <div
        role="alert"
        data-testid={`${testId}-empty`}
        className="flex flex-wrap items-center gap-3 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
      >
        <span>{t('storePicker.noStores')}</span>
        <button
          type="button"
          onClick={() => openTab('stores')}
          data-testid={`${testId}-open-store-manager`}
          className="rounded-lg bg-yellow-500 px-3 py-1.5 text-sm font-semibold text-yellow-950 hover:bg-yellow-400"
        >
          {t('storePicker.openStoreManager')}
        </button>
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label ?? t('storePicker.label')}
      </label>
      <select
        id={id}
        value={selected}
        onChange={(event) => choose(stores.find((s) => s.id === event.target.value) ?? null)}
        data-testid={`${testId}-select`}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      >
        <option value="">{t('storePicker.placeholder')}</option>
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name} ({store.storeHash})
          </option>
        ))}
      </select>
    </div>
  );
}
