import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import type { JobItemOutcome, JobView } from '../../../common/contracts/jobs';
import type { LocalStore } from '../../../common/contracts/stores';
import { smallButtonClass } from '../../components/button-classes';
import { ActionButton, BusyButton, FormAlert, type AlertTone } from '../../components/form-field';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { cn } from '../../lib/class-names';
import { badgeClass } from './snapshot-list';
import type { RestoreFlow } from './use-restore';
import {
  RESTORE_ALREADY_REASON,
  RESTORE_STALE_REASON,
  RESTORE_UNDO_ALREADY_DELETED_REASON,
  RESTORE_UNDO_DELETED_REASON,
  RESTORE_UNDO_UNCHECKED_REASON,
} from '../../../common/contracts/store-history';

/** The reasons the app gives, in the reader's language; BigCommerce's own messages are shown as they come. */
const REASON_KEYS: Readonly<
  Record<string, 'stale' | 'already' | 'undoDeleted' | 'undoAlreadyDeleted' | 'undoUnchecked'>
> = {
  [RESTORE_STALE_REASON]: 'stale',
  [RESTORE_ALREADY_REASON]: 'already',
  [RESTORE_UNDO_DELETED_REASON]: 'undoDeleted',
  [RESTORE_UNDO_ALREADY_DELETED_REASON]: 'undoAlreadyDeleted',
  [RESTORE_UNDO_UNCHECKED_REASON]: 'undoUnchecked',
};

const OUTCOME_CLASSES: Record<JobItemOutcome['outcome'], string> = {
  written: 'bg-emerald-100 text-emerald-800',
  skipped: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-800',
};

/** How many items ended each way: from the outcomes, so the three add up to the items of the restore. */
export function outcomeCounts(outcomes: readonly JobItemOutcome[]) {
  const count = (outcome: JobItemOutcome['outcome']) =>
    outcomes.filter((each) => each.outcome === outcome).length;
  return { written: count('written'), skipped: count('skipped'), failed: count('failed') };
}

function toneOf(job: JobView, failed: number, skipped: number): AlertTone {
  if (job.state === 'failed' || failed > 0) return 'error';
  if (job.state === 'cancelled' || skipped > 0) return 'info';
  return 'success';
}

/**
 * How a restore (or its undo) ended: written, skipped and failed counts, each item with its end and reason, then
 * "Include the skipped items" (previews them again: the store's values now become what the restore replaces) and
 * Undo (asks first).
 */
export function RestoreResult({ flow, job, store }: { flow: RestoreFlow; job: JobView; store: LocalStore }) {
  const { t } = useTranslation();
  const local = useCount();
  const reasonText = (reason: string) => {
    const key = REASON_KEYS[reason];
    return key ? t(`storeHistory.outcomeReason.${key}`) : reason;
  };
  const [isUndoAsked, setIsUndoAsked] = useState(false);
  const outcomes = job.outcomes ?? [];
  const counts = outcomeCounts(outcomes);
  const isUndo = job.undoOf !== null;
  return (
    <section
      aria-label={t(isUndo ? 'storeHistory.undoResultTitle' : 'storeHistory.restoreResultTitle')}
      className="space-y-3"
      data-testid="restore-result"
      data-undo={isUndo ? 'true' : 'false'}
    >
      <FormAlert tone={toneOf(job, counts.failed, counts.skipped)} testId="restore-result-summary">
        <span data-state={job.state}>
          {t(
            `storeHistory.restoreEnded.${job.state === 'done' ? 'done' : job.state === 'cancelled' ? 'cancelled' : 'failed'}`,
            {
              what: t(isUndo ? 'storeHistory.theUndo' : 'storeHistory.theRestore'),
            },
          )}
        </span>{' '}
        <span data-testid="restore-result-counts">
          {t('storeHistory.restoreCounts', {
            written: local(counts.written),
            skipped: local(counts.skipped),
            failed: local(counts.failed),
          })}
        </span>
        {job.state === 'failed' && job.message && <span> {job.message}</span>}
      </FormAlert>
      {outcomes.length > 0 && (
        <ul className="divide-y divide-slate-200 text-sm" data-testid="restore-outcomes">
          {outcomes.map((outcome) => (
            <li
              key={`${outcome.kind}:${JSON.stringify(outcome.key)}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              data-testid="restore-outcome"
              data-outcome={outcome.outcome}
            >
              <span
                className="min-w-0 font-medium break-words text-slate-900"
                data-testid="restore-outcome-name"
              >
                {outcome.name}
              </span>
              <span className={cn(badgeClass, OUTCOME_CLASSES[outcome.outcome])}>
                {t(`storeHistory.outcome.${outcome.outcome}`)}
              </span>
              {outcome.reason && (
                <span
                  className="min-w-0 text-xs break-words text-slate-600"
                  data-testid="restore-outcome-reason"
                >
                  {reasonText(outcome.reason)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {!isUndo && flow.skippedCount > 0 && (
          <BusyButton
            onClick={flow.includeSkipped}
            isBusy={flow.isPreviewing}
            label={t('storeHistory.includeSkipped', { n: local(flow.skippedCount) })}
            busyLabel={t('common.processing')}
            className={smallButtonClass}
            testId="restore-include-skipped"
          />
        )}
        {flow.canUndo && (
          <ActionButton
            onClick={() => setIsUndoAsked(true)}
            isBusy={flow.isUndoing}
            isSecondary
            label={t('storeHistory.undoRestore')}
            testId="restore-undo"
          />
        )}
      </div>
      <ConfirmDialog
        isOpen={isUndoAsked}
        title={t('storeHistory.undoConfirmTitle')}
        message={t('storeHistory.undoConfirm', { n: local(counts.written), store: store.name })}
        confirmLabel={t('storeHistory.undoRestore')}
        onConfirm={() => {
          setIsUndoAsked(false);
          flow.undo();
        }}
        onCancel={() => setIsUndoAsked(false)}
        testId="restore-undo-confirm"
      />
    </section>
  );
}
