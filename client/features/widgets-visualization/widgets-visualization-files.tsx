import type { ChangeEvent, ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonFileInputView } from '../../components/tool/json-file-input';
import { cn } from '../../lib/class-names';
import type { FileStatus } from './use-widgets-visualization';
import { PanelButton } from './panel-button';
import { panelClass } from './widgets-visualization-classes';

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
  return (
    <section className={cn(panelClass, 'grid gap-4 md:grid-cols-2')}>
      <DumpFileInput
        label={t('widgetsVisualization.upload')}
        status={status}
        onChange={onChooseFile}
        testId="dump-file"
      />
      {isLoaded && (
        <div>
          <DumpFileInput
            label={t('widgetsVisualization.compare')}
            status={compareStatus}
            onChange={onChooseCompare}
            testId="compare-file"
          />
          <p className="mt-1 text-xs text-slate-500">{t('widgetsVisualization.compareHelp')}</p>
          {isComparing && (
            <PanelButton className="mt-2" onClick={onStopComparing} testId="stop-compare">
              {t('widgetsVisualization.stopCompare')}
            </PanelButton>
          )}
        </div>
      )}
    </section>
  );
}

/** A dump's file input: its status line for a good file is `${testId}-ok`. */
function DumpFileInput(props: Omit<ComponentProps<typeof JsonFileInputView>, 'okTestIdSuffix'>) {
  return <JsonFileInputView {...props} okTestIdSuffix="ok" />;
}
