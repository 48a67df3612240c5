import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadJson } from '../../lib/download-file';
import { toolErrorParts } from '../../lib/tool-errors';

/** What a tool run left to show under its form: the error text, or what the result panel needs. */
export type ToolOutcome<Success extends object> =
  /**
   * `field`: the form field whose problem this is; the message goes once that field is fixed (issue 31). `detail`:
   * the server's own words behind a "Details" toggle, where `text` replaced them.
   */
  | { tone: 'error'; text: string; detail?: string; field?: string }
  | ({ tone: 'success'; fileName: string } & Success)
  | null;

/**
 * A tool's run that ends in a file (spec part 1 §7, §8): the answer is saved as a JSON download named by `fileName`,
 * and the outcome holds what `success` picks from it, or the error text of a failure.
 */
export function useToolRun<Request, Answer, Success extends object>({
  mutationFn,
  fileName,
  success,
  onSettled,
  failureText,
}: {
  mutationFn: (request: Request) => Promise<Answer>;
  fileName: (answer: Answer, request: Request) => string;
  success: (answer: Answer) => Success;
  onSettled?: () => void;
  /** The tool's own words for a failure it knows more about than the catalogue (undefined: the catalogue's). */
  failureText?: (error: unknown, request: Request) => string | undefined;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<ToolOutcome<Success>>(null);
  const run = useMutation({
    mutationFn,
    onSuccess: (answer, request) => {
      const name = fileName(answer, request);
      downloadJson(name, answer);
      setOutcome({ tone: 'success', fileName: name, ...success(answer) });
    },
    onError: (error, request) => {
      const own = failureText?.(error, request);
      setOutcome({ tone: 'error', ...(own !== undefined ? { text: own } : toolErrorParts(error, t)) });
    },
    onSettled,
  });
  /** A form problem, shown until its field changes to something that may fix it. */
  const failField = (field: string, text: string) => setOutcome({ tone: 'error', text, field });
  /** The field changed: its problem's message goes (a stale message contradicts what the screen shows). */
  const fieldFixed = (field: string) =>
    setOutcome((current) => (current?.tone === 'error' && current.field === field ? null : current));
  return { run, outcome, setOutcome, failField, fieldFixed };
}
