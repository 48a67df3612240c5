/** The error body every `/api` route answers with (STYLE.md §3): a text fit to show a user, and a stable code. */
export type ApiErrorBody = { error: string; code: string };

export const API_ERROR_CODES = {
  notFound: 'not_found',
  malformedJson: 'malformed_json',
  payloadTooLarge: 'payload_too_large',
  invalidInput: 'invalid_input',
  internal: 'internal',
  unavailable: 'unavailable',
  loopbackOnly: 'loopback_only',
} as const;
