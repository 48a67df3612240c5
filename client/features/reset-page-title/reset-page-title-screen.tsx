import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import {
  bulkProblemText,
  initialScopeForm,
  scopeSubject,
  type ScopeForm,
} from '../../components/bulk-edit/bulk-edit-rules';
import { BulkEditButtons, BulkEditOutcome } from '../../components/bulk-edit/bulk-edit-actions';
import { ScopeFieldset } from '../../components/bulk-edit/scope-fieldset';
import { useBulkEditForm, useScopeNames } from '../../components/bulk-edit/use-bulk-edit';
import { FormAlert } from '../../components/form-field';
import { useCount } from '../../lib/number-format';
import { ToolForm } from '../../components/tool/tool-form';
import { buildResetRequest } from './reset-page-title-rules';

/**
 * Reset Page Title (spec part 1 §2, §5, §7; issue 12): store and scope, the warning, a preview, then the red button
 * and the confirmation before the job starts; its progress, result and undo below.
 */
export default function ResetPageTitleScreen() {
  const { t } = useTranslation();
  const [store, setStore] = useState<LocalStore | null>(null);
  const [scope, setScope] = useState<ScopeForm>(initialScopeForm);
  const [scopeNames, rememberName] = useScopeNames();
  const count = useCount();
  const { flow, problem, setProblem, submitPreview, start } = useBulkEditForm('reset-page-title', () =>
    buildResetRequest(store, scope),
  );

  const changeStore = (next: LocalStore | null) => {
    setStore(next);
    flow.clearPreview();
    if (problem?.field === 'store') setProblem(null);
  };
  const changeScope = (next: ScopeForm) => {
    setScope(next);
    flow.clearPreview();
    if (problem?.field === 'targetValue') setProblem(null);
  };

  const storeProblem = problem?.field === 'store' ? bulkProblemText(problem, t, count) : null;
  const alertText = storeProblem ?? flow.errorText;
  const isBusy = flow.isJobActive || flow.isStarting;

  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid="reset-page-title">
      <ToolForm tool="reset-page-title" store={store} onStoreChange={changeStore} onSubmit={submitPreview}>
        <ScopeFieldset
          scope={scope}
          store={store}
          onChange={changeScope}
          onNamePicked={rememberName}
          error={problem?.field === 'targetValue' ? bulkProblemText(problem, t, count) : undefined}
        />
        <FormAlert tone="warning" testId="reset-warning">
          {t('resetPageTitle.warning')}
        </FormAlert>
        <BulkEditButtons
          flow={flow}
          isBusy={isBusy}
          runLabel={t('resetPageTitle.submit')}
          onRun={start}
          confirm={{
            title: t('resetPageTitle.confirmTitle'),
            message: (changing) =>
              t('resetPageTitle.confirm', {
                n: count(changing),
                store: store?.name ?? '',
                scope: scopeSubject(scope, scopeNames, t, count),
              }),
          }}
          isDestructive
        />
      </ToolForm>
      <BulkEditOutcome flow={flow} alertText={alertText} />
    </div>
  );
}
