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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
