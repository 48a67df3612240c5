// The text a failed server answer shows (issue 10, point 5). Every answer carries a stable `code` from the one table
// (common/errors.ts) beside an English `error` text. A user reading English sees the server's own text (spec texts
// are exact there, and it names the field or the store); a user reading another language sees the catalogue's text
// for the code, followed by the server's detail for the codes whose detail matters. An unknown code keeps the
// server's text.
import type { TFunction } from 'i18next';
import { isErrorCode, type ErrorCode } from '../../common/errors';
import { en } from '../locales/en';
import { readableJsonError, readableServerIssue } from './zod-issues';

/** Codes whose server text carries a detail worth keeping (which field, which rule BigCommerce applied). */
const DETAIL_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_input',
  'invalid_store',
  'bc_bad_request',
  'bc_conflict',
  'bc_too_large',
  'bc_invalid',
  'bc_forbidden_scope',
  'bc_plan_limit',
  'bc_invalid_request',
  'bc_http',
]);

/** The code and text of an error body (`{error, code}`, `{success: false, error, code}` or `{message, code}`). */
export function readFailure(body: unknown): { code?: string; text?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const code = typeof record.code === 'string' ? record.code : undefined;
  const text = [record.error, record.message].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  return { ...(code !== undefined ? { code } : {}), ...(text !== undefined ? { text } : {}) };
}

/** The text to show for a failure's code and server text in the user's language; undefined when there is neither. */
export function serverErrorText(
  failure: { code?: string | undefined; text?: string | undefined },
  t: TFunction,
): string | undefined {
  return serverErrorParts(failure, t).text;
}

/**
 * The text to show, and the server's own words behind a "Details" toggle where the text replaced them: a validation
 * text in the parser's words (`storeCredentials.storeHash: Invalid input: expected string, received undefined`)
 * becomes the catalogue's sentence ('The store hash is missing'), in every language (issue 31).
 */
export function serverErrorParts(
  failure: { code?: string | undefined; text?: string | undefined },
  t: TFunction,
): { text?: string; detail?: string } {
  const { code, text } = failure;
  const readable = code === 'invalid_input' && text !== undefined ? readableServerIssue(text, t) : undefined;
  if (readable !== undefined) {
    return { text: `${t('serverErrors.invalid_input')}: ${readable}`, detail: text };
  }
  // 'The request body is not valid JSON: Unexpected end of JSON input': the parser's words, said as a person would.
  const parserWords =
    code === 'malformed_json' ? text?.split(`${en.serverErrors.malformed_json}: `)[1] : undefined;
  if (parserWords) {
    return {
      text: `${t('serverErrors.malformed_json')}: ${readableJsonError(parserWords, t)}`,
      detail: text,
    };
  }
  const shown = localisedText(code, text, t);
  return shown === undefined ? {} : { text: shown };
}

function localisedText(code: string | undefined, text: string | undefined, t: TFunction): string | undefined {
  if (!isErrorCode(code)) return text;
  const translated = t(`serverErrors.${code}`);
  // The catalogue's text is the English one: the user reads English, and the server's text says more.
  if (translated === en.serverErrors[code]) return text ?? translated;
  return text && DETAIL_CODES.has(code) && text !== en.serverErrors[code]
    ? `${translated} (${text})`
    : translated;
}
