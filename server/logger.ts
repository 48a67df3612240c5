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

/** One access log line: what the app's request log middleware writes for every request. */
export type AccessLogEntry = { reqId: string; method: string; path: string; status: number; ms: number };

/**
 * Writes access log lines through the app's logger (same destination, level, timestamp) without the redaction pass:
 * its five fields are fixed, none is named like a redacted path, and the path goes through `redactPath` first, so
 * the redactor would never change a byte of the line, yet it cost about 14 µs a line, most of a `GET /api/health`
 * (issue 29). Anything else logged still goes through the redacting logger.
 */
export function createAccessLog(logger: Logger): (entry: AccessLogEntry) => void {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { write(line: string): unknown } | undefined;
  if (!stream) {
    const access = logger.child({}, { redact: [] });
    return (entry) => access.info({ ...entry, path: redactPath(entry.path) }, 'request');
  }
  // The line pino would write, to the logger's own destination, built as one string: pino's generic serialisation of
  // the object (its keys, the level's label lookup, a time string per line) was a third of the cost left per health
  // poll (issue 29). Same fields, order and format as `access.info(entry, 'request')`; the time string is made once
  // per millisecond.
  const level = pino.levels.values.info ?? 30;
  let timeMs = -1;
  let timeText = '';
  return (entry) => {
    if (!logger.isLevelEnabled('info')) return;
    const now = Date.now();
    if (now !== timeMs) {
      timeMs = now;
      timeText = new Date(now).toISOString();
    }
    stream.write(
      `{"level":${level},"time":"${timeText}","reqId":${JSON.stringify(entry.reqId)},"method":${JSON.stringify(entry.method)},"path":${JSON.stringify(redactPath(entry.path))},"status":${entry.status},"ms":${entry.ms},"msg":"request"}\n`,
    );
  };
}

/** Log lines are written to stdout in batches of about this many bytes (about 20 access log lines)… */
const LOG_BATCH_BYTES = 4096;
/** …or after this long, whichever comes first: a line reaches the terminal or the log collector within 100 ms. */
const LOG_FLUSH_MS = 100;

/**
 * The app's logger: JSON lines with secrets redacted (`REDACT_PATHS`, `serializeError`), to `destination` (tests) or
 * to stdout. Stdout is written asynchronously in batches (pino's SonicBoom with `minLength` and `periodicFlush`): one
 * write per line cost a system call and a round trip through libuv's thread pool per request, about 5 µs of a health
 * poll (issue 29). Every line is still written: the batch is flushed at least every 100 ms and, synchronously, when
 * the process exits (pino registers that for an asynchronous destination); only a SIGKILL can lose the last 100 ms.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: serializeError },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ??
      pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}
