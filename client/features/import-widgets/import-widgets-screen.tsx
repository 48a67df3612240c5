import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import {
  normaliseChannelId,
  type ImportWidgetsProgress,
  type ImportWidgetsRequest,
  type ImportWidgetsResponse,
  type TargetWidgetTemplate,
  type WidgetsImportFile,
} from '../../../common/contracts/import-widgets';
import type { LocalStore } from '../../../common/contracts/stores';
import { BusyButton, FormAlert, SubmitButton, TextField } from '../../components/form-field';
import { JsonFileInputView } from '../../components/tool/json-file-input';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { ToolForm } from '../../components/tool/tool-form';
import { toStoreRef } from '../../lib/stores/store-credentials';
import { apiErrorText } from '../../lib/tool-errors';
import { importWidgets, loadTargetTemplates } from './api';
import { ImportResults } from './import-results';
import {
  buildImportRequest,
  buildSelection,
  findMissingTemplates,
  initialPagesForm,
  pageLabel,
  readImportFile,
  setEntityId,
  templateNamesByUuid,
  toggleAllPages,
  togglePage,
  widgetsToSkip,
  type PagesForm,
  type SkippedPage,
} from './import-widgets-rules';
import { SkippedWidgets } from './skipped-widgets';
import { MissingTemplatesSection } from './missing-templates';
import { PageDetailsDialog } from './page-details-dialog';
import { PagesTable } from './pages-table';

/** The target's templates, for the store and channel they were read from. */
type TargetTemplates = { key: string; channelId: number; templates: TargetWidgetTemplate[] };

type ImportOutcome =
  | { tone: 'error'; text: string }
  | {
      tone: 'success';
      response: ImportWidgetsResponse;
      store: ImportWidgetsRequest['store'];
      storeName: string;
    }
  | null;

type ImportRun = { request: ImportWidgetsRequest; storeName: string };

/**
 * Import Widgets (spec part 1 §2, §4, §5, §7, §8): pick the target store and channel, load its widget templates,
 * upload a widgets dump; the custom templates the target lacks, the pages to import with their new entity ids, a
 * details tree per page; then the import with its progress, and per page the result, the backup and its Restore.
 */
