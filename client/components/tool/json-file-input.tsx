import type { TFunction } from 'i18next';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cn } from '../../lib/class-names';
import { issuesDetail, readableJsonError, readableZodIssue } from '../../lib/zod-issues';
import { MessageDetails } from '../message-details';

/** Why a chosen file gave no value. */
export type JsonFileProblem =
  | { kind: 'not-json-file' }
  | { kind: 'unreadable' }
  /** `reason`: the parser's words (the "Details" toggle). */
  | { kind: 'invalid-json'; reason: string }
  /** `issues`: the schema's issues (a short sentence for the first, the parser's words behind "Details"). */
  | { kind: 'wrong-shape'; issues: z.ZodError };

export type JsonFileResult<T> =
  { ok: true; value: T; fileName: string } | { ok: false; problem: JsonFileProblem; fileName: string };

/** What `readJsonFile` needs of a File (a Blob with a name). */
export type NamedBlob = Pick<File, 'name' | 'text'>;

/** Reads a chosen .json file: parses it and checks it with `schema`, giving the typed value or what is wrong. */
export async function readJsonFile<T>(file: NamedBlob, schema: z.ZodType<T>): Promise<JsonFileResult<T>> {
  const fileName = file.name;
  if (!/\.json$/i.test(fileName)) return { ok: false, problem: { kind: 'not-json-file' }, fileName };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: { kind: 'unreadable' }, fileName };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: { kind: 'invalid-json', reason }, fileName };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, problem: { kind: 'wrong-shape', issues: parsed.error }, fileName };
  }
  return { ok: true, value: parsed.data, fileName };
}

/** A message a person reads, and the parser's own words behind a "Details" toggle. */
export type DetailedText = { text: string; detail?: string };

/** The text a person reads for a problem, naming the file, and the parser's words for "Details". */
export function jsonFileProblemText(problem: JsonFileProblem, fileName: string, t: TFunction): DetailedText {
  switch (problem.kind) {
    case 'not-json-file':
      return { text: t('toolKit.jsonFileNotJson', { name: fileName }) };
    case 'unreadable':
      return { text: t('toolKit.jsonFileUnreadable', { name: fileName }) };
    case 'invalid-json':
      return {
        text: t('toolKit.jsonFileInvalidJson', {
          name: fileName,
          reason: readableJsonError(problem.reason, t),
        }),
        detail: problem.reason,
      };
    case 'wrong-shape': {
      const first = problem.issues.issues[0];
      const reason = first ? readableZodIssue(first, t) : t('zodIssues.wrongData');
      return {
        text: t('toolKit.jsonFileWrongShape', { name: fileName, reason }),
        detail: issuesDetail(problem.issues),
      };
    }
  }
}

export interface JsonFileInputProps<T> {
  label: string;
  /** The shape the file must have; the value handed on is what it parses to. */
  schema: z.ZodType<T>;
  /** The typed value of a good file, or null (with the error text) for a bad one. */
  onChange: (value: T | null, result: { fileName: string; error?: string }) => void;
  testId?: string;
}

/**
 * A file input for a .json file (STYLE.md §6 `JsonFileInput(schema)`): reads and parses the file, validates it with
 * the schema and hands on the typed value; a bad file shows a clear error naming it (and hands on null).
 */
export function JsonFileInput<T>({
  label,
  schema,
  onChange,
  testId = 'json-file-input',
}: JsonFileInputProps<T>) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<JsonFileStatus>(null);
  // Only the last chosen file counts, whichever read finishes first.
  const latest = useRef(0);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const attempt = ++latest.current;
    if (!file) {
      setStatus(null);
      onChange(null, { fileName: '' });
      return;
    }
    const result = await readJsonFile(file, schema);
    if (attempt !== latest.current) return;
    if (result.ok) {
      setStatus({ tone: 'ok', text: t('toolKit.jsonFileLoaded', { name: result.fileName }) });
      onChange(result.value, { fileName: result.fileName });
    } else {
      const error = jsonFileProblemText(result.problem, result.fileName, t);
      setStatus({ tone: 'error', ...error });
      onChange(null, { fileName: result.fileName, error: error.text });
    }
  };

  return <JsonFileInputView label={label} status={status} onChange={choose} testId={testId} />;
}

/** What a file input says under itself: loaded (or what is loaded), wrong, or still reading. */
export type JsonFileStatus = { tone: 'ok' | 'error' | 'busy'; text: string; detail?: string } | null;

/** The input's markup (rendered on its own in the unit test, and by screens that read the file themselves). */
export function JsonFileInputView({
  id: givenId,
  label,
  status,
  onChange,
  testId,
  okTestIdSuffix = 'loaded',
}: {
  /** The input's id (its own by default). */
  id?: string;
  label: string;
  status: JsonFileStatus;
  onChange: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  testId: string;
  /** The status line's test id is `${testId}-error`, `${testId}-busy`, or this suffix for a good file. */
  okTestIdSuffix?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const statusId = `${id}-status`;
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
        aria-describedby={status ? statusId : undefined}
        data-testid={testId}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
      />
      {status && (
        <p
          id={statusId}
          role={status.tone === 'error' ? 'alert' : 'status'}
          data-testid={`${testId}-${status.tone === 'ok' ? okTestIdSuffix : status.tone}`}
          className={cn(
            'mt-1 text-xs break-all',
            status.tone === 'error' ? 'font-medium text-red-600' : 'text-emerald-700',
            status.tone === 'busy' && 'text-slate-600',
          )}
        >
          {status.text}
        </p>
      )}
      {status?.tone === 'error' && <MessageDetails detail={status.detail} testId={`${testId}-details`} />}
    </div>
  );
}
