import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bulkProblemText,
  initialScopeForm,
  scopeSubject,
  type BulkProblem,
} from '../../components/bulk-edit/bulk-edit-rules';
import { BulkEditButtons, BulkEditOutcome } from '../../components/bulk-edit/bulk-edit-actions';
import { ScopeFieldset } from '../../components/bulk-edit/scope-fieldset';
import { useBulkEditForm, useScopeNames } from '../../components/bulk-edit/use-bulk-edit';
import { EntityPicker } from '../../components/entity-picker/entity-picker';
import { StorePicker } from '../../components/store-picker/store-picker';
import { useCount } from '../../lib/number-format';
import { buildCopyRequest, type CopyForm } from './copy-description-rules';

const initialForm: CopyForm = {
  sourceStore: null,
  sourceProductId: '',
  targetStore: null,
  scope: initialScopeForm,
};

/** The source product as the confirmation names it: '"Lamp" (#86)' when picked by name, else its id. */
function sourceText(id: string, picked: { id: string; name: string } | null): string {
  return picked?.id === id && picked.name ? `“${picked.name}” (#${id})` : id;
}

/**
 * Copy Description (spec part 1 §2, §5, §7; issue 12): the source store and product, the target store and scope, a
 * preview, then the job that copies the description; its progress, result and undo below.
 */
export default function CopyDescriptionScreen() {
  const { t } = useTranslation();
  const [form, setForm] = useState<CopyForm>(initialForm);
  // The source product picked by name: the confirmation names it (issue 44), while the field still holds its id.
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const [scopeNames, rememberName] = useScopeNames();
  const count = useCount();
  const { flow, problem, setProblem, submitPreview, start } = useBulkEditForm('copy-description', () =>
    buildCopyRequest(form),
  );

  const change = (patch: Partial<CopyForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    flow.clearPreview();
    setProblem(null);
  };

  const fieldError = (field: BulkProblem['field']) =>
    problem?.field === field ? bulkProblemText(problem, t, count) : undefined;
  const storeProblem = problem && (problem.field === 'sourceStore' || problem.field === 'targetStore');
  const alertText = storeProblem
    ? `${bulkProblemText(problem, t, count)} (${
        problem.field === 'sourceStore' ? t('copyDescription.sourceStore') : t('copyDescription.targetStore')
      })`
    : flow.errorText;
  const isBusy = flow.isJobActive || flow.isStarting;

  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="copy-description">
      <form
        noValidate
        onSubmit={submitPreview}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">{t('copyDescription.source')}</legend>
          <StorePicker
            value={form.sourceStore?.id ?? ''}
            onChange={(sourceStore) => change({ sourceStore })}
            label={t('copyDescription.sourceStore')}
            testId="source-store-picker"
            rememberAs="copy-description-source"
          />
          <EntityPicker
            kind="product"
            store={form.sourceStore}
            label={t('copyDescription.sourceProductId')}
            value={form.sourceProductId}
            onValueChange={(sourceProductId) => change({ sourceProductId })}
            onPick={(match, value) => setPicked({ id: value, name: match.name })}
            error={fieldError('sourceProductId')}
            testId="source-product-id"
          />
        </fieldset>
        <div className="border-t border-slate-200 pt-4">
          <fieldset className="space-y-4">
            <legend className="text-sm font-semibold text-slate-900">{t('copyDescription.target')}</legend>
            <StorePicker
              value={form.targetStore?.id ?? ''}
              onChange={(targetStore) => change({ targetStore })}
              label={t('copyDescription.targetStore')}
              testId="target-store-picker"
              rememberAs="copy-description-target"
            />
            <ScopeFieldset
              scope={form.scope}
              store={form.targetStore}
              onChange={(scope) => change({ scope })}
              onNamePicked={rememberName}
              error={fieldError('targetValue')}
            />
          </fieldset>
        </div>
        <BulkEditButtons
          flow={flow}
          isBusy={isBusy}
          runLabel={t('copyDescription.submit')}
          onRun={start}
          confirm={{
            title: t('copyDescription.confirmTitle'),
            message: (changing) =>
              t('copyDescription.confirm', {
                n: count(changing),
                source: sourceText(form.sourceProductId.trim(), picked),
                store: form.targetStore?.name ?? '',
                scope: scopeSubject(form.scope, scopeNames, t, count),
              }),
          }}
        />
      </form>
      <BulkEditOutcome flow={flow} alertText={alertText} />
    </div>
  );
}
