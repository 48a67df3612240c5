// The parts the two bulk-edit screens share below their fields: Preview and Run (Run appears once there is a
// preview, and is red for a destructive edit), then the failure, the preview and the job (progress, result, undo).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../tool/confirm-dialog';
import { cn } from '../../lib/class-names';
import { FormAlert } from '../form-field';
import { ToolSubmitButton } from '../tool/tool-form';
import { BulkJobSection } from './bulk-job-section';
import { PreviewPanel } from './preview-panel';
import type { BulkJobFlow } from './use-bulk-edit';

type Flow = BulkJobFlow;

/**
 * Preview, and Run once there is a preview. Run asks first (issue 31: every write does), in a dialog that names the
 * store and the number of products the job will change; the preview stays on the screen behind it.
 */
export function BulkEditButtons({
  flow,
  isBusy,
  runLabel,
  onRun,
  confirm,
  isDestructive = false,
}: {
  flow: Flow;
  isBusy: boolean;
  runLabel: string;
  onRun: () => void;
  /** The question: its title, and its message given the number of products the preview says will change. */
  confirm: { title: string; message: (changing: number) => string };
  isDestructive?: boolean;
}) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-3">
      <ToolSubmitButton
        isBusy={flow.isPreviewing}
        isDisabled={isBusy}
        label={t('bulkEdit.preview')}
        testId="preview-button"
      />
      {flow.preview && (
        <button
          type="button"
          onClick={() => setIsConfirming(true)}
          disabled={isBusy || flow.preview.changing === 0}
          data-testid="run-button"
          className={cn(
            'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
            isDestructive
              ? 'bg-red-600 hover:bg-red-500 focus-visible:outline-red-600'
              : 'bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-700',
          )}
        >
          {flow.isStarting ? t('common.processing') : runLabel}
        </button>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        isDestructive={isDestructive}
        title={confirm.title}
        message={confirm.message(flow.preview?.changing ?? 0)}
        confirmLabel={runLabel}
        onConfirm={() => {
          setIsConfirming(false);
          onRun();
        }}
        onCancel={() => setIsConfirming(false)}
      />
    </div>
  );
}

export function BulkEditOutcome({ flow, alertText }: { flow: Flow; alertText: string | null | undefined }) {
  return (
    <>
      {alertText && (
        <FormAlert tone="error" testId="tool-error">
          {alertText}
        </FormAlert>
      )}
      {flow.preview && <PreviewPanel preview={flow.preview} isHtml={flow.isHtml} />}
      <BulkJobSection flow={flow} />
    </>
  );
}
