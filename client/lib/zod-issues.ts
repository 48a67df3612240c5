// Validation issues as a person reads them (issue 31): a short sentence from the catalogue ("Store hash is missing
// (item 1)") for the screen, and the parser's own text (`stores[0].storeHash: Invalid input: expected string,
// received undefined`) kept for the "Details" toggle.
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { en } from '../locales/en';

/** `stores[0].storeHash`: where in the file a zod issue is. */
function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** One issue as the parser words it: `path: message`, or the message alone for the file as a whole. */
export function issueText(issue: z.core.$ZodIssue): string {
  const where = issuePath(issue.path);
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The first thing wrong with the data, e.g. 'stores[0].storeHash: Invalid input: expected string, received undefined'. */
export function firstIssueText(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issueText(issue) : error.message;
}

/** The parser's texts of the first issues, one a line: what the "Details" toggle shows. */
export function issuesDetail(error: z.ZodError, most = 10): string {
  const lines = error.issues.slice(0, most).map(issueText);
  const more = error.issues.length - lines.length;
  return more > 0 ? [...lines, `… (+${more})`].join('\n') : lines.join('\n');
}

/** zod's own issue texts, which name no field ('Invalid input: expected string, received undefined'). */
const ZOD_TEXT =
  /^(Invalid (input|option|string|number|type|element|key|union|value|discriminator)|Too (small|big)|Unrecognized key)/;

type NamedField = keyof typeof en.zodIssues.fields;

/** Field names the catalogue words itself; any other is shown as the name it has in the data. */
const NAMED_FIELDS = new Set<NamedField>([
  'storeHash',
  'apiToken',
  'accessToken',
  'name',
  'kind',
  'version',
  'stores',
  'storeCredentials',
  'channelId',
  'productId',
  'sku',
  'id',
  'query',
  'limit',
]);

function isNamedField(name: string): name is NamedField {
  return (NAMED_FIELDS as ReadonlySet<string>).has(name);
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The catalogue's name of the field a path ends at ('Store hash'); undefined for the data as a whole. */
function fieldName(path: readonly PropertyKey[], t: TFunction): string | undefined {
  const last = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (last === undefined) return undefined;
  return isNamedField(last) ? t(`zodIssues.fields.${last}`) : t('zodIssues.namedField', { name: last });
}

/**
 * A short sentence for one problem in the user's language, from its path and the parser's message: which field is
 * missing or wrong, and in which item of a list.
 */
export function readableIssue(path: readonly PropertyKey[], message: string, t: TFunction): string {
  const field = fieldName(path, t);
  if (field === undefined) {
    return capitalise(/received undefined$/.test(message) ? t('zodIssues.empty') : t('zodIssues.wrongData'));
  }
  const key = /received undefined$/.test(message)
    ? 'missing'
    : /^Invalid (input: expected [a-z]+, received|type)/.test(message)
      ? 'wrongType'
      : /^Invalid (input: expected "|option|value|discriminator)/.test(message)
        ? 'notAllowed'
        : /^Too (small|big)/.test(message)
          ? 'outOfRange'
          : /^Unrecognized key/.test(message)
            ? 'unknownField'
            : 'invalid';
  const text = capitalise(t(`zodIssues.${key}`, { field }));
  const index = path.find((part): part is number => typeof part === 'number');
  return index === undefined ? text : t('zodIssues.atItem', { text, n: index + 1 });
}

/** A zod issue as a short sentence. */
export function readableZodIssue(issue: z.core.$ZodIssue, t: TFunction): string {
  return readableIssue(issue.path, issue.message, t);
}

/**
 * A validation text in the parser's words, `path: message` (`storeCredentials.storeHash: Invalid input: expected
 * string, received undefined`, as server/errors.ts `inputError` words zod's own issues, or `templates[1].snapshot:
 * …` as `issueText` does), or zod's message alone for the data as a whole, as a short sentence; undefined for any
 * other text (the server's own messages already read well).
 */
export function readableServerIssue(text: string, t: TFunction): string | undefined {
  if (ZOD_TEXT.test(text)) return readableIssue([], text, t);
  const match = /^([A-Za-z0-9_.[\]-]+): (.+)$/s.exec(text);
  if (!match?.[1] || !match[2] || !ZOD_TEXT.test(match[2])) return undefined;
  const path =
    match[1] === 'request'
      ? []
      : match[1]
          .replace(/\[(\d+)\]/g, '.$1')
          .split('.')
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return readableIssue(path, match[2], t);
}

/**
 * What a JSON parser's message says, in the reader's words: where the text stops being JSON ('Expected ',' or '}'
 * after property value in JSON at position 20 (line 1 column 21)' becomes 'the text is not JSON from line 1, column
 * 21'), or that it ends too soon. A message that is no parser's (a worker that failed) is kept as it is.
 */
export function readableJsonError(message: string, t: TFunction): string {
  if (/Unexpected end of JSON input|Unterminated string/.test(message)) return t('zodIssues.notJsonEnd');
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn?.[1] && lineColumn[2]) {
    return t('zodIssues.notJsonAt', { line: Number(lineColumn[1]), column: Number(lineColumn[2]) });
  }
  const position = /at position (\d+)/.exec(message);
  if (position?.[1]) return t('zodIssues.notJsonAtCharacter', { n: Number(position[1]) + 1 });
  return /JSON|Unexpected token|Expected/.test(message) ? t('zodIssues.notJsonText') : message;
}
