import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

const fileInputClass =
  'mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100';

/**
 * The video converters' file field: the label, a video-only file input, the chosen file's line and the file's error
 * (tied to the input for screen readers). `testId` prefixes the test ids: `{testId}-file`, `-file-chosen`,
 * `-file-error`. A new `inputKey` empties the input (Convert Another).
 */
export function VideoFileField({
  testId,
  inputKey,
  onFile,
  disabled,
  chosen,
  error,
}: {
  testId: string;
  inputKey: number;
  onFile: (file: File | null) => void;
  disabled: boolean;
  /** The chosen file's line, or null when none is chosen. */
  chosen: string | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const errorId = useId();
  return (
    <div>
      <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
        {t('video.chooseFile')}
      </label>
      <input
        key={inputKey}
        id={fileId}
        type="file"
        accept="video/*"
        onChange={(event: ChangeEvent<HTMLInputElement>) => onFile(event.target.files?.[0] ?? null)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={`${testId}-file`}
        className={fileInputClass}
      />
      {chosen !== null && (
        <p className="mt-1 text-xs text-slate-600" data-testid={`${testId}-file-chosen`}>
          {chosen}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role="alert"
          className="mt-1 text-xs font-medium text-red-600"
          data-testid={`${testId}-file-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
