import { MessageDetails } from '../../components/message-details';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPicker } from '../../components/entity-picker/entity-picker';
import { BusyButton, RadioOptions } from '../../components/form-field';
import { ProductSearchTypeFieldset } from '../../components/product-search-type';
import { StorePicker } from '../../components/store-picker/store-picker';
import { JsonFileInputView } from '../../components/tool/json-file-input';
import type { ImportProductSource } from './use-import-product';

const SOURCE_MODES = ['file', 'store'] as const;
const loadButtonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

/** Where the product dump comes from (spec part 1 §2): a file, or a product fetched from another store. */
export function ImportProductSourceFields({
  source,
  isDisabled,
}: {
  source: ImportProductSource;
  isDisabled: boolean;
}) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <fieldset className="space-y-3" disabled={isDisabled}>
      <legend className="text-sm font-medium text-slate-700">{t('importProduct.source')}</legend>
      <div className="flex flex-wrap gap-4">
        <RadioOptions
          name={`${formId}-source`}
          values={SOURCE_MODES}
          labelOf={(mode) =>
            mode === 'file' ? t('importProduct.sourceFile') : t('importProduct.sourceStore')
          }
          value={source.mode}
          onChange={source.chooseMode}
          testIdPrefix="source-"
        />
      </div>

      <div hidden={source.mode !== 'file'}>
        <JsonFileInputView
          label={t('importProduct.file')}
          status={source.fileStatus}
          onChange={source.chooseFile}
          testId="product-file"
        />
      </div>

      <div hidden={source.mode !== 'store'} className="space-y-3 rounded-xl border border-slate-200 p-4">
        <SourceStoreFields source={source} searchTypeName={`${formId}-search-type`} />
      </div>
    </fieldset>
  );
}

/** The source store, the product's id or SKU, and Load product. */
function SourceStoreFields({
  source,
  searchTypeName,
}: {
  source: ImportProductSource;
  searchTypeName: string;
}) {
  const { t } = useTranslation();
  const { status } = source;
  return (
    <>
      <StorePicker
        value={source.store?.id ?? ''}
        onChange={source.chooseStore}
        label={t('importProduct.sourceStorePicker')}
        testId="source-store-picker"
        rememberAs="import-product-source"
      />
      <ProductSearchTypeFieldset
        name={searchTypeName}
        value={source.searchType}
        onChange={source.setSearchType}
      />
      <div className="flex flex-wrap items-end gap-3">
        <EntityPicker
          kind="product"
          store={source.store}
          picks={source.searchType}
          className="min-w-48 flex-1"
          label={t('dumpProduct.searchValue')}
          value={source.searchValue}
          onValueChange={source.setSearchValue}
          onPick={source.pick}
          onKeyDown={(event) => {
            // Enter here loads the product (once no match is being picked); it does not start the import.
            if (event.key === 'Enter') {
              event.preventDefault();
              source.load();
            }
          }}
          testId="source-search-value"
        />
        <BusyButton
          isBusy={source.isLoading}
          label={t('importProduct.loadProduct')}
          busyLabel={t('importProduct.loadingProduct')}
          onClick={source.load}
          className={loadButtonClass}
          testId="source-load"
        />
      </div>
      {status && (
        <p
          role={status.tone === 'error' ? 'alert' : 'status'}
          data-testid={status.tone === 'error' ? 'source-error' : 'source-loaded'}
          className={
            status.tone === 'error'
              ? 'text-xs font-medium break-all text-red-600'
              : 'text-xs break-all text-emerald-700'
          }
        >
          {status.text}
        </p>
      )}
      {status?.tone === 'error' && <MessageDetails detail={status.detail} testId="source-error-details" />}
    </>
  );
}
