import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { FormAlert } from '../form-field';

/** The name of the file a tool's result was saved as: 'File: {name}'. */
export function ResultFileName({ fileName, className }: { fileName: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn(className, 'font-mono text-xs break-all')} data-testid="tool-file-name">
      {t('toolKit.file', { name: fileName })}
    </p>
  );
}

/** The green panel after a tool's run: the headline, the tool's own lines, the name of the file it saved. */
export function ResultPanel({
  title,
  fileName,
  children,
}: {
  title: string;
  fileName: string;
  children?: ReactNode;
}) {
  return (
    <FormAlert tone="success" testId="tool-result">
      <p className="font-semibold">{title}</p>
      {children}
      <ResultFileName className="mt-1" fileName={fileName} />
    </FormAlert>
  );
}
