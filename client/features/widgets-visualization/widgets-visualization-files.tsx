import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import type { FileStatus } from './use-widgets-visualization';
import { buttonClass, panelClass } from './widgets-visualization-classes';

const fileInputClass =
  'mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100';

type ChooseFile = (event: ChangeEvent<HTMLInputElement>) => Promise<void>;

/** The dump to explore and, once one is shown, the dump to compare it with (and Stop comparing). */
export function WidgetsVisualizationFiles({
  isLoaded,
  status,
  onChooseFile,
  isComparing,
  compareStatus,
  onChooseCompare,
  onStopComparing,
}: {
  isLoaded: boolean;
  status: FileStatus;
  onChooseFile: ChooseFile;
  isComparing: boolean;
  compareStatus: FileStatus;
  onChooseCompare: ChooseFile;
  onStopComparing: () => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const compareId = useId();
  return (
    <section className={cn(panelClass, 'grid gap-4 md:grid-cols-2')}>
      <FileField
        id={fileId}
        label={t('widgetsVisualization.upload')}
        status={status}
        onChange={onChooseFile}
        testId="dump-file"
      />
      {isLoaded && (
        <div>
          <FileField
            id={compareId}
            label={t('widgetsVisualization.compare')}
            status={compareStatus}
            onChange={onChooseCompare}
            testId="compare-file"
          />
          <p className="mt-1 text-xs text-slate-500">{t('widgetsVisualization.compareHelp')}</p>
          {isComparing && (
            <button
              type="button"
              className={cn(buttonClass, 'mt-2')}
              onClick={onStopComparing}
              data-testid="stop-compare"
            >
              {t('widgetsVisualization.stopCompare')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function FileField({
  id,
  label,
  status,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  status: FileStatus;
  onChange: ChooseFile;
  testId: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".json,application/json"
        onChange={(event) => void onChange(event)}
        aria-invalid={status?.tone === 'error' ? true : undefined}
        aria-describedby={status ? `${id}-status` : undefined}
        data-testid={testId}
        className={fileInputClass}
      />
      {status && (
        <p
          id={`${id}-status`}
          role={status.tone === 'error' ? 'alert' : 'status'}
          data-testid={`${testId}-${status.tone}`}
          className={cn(
            'mt-1 text-xs break-all',
            status.tone === 'error' ? 'font-medium text-red-600' : 'text-emerald-700',
            status.tone === 'busy' && 'text-slate-600',
          )}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}
