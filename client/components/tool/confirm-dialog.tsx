import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { ModalDialog } from './modal-dialog';
import { useModalDialog } from './use-modal-dialog';

export { cancelOnRequest } from './modal-dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: string;
  /** More under the message: what the action leaves out (a list, a warning). */
  details?: ReactNode;
  /** The confirm button's text; 'Confirm' by default. */
  confirmLabel?: string;
  /** The cancel button's text; 'Cancel' by default. */
  cancelLabel?: string;
  /** A red confirm button, for what cannot be taken back. */
  isDestructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/**
 * An accessible modal question (STYLE.md §6), on the native <dialog> opened with showModal(): the page behind is
 * inert, Escape cancels, and focus starts on Cancel (the safe answer) and goes back where it was when it closes.
 */
export function ConfirmDialog({ isOpen, ...props }: ConfirmDialogProps) {
  return isOpen ? <OpenConfirmDialog {...props} /> : null;
}

function OpenConfirmDialog({
  confirmLabel,
  cancelLabel,
  isDestructive = false,
  testId = 'confirm-dialog',
  ...props
}: Omit<ConfirmDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const id = useId();
  const { dialogRef, focusRef: cancelRef } = useModalDialog();

  return (
    <ConfirmDialogView
      {...props}
      dialogRef={dialogRef}
      cancelRef={cancelRef}
      id={id}
      isDestructive={isDestructive}
      testId={testId}
      confirmLabel={confirmLabel ?? t('toolKit.confirm')}
      cancelLabel={cancelLabel ?? t('common.cancel')}
    />
  );
}

/** The dialog's markup (rendered on its own in the unit test). */
export function ConfirmDialogView({
  dialogRef,
  cancelRef,
  id,
  title,
  message,
  details,
  confirmLabel,
  cancelLabel,
  isDestructive,
  onConfirm,
  onCancel,
  testId,
}: {
  dialogRef?: Ref<HTMLDialogElement>;
  cancelRef?: Ref<HTMLButtonElement>;
  id: string;
  title: string;
  message: string;
  details?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  isDestructive: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const buttonBase =
    'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2';
  return (
    <ModalDialog
      dialogRef={dialogRef}
      id={id}
      isDescribed
      width="max-w-md"
      onCancel={onCancel}
      testId={testId}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <p id={`${id}-message`} className="mt-2 text-sm text-slate-600">
        {message}
      </p>
      {details && (
        <div className="mt-3 text-sm" data-testid={`${testId}-details`}>
          {details}
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          data-testid={`${testId}-cancel`}
          className={cn(
            buttonBase,
            'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-indigo-600',
          )}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          data-testid={`${testId}-confirm`}
          className={cn(
            buttonBase,
            'text-white',
            isDestructive
              ? 'bg-red-600 hover:bg-red-500 focus-visible:outline-red-600'
              : 'bg-indigo-600 hover:bg-indigo-500 focus-visible:outline-indigo-600',
          )}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
