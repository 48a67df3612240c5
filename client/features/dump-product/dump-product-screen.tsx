import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { productDumpFileName } from '../../../common/dumps/file-names';
import { EntityPicker } from '../../components/entity-picker/entity-picker';
import { smallButtonClass } from '../../components/button-classes';
import { ProductSearchTypeFieldset } from '../../components/product-search-type';
import { useProductSearchValue } from '../../components/product-search-value';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { ResultPanel } from '../../components/tool/result-panel';
import { ToolErrorAlert, ToolForm, ToolSubmitButton } from '../../components/tool/tool-form';
import { useToolRun } from '../../components/tool/use-tool-run';
import { ERROR_CODES } from '../../../common/errors';
import { useHandOffDump } from '../../lib/dump-handoff';
import { failureCode } from '../../lib/tool-errors';
import { dumpProduct } from './api';

/**
 * Dump Product (spec part 1 §2, §5, §7): pick a store, search by Product ID or SKU, download the product dump; then
 * "Import this product into…" opens Import Product with the dump loaded (issue 31).
 */
export default function DumpProductScreen() {
  const { t } = useTranslation();
  const searchId = useId();
  const [store, setStore] = useState<LocalStore | null>(null);
  // Changing "Search by" converts a picked product's value or clears it (issue 44).
  const search = useProductSearchValue();
  const { searchType, searchValue } = search;
  // The store of the last run: the dump goes on to Import Product with it (issue 31).
  const [dumpedFrom, setDumpedFrom] = useState<LocalStore | null>(null);
  const handOff = useHandOffDump();

  const { run, outcome, setOutcome, failField, fieldFixed } = useToolRun({
    mutationFn: dumpProduct,
    fileName: (_product, request) => productDumpFileName(String(request.searchValue), new Date()),
    success: (product) => {
      search.know(product);
      return { product };
    },
    // Not found: said with the id or SKU searched, in the user's language (issue 31: the catalogue's text dropped it).
    failureText: (error, request) =>
      failureCode(error) === ERROR_CODES.productNotFound
        ? t(request.searchType === 'id' ? 'dumpProduct.notFoundId' : 'dumpProduct.notFoundSku', {
            value: String(request.searchValue),
          })
        : undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!store) return failField('store', t('errors.selectStore'));
    if (searchValue.trim() === '') return failField('searchValue', t('dumpProduct.searchValueRequired'));
    setOutcome(null);
    setDumpedFrom(store);
    run.mutate({ storeCredentials: toStoreCredentials(store), searchType, searchValue: searchValue.trim() });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="dump-product">
      <ToolForm
        tool="dump-product"
        store={store}
        onStoreChange={(next) => {
          setStore(next);
          if (next) fieldFixed('store');
        }}
        onSubmit={submit}
      >
        <ProductSearchTypeFieldset
          name={`${searchId}-type`}
          value={searchType}
          onChange={search.setSearchType}
        />
        <EntityPicker
          kind="product"
          store={store}
          picks={searchType}
          label={t('dumpProduct.searchValue')}
          value={searchValue}
          onValueChange={(next) => {
            search.setSearchValue(next);
            if (next.trim() !== '') fieldFixed('searchValue');
          }}
          onPick={search.pick}
          testId="search-value"
        />
        <ToolSubmitButton isBusy={run.isPending} label={t('dumpProduct.submit')} />
      </ToolForm>
      <ToolErrorAlert outcome={outcome} />
      {outcome?.tone === 'success' && (
        <ResultPanel title={t('dumpProduct.success')} fileName={outcome.fileName}>
          <p>
            {t('dumpProduct.result', {
              name: outcome.product.name,
              id: String(outcome.product.id),
              sku: outcome.product.sku || t('common.notAvailable'),
            })}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-emerald-200 pt-3">
            <span className="text-sm font-medium">{t('workflow.nextSteps.title')}:</span>
            <button
              type="button"
              onClick={() =>
                handOff('import-product', {
                  fileName: outcome.fileName,
                  content: outcome.product,
                  sourceStore: dumpedFrom,
                })
              }
              className={smallButtonClass}
              data-testid="import-this-product"
            >
              {t('workflow.nextSteps.importProduct')}
            </button>
          </div>
        </ResultPanel>
      )}
    </div>
  );
}
