import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import type { RestorePreviewItem, Snapshot } from '../../../common/contracts/store-history';
import type { LocalStore } from '../../../common/contracts/stores';
import { ActionButton, CheckboxField, FormAlert, SecondaryButton } from '../../components/form-field';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { cn } from '../../lib/class-names';
import { apiErrorText } from '../../lib/tool-errors';
import { FieldChangeView } from './field-change';
import { RestoreResult } from './restore-result';
import { badgeClass } from './snapshot-list';
import { fieldLabel, formatDateTime } from './snapshot-format';
import { UnreadPagesNote } from './unread-pages-note';
import type { RestoreFlow } from './use-restore';

const ACTION_CLASSES: Record<RestorePreviewItem['action'], string> = {
  update: 'bg-amber-100 text-amber-900',
  create: 'bg-emerald-100 text-emerald-800',
  unchanged: 'bg-slate-100 text-slate-700',
  'not-restorable': 'bg-rose-100 text-rose-800',
};

/**
 * Restore from the older snapshot of the pair: how many items are chosen (in the diff above), Preview restore, the
 * preview (each write from the store's value now to the snapshot's), the confirmation naming the store and the count,
 * then the job and its result.
 */
export function RestorePanel({
  flow,
  snapshot,
  store,
}: {
  flow: RestoreFlow;
  snapshot: Snapshot;
  store: LocalStore;
}) {
  const { t, i18n } = useTranslation();
  const local = useCount();
  const date = formatDateTime(snapshot.createdAt, i18n.resolvedLanguage ?? 'en');
  const preview = flow.previewed;
  const writing = preview
    ? preview.preview.items.filter((item) => item.action === 'update' || item.action === 'create').length
    : 0;
  const job = flow.job;

  return (
    <div className="space-y-3 border-t border-slate-200 pt-4" data-testid="restore-panel">
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-slate-700" data-testid="restore-chosen">
          {flow.chosenCount === 0
            ? t('storeHistory.restoreHint', { date })
            : t('storeHistory.restoreChosen', { n: local(flow.chosenCount), date })}
        </p>
        <ActionButton
          onClick={flow.preview}
          isBusy={flow.isPreviewing}
          isDisabled={flow.chosenCount === 0 || flow.isJobActive}
          label={t('storeHistory.restorePreview')}
          testId="restore-preview-button"
        />
      </div>
      <CheckboxField
        label={t('storeHistory.restoreStock')}
        checked={flow.stock}
        onChange={flow.setStock}
        isDisabled={flow.isJobActive}
        testId="restore-stock"
      />
      {flow.errorText !== null && (
        <FormAlert tone="error" testId="restore-error">
          {flow.errorText}
        </FormAlert>
      )}
      {preview && (
        <section
          aria-label={t('storeHistory.restorePreviewTitle')}
          className="space-y-3 rounded-xl border border-indigo-200 bg-indigo-50/40 p-4"
          data-testid="restore-preview"
        >
          <h3 className="text-sm font-semibold text-slate-900">{t('storeHistory.restorePreviewTitle')}</h3>
          <p className="text-xs text-slate-600" data-testid="restore-preview-summary">
            {writing === 0
              ? t('storeHistory.restoreNothing')
              : t('storeHistory.restoreSummary', {
                  n: local(writing),
                  unchanged: local(preview.preview.items.length - writing),
                })}
          </p>
          <UnreadPagesNote
            unread={preview.unreadPages ?? []}
            context="restore"
            testId="restore-unread-pages"
          />
          <ul className="divide-y divide-slate-200">
            {preview.preview.items.map((item) => (
              <li
                key={`${item.kind}:${JSON.stringify(item.key)}`}
                className="space-y-2 py-2"
                data-testid="restore-preview-item"
                data-action={item.action}
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-xs font-medium text-slate-500">
                    {t(`storeHistory.kinds.${item.kind}`)}
                  </span>
                  <span
                    className="min-w-0 text-sm font-medium break-words text-slate-900"
                    data-testid="restore-preview-name"
                  >
                    {item.name}
                  </span>
                  <span
                    className={cn(badgeClass, ACTION_CLASSES[item.action])}
                    data-testid="restore-preview-action"
                  >
                    {t(`storeHistory.restoreAction.${item.action}`)}
                  </span>
                </div>
                {item.notWritten && item.notWritten.length > 0 && (
                  <div data-testid="restore-not-written">
                    <p className="text-xs font-medium text-slate-700">
                      {t('storeHistory.restoreNotWrittenTitle')}
                    </p>
                    <ul className="list-disc space-y-1 pl-5 text-xs text-slate-700">
                      {item.notWritten.map((part) => (
                        <li key={`${part.path}:${part.code}`} data-code={part.code}>
                          <span className="font-medium" title={part.path}>
                            {fieldLabel(part.path, t('storeHistory.fieldLabels', { returnObjects: true }))}
                          </span>
                          : {t(`storeHistory.restoreNotWritten.${part.code}`)}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {item.fields.length > 0 && (
                  <ul className="space-y-2">
                    {item.fields.map((field) => (
                      <FieldChangeView
                        key={field.path}
                        testId="restore-field"
                        field={{ path: field.path, before: field.live, after: field.restored }}
                        labels={{
                          before: t('storeHistory.liveValue'),
                          after: t('storeHistory.restoredValue'),
                        }}
                      />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {writing > 0 && (
              <ActionButton
                onClick={flow.askConfirm}
                isBusy={flow.isStarting}
                label={t('storeHistory.restoreStart', { n: local(writing) })}
                testId="restore-start-button"
              />
            )}
            <SecondaryButton
              onClick={flow.closePreview}
              label={t('storeHistory.restoreClose')}
              testId="restore-close"
            />
          </div>
        </section>
      )}
      <ConfirmDialog
        isOpen={flow.isConfirming}
        title={t('storeHistory.restoreConfirmTitle')}
        message={t('storeHistory.restoreConfirm', { n: local(writing), store: store.name, date })}
        confirmLabel={t('storeHistory.restoreConfirmButton')}
        onConfirm={flow.confirm}
        onCancel={flow.cancelConfirm}
        testId="restore-confirm"
      />
      {flow.isJobActive && (
        <ProgressPanel
          testId="restore-progress"
          done={(job?.succeeded ?? 0) + (job?.skipped ?? 0)}
          failed={job?.failed ?? 0}
          total={job?.total ?? 0}
          label={t('storeHistory.restoreProgress', {
            done: local((job?.succeeded ?? 0) + (job?.skipped ?? 0) + (job?.failed ?? 0)),
            total: local(job?.total ?? 0),
          })}
          ratePerSecond={flow.estimate.ratePerSecond}
          secondsLeft={flow.estimate.secondsLeft}
          waiting={job?.waiting ?? undefined}
          onCancel={flow.isCancelling ? undefined : flow.cancel}
        />
      )}
      {flow.jobError !== null && (
        <p className="text-xs text-red-600" data-testid="restore-job-error">
          {apiErrorText(flow.jobError, t)}
        </p>
      )}
      {!flow.isJobActive && job && <RestoreResult flow={flow} job={job} store={store} />}
    </div>
  );
}
