// An access token travels in the `X-Auth-Token` header. BigCommerce's tokens are letters and digits; a header value
// with control characters or text outside Latin-1 cannot be sent at all (the request fails before it leaves, and a
// retry loop would only repeat that), so both sides refuse it up front (issue 9, point 10).
export const ACCESS_TOKEN_PATTERN = /^[\x21-\x7E]+$/;

export const ACCESS_TOKEN_INVALID_MESSAGE =
  'API Token may only contain letters, digits and symbols: no spaces, line breaks or accented letters';

export function isValidAccessToken(value: unknown): value is string {
  return typeof value === 'string' && ACCESS_TOKEN_PATTERN.test(value);
}
