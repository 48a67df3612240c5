import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { FormAlert, type AlertTone } from '../form-field';

/** The name of the file a tool's result was saved as: 'File: {name}'. */
export function ResultFileName({ fileName, className }: { fileName: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn(className, 'font-mono text-xs break-all')} data-testid="tool-file-name">
      {t('toolKit.file', { name: fileName })}
    </p>
  );
}

/**
 * The panel after a tool's run, green unless told otherwise: the headline, the tool's own lines, the name of the file
 * it saved (when it saved one).
 */
export function ResultPanel({
  title,
  fileName,
  tone = 'success',
  testId = 'tool-result',
  children,
}: {
  title: string;
  fileName?: string;
  tone?: AlertTone;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <FormAlert tone={tone} testId={testId}>
      <p className="font-semibold">{title}</p>
      {children}
      {fileName !== undefined && <ResultFileName className="mt-1" fileName={fileName} />}
    </FormAlert>
  );
}
