import { useId, type ReactNode, type Ref, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from './use-modal-dialog';

/**
 * The native dialog's `cancel` event (Escape, or the browser's close request): the dialog stays open for React to
 * close, and the question counts as answered 'Cancel'.
 */
export function cancelOnRequest(event: Pick<SyntheticEvent, 'preventDefault'>, onCancel: () => void): void {
  event.preventDefault();
  onCancel();
}

/**
 * The <dialog> element of the kit's modals, titled by `${id}-title` (and described by `${id}-message` when it has
 * one): Escape calls `onCancel`, and React closes it.
 */
export function ModalDialog({
  dialogRef,
  id,
  isDescribed = false,
  width,
  onCancel,
  testId,
  children,
}: {
  dialogRef?: Ref<HTMLDialogElement> | undefined;
  id: string;
  isDescribed?: boolean;
  width: 'max-w-md' | 'max-w-2xl';
  onCancel: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={isDescribed ? `${id}-message` : undefined}
      onCancel={(event) => cancelOnRequest(event, onCancel)}
      data-testid={testId}
      className={`m-auto w-full ${width} rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/40`}
    >
      {children}
    </dialog>
  );
}

export interface InfoDialogProps {
  title: string;
  /** The dialog's test id; its Close button is `${testId}-close`. */
  testId: string;
  /** Also a test id on the title, `${testId}-title`. */
  hasTitleTestId?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal that shows something to read (a page's tree, a widget's configuration): the title, a Close button that
 * takes the focus, and the content scrolling below. Escape or Close closes it and focus goes back to where it was.
 */
export function InfoDialog(props: InfoDialogProps) {
  const id = useId();
  const { dialogRef, focusRef: closeRef } = useModalDialog();
  return <InfoDialogView dialogRef={dialogRef} closeRef={closeRef} id={id} {...props} />;
}

/** The markup of an `InfoDialog` (rendered on its own in unit tests). */
export function InfoDialogView({
  dialogRef,
  closeRef,
  id,
  title,
  testId,
  hasTitleTestId = false,
  onClose,
  children,
}: InfoDialogProps & {
  dialogRef?: Ref<HTMLDialogElement> | undefined;
  closeRef?: Ref<HTMLButtonElement> | undefined;
  id: string;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog dialogRef={dialogRef} id={id} width="max-w-2xl" onCancel={onClose} testId={testId}>
      <div className="flex items-start justify-between gap-4">
        <h2
          id={`${id}-title`}
          className="text-base font-semibold break-all"
          data-testid={hasTitleTestId ? `${testId}-title` : undefined}
        >
          {title}
        </h2>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          data-testid={`${testId}-close`}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {t('common.close')}
        </button>
      </div>
      <div className="mt-4 max-h-[70vh] overflow-auto text-sm">{children}</div>
    </ModalDialog>
  );
}
