import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../common/contracts/stores';
import { cn } from '../lib/class-names';
import { downloadJson } from '../lib/download-json';
import { toolErrorText } from '../lib/tool-errors';
import { FormAlert, SubmitButton } from './form-field';
import { StorePicker } from './store-picker/store-picker';

/** What a tool run left to show under its form: the error text, or what the success panel needs. */
export type ToolOutcome<Success extends object> =
  { tone: 'error'; text: string } | ({ tone: 'success'; fileName: string } & Success) | null;

/**
 * A dump tool's run (spec part 1 §7, §8): the answer is saved as a JSON download named by `fileName`, and the
 * outcome holds what `success` picks from it, or the error text of a failure.
 */
export function useDumpRun<Request, Dump, Success extends object>({
  mutationFn,
  fileName,
  success,
  onSettled,
}: {
  mutationFn: (request: Request) => Promise<Dump>;
  fileName: (dump: Dump, request: Request) => string;
  success: (dump: Dump) => Success;
  onSettled?: () => void;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<ToolOutcome<Success>>(null);
  const run = useMutation({
    mutationFn,
    onSuccess: (dump, request) => {
      const name = fileName(dump, request);
      downloadJson(name, dump);
      setOutcome({ tone: 'success', fileName: name, ...success(dump) });
    },
    onError: (error) => setOutcome({ tone: 'error', text: toolErrorText(error, t) }),
    onSettled,
  });
  return { run, outcome, setOutcome };
}

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

/** A tool's run button: 'Processing...' while the run lasts. */
export function ToolSubmitButton({
  label,
  isBusy,
  isDisabled,
}: {
  label: string;
  isBusy: boolean;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SubmitButton
      isBusy={isBusy}
      isDisabled={isDisabled}
      label={label}
      busyLabel={t('common.processing')}
      testId="dump-submit"
    />
  );
}

/** The red panel under a tool's form when its run or its checks failed. */
export function ToolErrorAlert({ outcome }: { outcome: ToolOutcome<object> }) {
  if (outcome?.tone !== 'error') return null;
  return (
    <FormAlert tone="error" testId="dump-error">
      {outcome.text}
    </FormAlert>
  );
}

/** The name of the file a dump was saved as. */
export function DumpFileName({ fileName, className }: { fileName: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn(className, 'font-mono text-xs break-all')} data-testid="dump-file-name">
      {t('dumps.file', { name: fileName })}
    </p>
  );
}

/** The green panel after a dump was saved: the headline, the tool's summary lines, the file name. */
export function DumpSuccessAlert({
  title,
  fileName,
  children,
}: {
  title: string;
  fileName: string;
  children: ReactNode;
}) {
  return (
    <FormAlert tone="success" testId="dump-success">
      <p className="font-semibold">{title}</p>
      {children}
      <DumpFileName className="mt-1" fileName={fileName} />
    </FormAlert>
  );
}
