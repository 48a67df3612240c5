import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createAccessLog, createLogger, redactPath } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('logger', () => {
  it('logs a failed query without its parameters (issue 9, point 11)', () => {
    const { lines, logger } = capture();
    const failed = Object.assign(
      new Error('Failed query: update "user" set "name" = $1 where "id" = $2\nparams: Secret Name,user-42'),
      { query: 'update "user" set "name" = $1 where "id" = $2', params: ['Secret Name', 'user-42'] },
    );
    logger.error({ err: failed }, 'unhandled error');
    const line = lines.join('');
    expect(line).not.toContain('Secret Name');
    expect(line).not.toContain('user-42');
    expect(line).toContain('params: [redacted]');
    expect(line).toContain('update \\"user\\" set');
  });

  it('never writes tokens, passwords or cookies', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        accessToken: 'secret-token-1',
        store: { accessToken: 'secret-token-2', apiToken: 'secret-token-3', name: 'Shop' },
        headers: {
          cookie: 'session=secret-cookie',
          'x-auth-token': 'secret-token-4',
          authorization: 'Bearer s5',
        },
        body: { password: 'hunter2', newPassword: 'hunter3' },
      },
      'hello',
    );
    const text = lines.join('');
    for (const secret of [
      'secret-token-1',
      'secret-token-2',
      'secret-token-3',
      'secret-cookie',
      'secret-token-4',
      's5',
      'hunter2',
      'hunter3',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"name":"Shop"');
    expect(text).toContain('[redacted]');
  });
});

describe('createAccessLog', () => {
  it('writes one line per request with its five fields, through the logger, the reset token hidden', () => {
    const { lines, logger } = capture();
    const log = createAccessLog(logger);
    log({ reqId: 'r-1', method: 'GET', path: '/api/auth/reset-password/abc123', status: 302, ms: 1.5 });
    log({ reqId: 'r-2', method: 'GET', path: '/api/health', status: 200, ms: 0.2 });
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toEqual([
      {
        level: 30,
        time: expect.any(String) as string,
        reqId: 'r-1',
        method: 'GET',
        path: '/api/auth/reset-password/[redacted]',
        status: 302,
        ms: 1.5,
        msg: 'request',
      },
      expect.objectContaining({ reqId: 'r-2', path: '/api/health', status: 200 }),
    ]);
    // Below the logger's level, nothing is written.
    logger.level = 'warn';
    log({ reqId: 'r-3', method: 'GET', path: '/', status: 200, ms: 1 });
    expect(lines).toHaveLength(2);
  });
});

describe('redactPath', () => {
  it('hides a password-reset token carried in the path', () => {
    expect(redactPath('/api/auth/reset-password/abc123')).toBe('/api/auth/reset-password/[redacted]');
    expect(redactPath('/api/auth/get-session')).toBe('/api/auth/get-session');
  });
});
