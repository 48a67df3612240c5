import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { StorePicker } from '../../components/store-picker/store-picker';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';

/**
 * Spreadsheet Edit (issue 45): one store for both halves; export the catalogue to XLSX or CSV, edit it anywhere, and
 * bring it back: every changed cell is previewed against the live store before the import runs, with an Undo after.
 */
export default function SpreadsheetEditScreen() {
  const { t } = useTranslation();
  const [store, setStore] = useState<LocalStore | null>(null);
  return (
    <div className="mx-auto max-w-5xl space-y-4" data-testid="spreadsheet-edit">
      <div className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <StorePicker value={store?.id ?? ''} onChange={setStore} rememberAs="spreadsheet-edit" />
        <p className="text-xs text-slate-500">{t('spreadsheetEdit.storeHint')}</p>
      </div>
      <ExportSection store={store} />
      <ImportSection store={store} />
    </div>
  );
}
