import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/class-names';
import { primaryButtonClass, secondaryButtonClass } from './button-classes';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'value'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The error text; sets aria-invalid and is linked by aria-describedby. */
  error?: string | undefined;
  /** A hint or notice under the field, linked by aria-describedby. */
  hint?: ReactNode;
  testId?: string;
}

/** A labelled input whose error and hint are announced with it (WAI: aria-invalid + aria-describedby). */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  testId,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid={testId}
        className={cn(
          'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none',
          'placeholder:text-slate-400 focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500',
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
            : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200',
        )}
      />
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

/** A field's hint and error under it, with the ids its input's aria-describedby names. */
export function FieldNotes({
  hintId,
  hint,
  errorId,
  error,
  isHintHidden = false,
}: {
  hintId: string;
  hint: ReactNode;
  errorId: string;
  error: string | undefined;
  /** The hint is read by screen readers only (a field in a table cell). */
  isHintHidden?: boolean;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className={isHintHidden ? 'sr-only' : 'mt-1 text-xs text-slate-500'}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </>
  );
}

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-indigo-200 bg-indigo-50 text-indigo-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-800',
};

/** A message box; errors are announced at once (role=alert), the others politely (role=status). */
export function FormAlert({
  tone,
  children,
  testId,
}: {
  tone: AlertTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('rounded-lg border px-3 py-2 text-sm', TONES[tone])}
    >
      {children}
    </div>
  );
}

/** The primary button of a form: disabled, with the busy label, while the request runs (or while `isDisabled`). */
export function SubmitButton({
  isBusy,
  isDisabled = false,
  label,
  busyLabel,
  className,
  testId,
  describedBy,
}: {
  isBusy: boolean;
  isDisabled?: boolean;
  label: string;
  busyLabel: string;
  className?: string;
  testId?: string;
  /** The id of the text that says why the button is disabled. */
  describedBy?: string | undefined;
}) {
  return (
    <button
      type="submit"
      disabled={isBusy || isDisabled}
      aria-busy={isBusy || undefined}
      aria-describedby={describedBy}
      data-testid={testId}
      className={cn(
        'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm',
        'hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      {isBusy ? busyLabel : label}
    </button>
  );
}

/**
 * A button that starts a request beside the form's own (Load product, Load templates): disabled, with the busy label,
 * while its request runs.
 */
export function BusyButton({
  isBusy,
  label,
  busyLabel,
  onClick,
  className = secondaryButtonClass,
  testId,
}: {
  isBusy: boolean;
  label: string;
  busyLabel: string;
  onClick: () => void;
  className?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      data-testid={testId}
      className={className}
    >
      {isBusy ? busyLabel : label}
    </button>
  );
}

/**
 * A set of radio buttons, one per value, each with its label (the fieldset, legend and layout around them are the
 * caller's). `testIdPrefix` gives each input the test id prefix + value.
 */
export function RadioOptions<V extends string>({
  name,
  values,
  labelOf,
  value,
  onChange,
  testIdPrefix,
}: {
  name: string;
  values: readonly V[];
  labelOf: (value: V) => string;
  value: V;
  onChange: (value: V) => void;
  testIdPrefix?: string;
}) {
  return (
    <>
      {values.map((option) => (
        <label key={option} className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            data-testid={testIdPrefix === undefined ? undefined : `${testIdPrefix}${option}`}
            className="h-4 w-4 accent-indigo-600"
          />
          {labelOf(option)}
        </label>
      ))}
    </>
  );
}

/**
 * A panel's action (not a form's submit: Restore, Undo, Preview restore): indigo, or white when `isSecondary`,
 * "Processing..." and disabled while busy.
 */
export function ActionButton({
  onClick,
  isBusy,
  isDisabled = false,
  isSecondary = false,
  label,
  testId,
}: {
  onClick: () => void;
  isBusy: boolean;
  isDisabled?: boolean;
  isSecondary?: boolean;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isBusy || isDisabled}
      aria-busy={isBusy || undefined}
      data-testid={testId}
      className={isSecondary ? secondaryButtonClass : primaryButtonClass}
    >
      {isBusy ? t('common.processing') : label}
    </button>
  );
}

/** The white button beside a panel's main action that starts no request (Cancel, Close, Convert Another, Sync). */
export function SecondaryButton({
  onClick,
  isDisabled = false,
  label,
  testId,
}: {
  onClick: () => void;
  isDisabled?: boolean;
  label: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      data-testid={testId}
      className={secondaryButtonClass}
    >
      {label}
    </button>
  );
}

/** A checkbox with its label on the right (Enabled, Auto-create missing templates, a snapshot's parts). */
export function CheckboxField({
  label,
  checked,
  onChange,
  isDisabled = false,
  describedBy,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  isDisabled?: boolean;
  /** The id of the note that says what the box does. */
  describedBy?: string;
  testId: string;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
        aria-describedby={describedBy}
        className="h-4 w-4 accent-indigo-600"
      />
      {label}
    </label>
  );
}
