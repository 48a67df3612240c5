import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadJson } from '../../lib/download-file';
import { toolErrorText } from '../../lib/tool-errors';

/** What a tool run left to show under its form: the error text, or what the result panel needs. */
export type ToolOutcome<Success extends object> =
  { tone: 'error'; text: string } | ({ tone: 'success'; fileName: string } & Success) | null;

/**
 * A tool's run that ends in a file (spec part 1 §7, §8): the answer is saved as a JSON download named by `fileName`,
 * and the outcome holds what `success` picks from it, or the error text of a failure.
 */
export function useToolRun<Request, Answer, Success extends object>({
  mutationFn,
  fileName,
  success,
  onSettled,
}: {
  mutationFn: (request: Request) => Promise<Answer>;
  fileName: (answer: Answer, request: Request) => string;
  success: (answer: Answer) => Success;
  onSettled?: () => void;
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
    onError: (error) => setOutcome({ tone: 'error', text: toolErrorText(error, t) }),
    onSettled,
  });
  return { run, outcome, setOutcome };
}
