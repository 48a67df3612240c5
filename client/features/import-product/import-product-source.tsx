import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { StorePicker } from '../../components/store-picker/store-picker';
import { JsonFileInputView } from '../../components/tool/json-file-input';
import type { ImportProductSource } from './use-import-product';

export const radioClass = 'h-4 w-4 accent-indigo-600';
const secondaryButton =
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
        {(['file', 'store'] as const).map((mode) => (
          <label key={mode} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${formId}-source`}
              value={mode}
              checked={source.mode === mode}
              onChange={() => source.chooseMode(mode)}
              data-testid={`source-${mode}`}
              className={radioClass}
            />
            {mode === 'file' ? t('importProduct.sourceFile') : t('importProduct.sourceStore')}
          </label>
        ))}
      </div>

      <div hidden={source.mode !== 'file'}>
        <JsonFileInputView
          id={`${formId}-file`}
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
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('dumpProduct.searchBy')}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(['id', 'sku'] as const).map((type) => (
            <label key={type} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={searchTypeName}
                value={type}
                checked={source.searchType === type}
                onChange={() => source.setSearchType(type)}
                className={radioClass}
              />
              {type === 'id' ? t('dumpProduct.productId') : t('dumpProduct.sku')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-48 flex-1"
          label={t('dumpProduct.searchValue')}
          value={source.searchValue}
          onValueChange={source.setSearchValue}
          onKeyDown={(event) => {
            // Enter here loads the product; it does not start the import.
            if (event.key === 'Enter') {
              event.preventDefault();
              source.load();
            }
          }}
          inputMode={source.searchType === 'id' ? 'numeric' : 'text'}
          autoComplete="off"
          testId="source-search-value"
        />
        <button
          type="button"
          onClick={source.load}
          disabled={source.isLoading}
          aria-busy={source.isLoading || undefined}
          data-testid="source-load"
          className={secondaryButton}
        >
          {source.isLoading ? t('importProduct.loadingProduct') : t('importProduct.loadProduct')}
        </button>
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
    </>
  );
}
