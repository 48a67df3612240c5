import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DumpProgress } from '../../../common/contracts/dump-widgets';
import type { LocalStore } from '../../../common/contracts/stores';
import { widgetsDumpFileName } from '../../../common/dumps/file-names';
import {
  BIGCOMMERCE_ENTITY_TEMPLATE_IDS,
  PAGE_TEMPLATE_IDS,
  WIDGETLESS_PAGE_TEMPLATE_IDS,
  needsEntityId,
  templateFileOf,
  type PageTemplateId,
} from '../../../common/dumps/page-templates';
import type { DumpMode } from '../../../common/dumps/widgets-dump';
import { smallButtonClass } from '../../components/button-classes';
import { RadioOptions, TextField } from '../../components/form-field';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { ToolErrorAlert, ToolForm, ToolSubmitButton } from '../../components/tool/tool-form';
import { useToolRun } from '../../components/tool/use-tool-run';
import { cn } from '../../lib/class-names';
import { useHandOffDump } from '../../lib/dump-handoff';
import { dumpWidgets } from './api';
import { EntityIdsField } from './entity-ids-field';
import { WidgetsSuccess } from './dump-widgets-success';
import {
  buildWidgetsRequest,
  deselectAllTemplates,
  initialWidgetsForm,
  isMissingTemplates,
  selectAllTemplates,
  toggleTemplate,
  validateWidgetsForm,
  type WidgetsForm,
  type WidgetsFormProblem,
} from './dump-widgets-rules';
import { useCount } from '../../lib/number-format';

const DUMP_MODES: readonly DumpMode[] = ['global', 'all', 'selected'];
const MODE_KEYS = {
  global: 'modeGlobal',
  all: 'modeAll',
  selected: 'modeSelected',
} as const satisfies Record<DumpMode, string>;

