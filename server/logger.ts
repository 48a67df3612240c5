import pino from 'pino';

/** Paths whose values never reach the logs (tokens, passwords, cookies), wherever they appear in a log object. */
export const REDACT_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'apiToken',
  'access_token',
  'authorization',
  'cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.apiToken',
  '*.access_token',
  '*.authorization',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'headers["x-auth-token"]',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-auth-token"]',
  'res.headers["set-cookie"]',
];

export type Logger = pino.Logger;

/** Tokens that travel in a path segment (Better Auth's password-reset link) never reach the access log. */
export function redactPath(path: string): string {
  return path.replace(/(\/reset-password\/)[^/]+/, '$1[redacted]');
}

/**
 * Errors as log objects without the values of a failed query: Drizzle's errors carry the SQL parameters (a name, an
 * email, a hash) in `params` and at the end of their message (issue 9, point 11).
 */
export function serializeError(error: unknown): Record<string, unknown> {
  const base = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    if (key === 'params' || key === 'parameters' || key === 'values') continue;
    out[key] = typeof value === 'string' ? value.replace(/\nparams:[^\n]*/g, '\nparams: [redacted]') : value;
  }
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error) out.cause = serializeError(cause);
  return out;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: serializeError },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
