import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the defaults a fresh machine needs', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('is safe by default: loopback only, no sandbox fixtures, in every mode (issue 9)', () => {
    for (const NODE_ENV of ['development', 'production']) {
      const env = parseEnv({ NODE_ENV });
      expect(env.HOST).toBe('127.0.0.1');
      expect(env.SANDBOX).toBe(true);
      expect(env.SANDBOX_CONTROL).toBe(false);
    }
    expect(parseEnv({ HOST: '0.0.0.0', SANDBOX_CONTROL: 'on' })).toMatchObject({
      HOST: '0.0.0.0',
      SANDBOX_CONTROL: true,
    });
  });

  it('accepts PostgreSQL URLs and trims a trailing slash from PUBLIC_URL', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      PUBLIC_URL: 'https://tools.example.com/',
      PORT: '8080',
    });
    expect(env.DATABASE_URL).toBe('postgres://u:p@db:5432/app');
    expect(env.PUBLIC_URL).toBe('https://tools.example.com');
    expect(env.PORT).toBe(8080);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', PUBLIC_URL: 'nope' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems;
    expect(problems).toHaveLength(4);
    expect(problems).toContain('PORT: must be a number (got "abc")');
    expect(problems).toContain(
      'DATABASE_URL: must be a PostgreSQL URL (postgres:// or postgresql://) (got "mysql://x")',
    );
    expect(problems.find((p) => p.startsWith('LOG_LEVEL:'))).toContain('must be one of fatal, error, warn');
    expect(problems).toContain('PUBLIC_URL: must be a http(s) URL (http:// or https://) (got "nope")');
    expect((caught as EnvError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('rejects a port out of range', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow('PORT: must be between 0 and 65535');
  });
});

describe('account variables', () => {
  it('parses ADMIN_EMAILS, TRUSTED_PROXIES and the mail defaults', () => {
    const env = parseEnv({
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ',
      TRUSTED_PROXIES: '10.0.0.0/8, ::1',
    });
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
    expect(env.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1']);
    expect(env.MAIL_FROM).toBe('BC Toolbox <no-reply@localhost>');
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AUTH_RATE_LIMIT).toBe(5);
  });

  it('lists bad account variables without echoing secrets', () => {
    let caught: unknown;
    try {
      parseEnv({
        ADMIN_EMAILS: 'not-an-email',
        TRUSTED_PROXIES: '10.0.0.0/33',
        SMTP_URL: 'http://user:hunter2@mail',
        BETTER_AUTH_SECRET: 'short-secret',
      });
    } catch (error) {
      caught = error;
    }
    const problems = (caught as EnvError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'ADMIN_EMAILS: must be a comma-separated list of email addresses (got "not-an-email")',
        'TRUSTED_PROXIES: must be a comma-separated list of IP addresses or CIDR ranges (got "10.0.0.0/33")',
        'SMTP_URL: must be a SMTP URL (smtp:// or smtps://)',
        'BETTER_AUTH_SECRET: must be at least 32 characters',
      ]),
    );
    expect(problems.join('\n')).not.toMatch(/hunter2|short-secret/);
  });

  it('accepts a 32-byte STORE_TOKEN_KEY in hex or base64, and refuses others without echoing them', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(parseEnv({ STORE_TOKEN_KEY: hex }).STORE_TOKEN_KEY).toBe(hex);
    expect(parseEnv({ STORE_TOKEN_KEY: base64 }).STORE_TOKEN_KEY).toBe(base64);
    for (const bad of ['abcd', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) {
      let caught: unknown;
      try {
        parseEnv({ STORE_TOKEN_KEY: bad });
      } catch (error) {
        caught = error;
      }
      const problems = (caught as EnvError).problems;
      expect(problems).toEqual([
        'STORE_TOKEN_KEY: must be 32 bytes: 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
      ]);
    }
  });
});

describe('AI Assistant variables (issue 18)', () => {
  const problemsOf = (source: Record<string, string>) => {
    try {
      parseEnv(source);
    } catch (error) {
      return (error as EnvError).problems;
    }
    return [];
  };

  it('defaults to offline mode and 10 messages a minute', () => {
    const env = parseEnv({});
    expect(env.AI_BASE_URL).toBeUndefined();
    expect(env.AI_MODEL).toBeUndefined();
    expect(env.AI_API_KEY).toBeUndefined();
    expect(env.CHAT_RATE_LIMIT).toBe(10);
  });

  it('takes a model endpoint with or without a key', () => {
    expect(parseEnv({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.2' })).toMatchObject({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.2',
    });
    expect(
      parseEnv({
        AI_BASE_URL: 'https://api.example.com/v1',
        AI_MODEL: 'm',
        AI_API_KEY: 'sk-1',
        CHAT_RATE_LIMIT: '3',
      }),
    ).toMatchObject({ AI_API_KEY: 'sk-1', CHAT_RATE_LIMIT: 3 });
  });

  it('wants AI_BASE_URL and AI_MODEL together, and never echoes the key', () => {
    expect(problemsOf({ AI_BASE_URL: 'http://127.0.0.1:8000/v1' })).toEqual([
      'AI_MODEL: must be set with AI_BASE_URL (the model to ask)',
    ]);
    const problems = problemsOf({ AI_MODEL: 'gpt', AI_API_KEY: 'sk-secret-123' });
    expect(problems).toEqual([
      'AI_MODEL: is set but AI_BASE_URL is not (set both, or neither) (got "gpt")',
      'AI_API_KEY: is set but AI_BASE_URL is not (set both, or neither)',
    ]);
    expect(problemsOf({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toEqual([
      'AI_BASE_URL: must be a http(s) URL (http:// or https://) (got "ftp://x")',
    ]);
    expect(problemsOf({ CHAT_RATE_LIMIT: '0' })).toEqual(['CHAT_RATE_LIMIT: must be at least 1 (got "0")']);
  });
});