export default function ImportWidgetsScreen() {
  const { t } = useTranslation();
  const count = useCount();
  const [store, setStoreState] = useState<LocalStore | null>(null);
  const [channelText, setChannelText] = useState('1');
  const [target, setTarget] = useState<TargetTemplates | null>(null);
  const [templatesError, setTemplatesError] = useState<{ key: string; text: string } | null>(null);
  const [file, setFile] = useState<WidgetsImportFile | null>(null);
  const [fileStatus, setFileStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [pagesForm, setPagesForm] = useState<PagesForm>({ selected: [], entityIds: [] });
  const [autoCreate, setAutoCreate] = useState(false);
  const [detailsIndex, setDetailsIndex] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ text: string; index: number | null } | null>(null);
  const [progress, setProgress] = useState<ImportWidgetsProgress | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome>(null);
  // Only the last chosen file counts, whichever read finishes first.
  const latestFile = useRef(0);

  const channelId = normaliseChannelId(channelText);
  // Templates belong to a store and a channel: they show only while both are still the chosen ones.
  const targetKey = store ? `${store.id}|${channelId}` : '';
  const targetTemplates = target?.key === targetKey ? target : null;
  const templatesErrorText = templatesError?.key === targetKey ? templatesError.text : null;

  const setStore = useCallback((next: LocalStore | null) => {
    setStoreState(next);
    setProblem(null);
  }, []);

  const loadTemplates = useMutation({
    mutationFn: ({ request }: { key: string; request: Parameters<typeof loadTargetTemplates>[0] }) =>
      loadTargetTemplates(request),
    onMutate: () => setTemplatesError(null),
    onSuccess: (templates, { key, request }) =>
      setTarget({ key, channelId: normaliseChannelId(request.channelId), templates }),
    onError: (error, { key }) =>
      setTemplatesError({ key, text: apiErrorText(error, t, t('errors.loadTemplatesFailed')) }),
  });

  const run = useMutation({
    mutationFn: ({ request }: ImportRun) => importWidgets(request, setProgress),
    onSuccess: (response, { request, storeName }) =>
      setOutcome({ tone: 'success', response, store: request.store, storeName }),
    onError: (error) => setOutcome({ tone: 'error', text: apiErrorText(error, t, t('errors.importFailed')) }),
    onSettled: () => setProgress(null),
  });

  const missing = useMemo(
    () => (file && targetTemplates ? findMissingTemplates(file, targetTemplates.templates) : null),
    [file, targetTemplates],
  );
  const lookup = useMemo(
    () => ({
      names: templateNamesByUuid(file?.sourceWidgetTemplates ?? [], targetTemplates?.templates ?? []),
      missingUuids: new Set((missing ?? []).map((template) => template.uuid)),
    }),
    [file, targetTemplates, missing],
  );

  const requestTemplates = () => {
    if (!store) return setTemplatesError({ key: targetKey, text: t('errors.selectStore') });
    loadTemplates.mutate({ key: targetKey, request: { store: toStoreRef(store), channelId } });
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    const attempt = ++latestFile.current;
    setProblem(null);
    if (!chosen) {
      setFile(null);
      setFileStatus(null);
      return;
    }
    const read = await readImportFile(chosen);
    if (attempt !== latestFile.current) return;
    if (!read.ok) {
      setFile(null);
      setFileStatus({ tone: 'error', text: t(`importWidgets.${read.problem}`) });
      return;
    }
    setFile(read.file);
    setPagesForm(initialPagesForm(read.file.pages));
    setFileStatus({
      tone: 'ok',
      text: t('importWidgets.fileLoaded', {
        name: chosen.name,
        pages: count(read.file.pages.length),
        templates: count(read.file.sourceWidgetTemplates.length),
      }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!store) return setProblem({ text: t('errors.selectStore'), index: null });
    if (!file) return setProblem({ text: t('importWidgets.notJsonFile'), index: null });
    const built = buildSelection(pagesForm, file.pages, channelText);
    if (!built.ok) {
      const { problem: selectionProblem } = built;
      if (selectionProblem.kind === 'no-page') {
        return setProblem({ text: t('importWidgets.noPageSelected'), index: null });
      }
      const page = file.pages[selectionProblem.index];
      return setProblem({
        index: selectionProblem.index,
        text: t('importWidgets.entityIdInvalid', {
          value: selectionProblem.value,
          page: page
            ? pageLabel(
                { templateFile: page.template_file, entityId: page.entity_id },
                t('importWidgets.globalRegions'),
              )
            : count(selectionProblem.index + 1),
        }),
      });
    }
    setProblem(null);
    setOutcome(null);
    // Asked first (issue 31: every write names its store and what it changes); the pages table is the preview.
    setPending({
      request: buildImportRequest(file, built.selection, toStoreRef(store), autoCreate),
      storeName: store.name,
      pages: built.selection.length,
      skipped: widgetsToSkip(file, built.selection, missing, autoCreate),
    });
  };
  const [pending, setPending] = useState<
    (Parameters<typeof run.mutate>[0] & { pages: number; skipped: SkippedPage[] }) | null
  >(null);
  const confirmImport = () => {
    if (pending) run.mutate({ request: pending.request, storeName: pending.storeName });
    setPending(null);
  };

  const changePages = (next: PagesForm) => {
    setPagesForm(next);
    setProblem(null);
  };

  const detailsPage = detailsIndex === null ? undefined : file?.pages[detailsIndex];
  const errorText = problem?.text ?? (outcome?.tone === 'error' ? outcome.text : null);

  return (
    <div className="mx-auto max-w-5xl space-y-4" data-testid="import-widgets">
      <ConfirmDialog
        isOpen={pending !== null}
        title={t('importWidgets.confirmTitle')}
        message={t('importWidgets.confirm', {
          n: count(pending?.pages ?? 0),
          store: pending?.storeName ?? '',
        })}
        details={
          pending && pending.skipped.length > 0 ? (
            <SkippedWidgets pages={pending.skipped} when="before" />
          ) : undefined
        }
        confirmLabel={t('importWidgets.submit')}
        onConfirm={confirmImport}
        onCancel={() => setPending(null)}
      />
      <ToolForm tool="import-widgets" store={store} onStoreChange={setStore} onSubmit={submit}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            className="sm:w-48"
            label={t('importWidgets.channelId')}
            value={channelText}
            onValueChange={setChannelText}
            onBlur={() => setChannelText(String(normaliseChannelId(channelText)))}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            testId="channel-id"
          />
          <BusyButton
            isBusy={loadTemplates.isPending}
            label={t('importWidgets.loadTemplates')}
            busyLabel={t('importWidgets.loadingTemplates')}
            onClick={requestTemplates}
            testId="load-templates"
          />
        </div>
        <p className="-mt-3 text-xs text-slate-500">{t('importWidgets.channelIdHint')}</p>
        {templatesErrorText && (
          <FormAlert tone="error" testId="templates-error">
            {templatesErrorText}
          </FormAlert>
        )}
        {targetTemplates && (
          <p className="text-xs text-slate-700" role="status" data-testid="templates-loaded">
            {t('importWidgets.templatesLoaded', {
              n: count(targetTemplates.templates.length),
              channel: String(targetTemplates.channelId),
              custom: count(
                targetTemplates.templates.filter((template) => template.kind === 'custom').length,
              ),
            })}
          </p>
        )}

        <JsonFileInputView
          label={t('importWidgets.file')}
          status={fileStatus}
          onChange={chooseFile}
          testId="widgets-file"
        />

        {file && (
          <>
            <MissingTemplatesSection
              missing={missing}
              hasSourceTemplates={file.sourceWidgetTemplates.length > 0}
              autoCreate={autoCreate}
              onAutoCreateChange={setAutoCreate}
            />
            <PagesTable
              pages={file.pages}
              store={store}
              form={pagesForm}
              missing={missing}
              invalidIndex={problem?.index ?? null}
              onToggle={(index) => changePages(togglePage(pagesForm, index))}
              onToggleAll={() => changePages(toggleAllPages(pagesForm))}
              onEntityIdChange={(index, value) => changePages(setEntityId(pagesForm, index, value))}
              onDetails={setDetailsIndex}
            />
            {/* `POST /v3/content/page-widgets` publishes "or overwrite[s] the content of a page"
                (page-widgets.v3.yml:50-62): the whole page, so the person is told before importing. */}
            <p className="text-xs text-amber-800" data-testid="replace-note">
              {t('importWidgets.replaceNote')}
            </p>
          </>
        )}

        <SubmitButton
          isBusy={run.isPending}
          label={t('importWidgets.submit')}
          busyLabel={t('common.importing')}
          testId="tool-submit"
        />
        {run.isPending && progress && progress.total > 0 && (
          <div className="space-y-1">
            <ProgressPanel
              done={progress.done}
              total={progress.total}
              label={t('importWidgets.progress', {
                done: count(progress.done),
                total: count(progress.total),
              })}
            />
            {progress.step && (
              <p className="font-mono text-xs break-all text-slate-500" data-testid="tool-progress-step">
                {progress.step}
              </p>
            )}
          </div>
        )}
      </ToolForm>

      {errorText && (
        <FormAlert tone="error" testId="tool-error">
          {errorText}
        </FormAlert>
      )}
      {outcome?.tone === 'success' && (
        <ImportResults response={outcome.response} store={outcome.store} storeName={outcome.storeName} />
      )}
      {detailsPage && (
        <PageDetailsDialog
          title={t('importWidgets.detailsTitle', {
            page: pageLabel(
              { templateFile: detailsPage.template_file, entityId: detailsPage.entity_id },
              t('importWidgets.globalRegions'),
            ),
          })}
          regions={detailsPage.snapshot.regions}
          lookup={lookup}
          onClose={() => setDetailsIndex(null)}
        />
      )}
    </div>
  );
}
