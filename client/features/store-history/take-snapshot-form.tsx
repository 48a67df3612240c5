import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SNAPSHOT_SCOPES } from '../../../common/contracts/store-history';
import type { LocalStore } from '../../../common/contracts/stores';
import { CheckboxField, FormAlert } from '../../components/form-field';
import { StorePicker } from '../../components/store-picker/store-picker';
import { ToolSubmitButton } from '../../components/tool/tool-form';
import type { SnapshotJobFlow } from './use-snapshot-job';

/** The store, the parts of it to keep (all four at first) and "Take snapshot". */
export function TakeSnapshotForm({
  store,
  onStoreChange,
  flow,
}: {
  store: LocalStore | null;
  onStoreChange: (store: LocalStore | null) => void;
  flow: SnapshotJobFlow;
}) {
  const { t } = useTranslation();
  const [isStoreMissing, setIsStoreMissing] = useState(false);
  const hasScope = flow.scope.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsStoreMissing(store === null);
    flow.take();
  };
  const alert = isStoreMissing && store === null ? t('errors.selectStore') : flow.errorText;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <p className="text-sm text-slate-600">{t('storeHistory.intro')}</p>
      <StorePicker value={store?.id ?? ''} onChange={onStoreChange} rememberAs="store-history" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('storeHistory.scopeLegend')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {SNAPSHOT_SCOPES.map((part) => (
            <CheckboxField
              key={part}
              label={t(`storeHistory.scope.${part}`)}
              checked={flow.scope.includes(part)}
              onChange={(checked) => flow.toggleScope(part, checked)}
              isDisabled={flow.isJobActive}
              testId={`snapshot-scope-${part}`}
            />
          ))}
        </div>
        {!hasScope && (
          <p className="mt-2 text-xs font-medium text-red-600" data-testid="snapshot-scope-error">
            {t('storeHistory.scopeRequired')}
          </p>
        )}
      </fieldset>
      <ToolSubmitButton
        label={t('storeHistory.take')}
        isBusy={flow.isStarting}
        isDisabled={flow.isJobActive || !hasScope}
        testId="take-snapshot-button"
      />
      {alert && (
        <FormAlert tone="error" testId="store-history-error">
          {alert}
        </FormAlert>
      )}
    </form>
  );
}
