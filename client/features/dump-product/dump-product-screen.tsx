import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabIcon } from '../../components/icons';
import { PlaceholderPanel } from '../../components/placeholder-panel';
import { StorePicker } from '../../components/store-picker/store-picker';

/** Placeholder until the Dump Product issue: the tool's store picker, then the "not built yet" panel. */
export default function DumpProductScreen() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState('');
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <StorePicker value={storeId} onChange={(store) => setStoreId(store?.id ?? '')} />
      </section>
      <PlaceholderPanel
        testId="not-built"
        icon={<TabIcon tab="dump-product" className="h-6 w-6" />}
        title={t('tabs.dump-product.title')}
        body={t('panels.notBuilt')}
      >
        <p className="text-xs text-slate-500">{t('panels.notBuiltHint')}</p>
      </PlaceholderPanel>
    </div>
  );
}
