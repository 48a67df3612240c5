import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { TextField } from '../../components/form-field';
import { useFocusFirstInvalid } from '../../lib/use-focus-first-invalid';
import { ConnectionTest } from './connection-test';
import {
  emptyStoreForm,
  formValuesOf,
  hasErrors,
  normaliseStoreForm,
  validateStoreForm,
  type StoreField,
  type StoreFieldError,
  type StoreFormErrors,
  type StoreFormValues,
} from './store-rules';

const LABEL_KEYS = {
  name: 'stores.storeName',
  storeHash: 'stores.storeHash',
  apiToken: 'stores.apiToken',
  clientId: 'stores.clientId',
} as const satisfies Record<StoreField, string>;

/** Add/edit form (spec part 1 §2, §5): four required fields, the API Token masked; Add or Update, and Cancel. */
export function StoreForm({
  editing,
  stores,
  onSubmit,
  onCancel,
}: {
  editing: LocalStore | null;
  stores: readonly LocalStore[];
  onSubmit: (values: StoreFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<StoreFormValues>(editing ? formValuesOf(editing) : emptyStoreForm);
  const [errors, setErrors] = useState<StoreFormErrors>({});
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();

  const errorText = (field: StoreField, error: StoreFieldError | undefined) => {
    if (!error) return undefined;
    if (error === 'required') return t('stores.fieldRequired', { field: t(LABEL_KEYS[field]) });
    return t(`stores.${error}`);
  };
  const set = (field: StoreField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStoreForm(values, stores, editing?.id ?? null);
    setErrors(found);
    if (hasErrors(found)) focusFirstInvalid();
    else onSubmit(values);
  };

  /** The connection test needs the hash and the token only; their problems are shown as on submit. */
  const connectionCredentials = () => {
    const found = validateStoreForm(values, stores, editing?.id ?? null);
    const blocking: StoreFormErrors = {};
    if (found.storeHash && found.storeHash !== 'storeHashTaken') blocking.storeHash = found.storeHash;
    if (found.apiToken) blocking.apiToken = found.apiToken;
    if (hasErrors(blocking)) {
      setErrors((current) => ({ ...current, ...blocking }));
      focusFirstInvalid();
      return null;
    }
    const v = normaliseStoreForm(values);
    return { storeHash: v.storeHash, accessToken: v.apiToken };
  };

  const field = (name: StoreField, extra: { type?: string; hint?: string; autoComplete?: string } = {}) => (
    <TextField
      label={t(LABEL_KEYS[name])}
      value={values[name]}
      onValueChange={set(name)}
      error={errorText(name, errors[name])}
      required
      aria-required="true"
      spellCheck={false}
      autoComplete={extra.autoComplete ?? 'off'}
      testId={`store-form-${name}`}
      {...(extra.type ? { type: extra.type } : {})}
      {...(extra.hint ? { hint: extra.hint } : {})}
    />
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby="store-form-title"
      data-testid="store-form"
      className="space-y-4 rounded-2xl border border-indigo-200 bg-white p-5 shadow-sm"
    >
      <h2 id="store-form-title" className="text-base font-semibold text-slate-900">
        {editing ? t('stores.editStore') : t('stores.addStore')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name')}
        {field('storeHash', { hint: t('stores.storeHashHint') })}
        {field('apiToken', { type: 'password', autoComplete: 'new-password' })}
        {field('clientId')}
      </div>
      <ConnectionTest testId="store-form-test" getCredentials={connectionCredentials} />
      <div className="flex gap-3">
        <button
          type="submit"
          data-testid="store-form-submit"
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {editing ? t('common.update') : t('common.add')}
        </button>
        <button
          type="button"
          onClick={onCancel}
          data-testid="store-form-cancel"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