/** Dump Widgets (spec part 1 §2, §3, §5, §9): modes global, all and selected; progress while pages are read. */
export default function DumpWidgetsScreen() {
  const { t } = useTranslation();
  const count = useCount();
  const formId = useId();
  const [store, setStore] = useState<LocalStore | null>(null);
  const [form, setForm] = useState<WidgetsForm>(initialWidgetsForm);
  const [progress, setProgress] = useState<DumpProgress | null>(null);
  // The store of the last run (its dump goes on to Widgets Visualization with it, issue 31).
  const [dumpedFrom, setDumpedFrom] = useState<LocalStore | null>(null);
  const handOff = useHandOffDump();

  const problemText = (problem: WidgetsFormProblem): string => {
    switch (problem.kind) {
      case 'store':
        return t('errors.selectStore');
      case 'templates':
        return t('dumpWidgets.selectTemplate');
      case 'entity-required':
        return t('dumpWidgets.entityIdRequired', { name: problem.template });
      case 'entity-invalid':
        return t('dumpWidgets.entityIdInvalid', { name: problem.template, value: problem.value });
    }
  };

  const { run, outcome, setOutcome, failField, fieldFixed } = useToolRun({
    mutationFn: (request: ReturnType<typeof buildWidgetsRequest>) => dumpWidgets(request, setProgress),
    fileName: (dump) => widgetsDumpFileName(dump.storeHash, new Date()),
    success: (dump) => ({ dump }),
    onSettled: () => setProgress(null),
  });

  // A message goes as soon as its cause is fixed (issue 31): a store chosen, the form changed.
  const chooseStore = (next: LocalStore | null) => {
    setStore(next);
    if (next) fieldFixed('store');
  };
  const changeForm = (next: WidgetsForm) => {
    setForm(next);
    fieldFixed('form');
  };
  const missingTemplates = isMissingTemplates(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateWidgetsForm(form, store !== null);
    if (problem || !store) {
      const shown = problem ?? { kind: 'store' as const };
      return failField(shown.kind === 'store' ? 'store' : 'form', problemText(shown));
    }
    setOutcome(null);
    setDumpedFrom(store);
    run.mutate(buildWidgetsRequest(form, toStoreCredentials(store)));
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="dump-widgets">
      <ToolForm tool="dump-widgets" store={store} onStoreChange={chooseStore} onSubmit={submit}>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('dumpWidgets.mode')}</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-5">
            <RadioOptions
              name={`${formId}-mode`}
              values={DUMP_MODES}
              labelOf={(mode) => t(`dumpWidgets.${MODE_KEYS[mode]}`)}
              value={form.mode}
              onChange={(mode) => changeForm({ ...form, mode })}
            />
          </div>
          {form.mode === 'all' && (
            <p className="mt-2 text-xs text-slate-500" data-testid="mode-all-note">
              {t('dumpWidgets.widgetlessNote', {
                files: WIDGETLESS_PAGE_TEMPLATE_IDS.map(templateFileOf).join(', '),
              })}
            </p>
          )}
        </fieldset>

        {form.mode === 'selected' && (
          <fieldset data-testid="template-checklist" className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-medium text-slate-700">
              {t('dumpWidgets.templateList')}
            </legend>
            <div className="mb-3 flex gap-2">
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => changeForm(selectAllTemplates(form))}
              >
                {t('common.selectAll')}
              </button>
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => changeForm(deselectAllTemplates(form))}
              >
                {t('common.deselectAll')}
              </button>
            </div>
            <ul className="grid gap-2 sm:grid-cols-2">
              {PAGE_TEMPLATE_IDS.map((template) => {
                const checked = form.selected.includes(template);
                return (
                  <li
                    key={template}
                    className={cn(
                      'rounded-lg border px-3 py-2',
                      checked ? 'border-indigo-200 bg-indigo-50/50' : 'border-slate-200',
                      checked && needsEntityId(template) && 'sm:col-span-2',
                    )}
                  >
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() => changeForm(toggleTemplate(form, template))}
                        data-testid={`template-${template}`}
                        className="h-4 w-4 accent-indigo-600"
                      />
                      <span className="font-medium">{template}</span>
                      <span className="font-mono text-xs text-slate-500">{templateFileOf(template)}</span>
                    </label>
                    {templateNote(template) && (
                      <p className="mt-1 text-xs text-amber-700" data-testid={`template-note-${template}`}>
                        {t(templateNote(template)!)}
                      </p>
                    )}
                    {checked && needsEntityId(template) && (
                      <EntityIdsField
                        template={template}
                        store={store}
                        value={form.entityIds[template] ?? ''}
                        onValueChange={(value) =>
                          changeForm({ ...form, entityIds: { ...form.entityIds, [template]: value } })
                        }
                      />
                    )}
                  </li>
                );
              })}
            </ul>
            {missingTemplates && (
              <p className="mt-3 text-xs font-medium text-amber-700" data-testid="select-template-hint">
                {t('dumpWidgets.selectTemplate')}
              </p>
            )}
          </fieldset>
        )}

        <details className="rounded-xl border border-slate-200 px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            {t('dumpWidgets.advancedOptions')}
          </summary>
          <TextField
            className="mt-3 max-w-xs"
            label={t('dumpWidgets.channelId')}
            value={form.channelId}
            onValueChange={(channelId) => changeForm({ ...form, channelId })}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            testId="channel-id"
          />
        </details>

        <ToolSubmitButton
          isBusy={run.isPending}
          isDisabled={missingTemplates}
          label={t('dumpWidgets.submit')}
        />
        {run.isPending && progress && progress.total > 0 && (
          <ProgressPanel
            done={progress.done}
            total={progress.total}
            label={t('dumpWidgets.progress', { done: count(progress.done), total: count(progress.total) })}
          />
        )}
      </ToolForm>

      <ToolErrorAlert outcome={outcome} />
      {outcome?.tone === 'success' && (
        <WidgetsSuccess
          dump={outcome.dump}
          fileName={outcome.fileName}
          onOpenInVisualization={() =>
            handOff('widgets-visualization', {
              fileName: outcome.fileName,
              content: outcome.dump,
              sourceStore: dumpedFrom,
            })
          }
        />
      )}
    </div>
  );
}

/**
 * What BigCommerce does with a template of the spec's checklist that it treats differently (issue 11): no widgets at
 * all (checkout), or widgets on the template for every entity, not per entity (blog-post).
 */
function templateNote(
  template: PageTemplateId,
): 'dumpWidgets.noWidgetsHere' | 'dumpWidgets.notPerEntity' | undefined {
  if (WIDGETLESS_PAGE_TEMPLATE_IDS.includes(template)) return 'dumpWidgets.noWidgetsHere';
  if (needsEntityId(template) && !(BIGCOMMERCE_ENTITY_TEMPLATE_IDS as readonly string[]).includes(template)) {
    return 'dumpWidgets.notPerEntity';
  }
  return undefined;
}
