import { useTranslation } from 'react-i18next';

/**
 * The parser's or the server's own words behind a short message (issue 31): closed by default, opened by a
 * "Details" toggle, so a person reads the catalogue's sentence and a developer can still see what the parser said.
 */
export function MessageDetails({ detail, testId }: { detail: string | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!detail) return null;
  return (
    <details className="mt-1 text-xs font-normal text-slate-600" data-testid={testId}>
      <summary className="cursor-pointer select-none underline">{t('zodIssues.details')}</summary>
      <pre className="mt-1 font-mono break-all whitespace-pre-wrap">{detail}</pre>
    </details>
  );
}
