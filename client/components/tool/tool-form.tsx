import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { FormAlert, SubmitButton } from '../form-field';
import { MessageDetails } from '../message-details';
import { StorePicker } from '../store-picker/store-picker';
import type { ToolOutcome } from './use-tool-run';

/** The card form of a tool screen: the shared store picker first (spec part 1 §2), then the tool's own fields. */
export function ToolForm({
  tool,
  store,
  onStoreChange,
  onSubmit,
  children,
}: {
  /** The tool's tab id: the store picker remembers the last store used in it. */
  tool: string;
  store: LocalStore | null;
  onStoreChange: (store: LocalStore | null) => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <StorePicker value={store?.id ?? ''} onChange={onStoreChange} rememberAs={tool} />
      {children}
    </form>
  );
}

/** A tool's run button: 'Processing...' (or `busyLabel`) while the run lasts. */
export function ToolSubmitButton({
  label,
  busyLabel,
  isBusy,
  isDisabled,
  testId = 'tool-submit',
  describedBy,
}: {
  label: string;
  busyLabel?: string;
  isBusy: boolean;
  isDisabled?: boolean;
  testId?: string;
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SubmitButton
      isBusy={isBusy}
      isDisabled={isDisabled}
      label={label}
      busyLabel={busyLabel ?? t('common.processing')}
      testId={testId}
      describedBy={describedBy}
    />
  );
}

/** The red panel under a tool's form when its run or its checks failed (a success of any shape shows nothing). */
export function ToolErrorAlert({ outcome }: { outcome: ToolOutcome<object> | { tone: 'success' } }) {
  if (outcome?.tone !== 'error') return null;
  return (
    <FormAlert tone="error" testId="tool-error">
      {outcome.text}
      <MessageDetails detail={outcome.detail} testId="tool-error-details" />
    </FormAlert>
  );
}
