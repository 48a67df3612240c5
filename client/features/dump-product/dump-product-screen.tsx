import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import type { ProductSearchType } from '../../../common/contracts/dump-product';
import { productDumpFileName } from '../../../common/dumps/file-names';
import type { ProductDump } from '../../../common/dumps/product-dump';
import { FormAlert, SubmitButton, TextField } from '../../components/form-field';
import { StorePicker, toStoreCredentials } from '../../components/store-picker/store-picker';
import { downloadJson } from '../../lib/download-json';
import { toolErrorText } from '../../lib/tool-errors';
import { dumpProduct } from './api';

type Outcome =
  { tone: 'error'; text: string } | { tone: 'success'; product: ProductDump; fileName: string } | null;

/** Dump Product (spec part 1 §2, §5, §7): pick a store, search by Product ID or SKU, download the product dump. */
export default function DumpProductScreen() {
  const { t } = useTranslation();
  const searchId = useId();
  const [store, setStore] = useState<LocalStore | null>(null);
  const [searchType, setSearchType] = useState<ProductSearchType>('id');
  const [searchValue, setSearchValue] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = useMutation({
    mutationFn: dumpProduct,
    onSuccess: (product, request) => {
      const fileName = productDumpFileName(String(request.searchValue), new Date());
      downloadJson(fileName, product);
      setOutcome({ tone: 'success', product, fileName });
    },
    onError: (error) => setOutcome({ tone: 'error', text: toolErrorText(error, t) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!store) return setOutcome({ tone: 'error', text: t('errors.selectStore') });
    if (searchValue.trim() === '')
      return setOutcome({ tone: 'error', text: t('dumpProduct.searchValueRequired') });
    setOutcome(null);
    run.mutate({ storeCredentials: toStoreCredentials(store), searchType, searchValue: searchValue.trim() });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="dump-product">
      <form
        noValidate
        onSubmit={submit}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <StorePicker value={store?.id ?? ''} onChange={setStore} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('dumpProduct.searchBy')}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(['id', 'sku'] as const).map((type) => (
              <label key={type} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${searchId}-type`}
                  value={type}
                  checked={searchType === type}
                  onChange={() => setSearchType(type)}
                  className="h-4 w-4 accent-indigo-600"
                />
                {type === 'id' ? t('dumpProduct.productId') : t('dumpProduct.sku')}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('dumpProduct.searchValue')}
          value={searchValue}
          onValueChange={setSearchValue}
          inputMode={searchType === 'id' ? 'numeric' : 'text'}
          autoComplete="off"
          testId="search-value"
        />
        <SubmitButton
          isBusy={run.isPending}
          label={t('dumpProduct.submit')}
          busyLabel={t('common.processing')}
          testId="dump-submit"
        />
      </form>
      {outcome?.tone === 'error' && (
        <FormAlert tone="error" testId="dump-error">
          {outcome.text}
        </FormAlert>
      )}
      {outcome?.tone === 'success' && (
        <FormAlert tone="success" testId="dump-success">
          <p className="font-semibold">{t('dumpProduct.success')}</p>
          <p>
            {t('dumpProduct.result', {
              name: outcome.product.name,
              id: String(outcome.product.id),
              sku: outcome.product.sku || t('common.notAvailable'),
            })}
          </p>
          <p className="mt-1 font-mono text-xs break-all" data-testid="dump-file-name">
            {t('dumps.file', { name: outcome.fileName })}
          </p>
        </FormAlert>
      )}
    </div>
  );
}
