// Test support for the accounts issue: a real SMTP sink (smtp-server on loopback) and a small browser-like client
// that keeps cookies, sends the app's Origin and a client address (X-Forwarded-For, trusted from loopback).
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { startTestServer, type DatabaseKind, type TestServer } from './harness';

export type SinkMail = { to: string; subject: string; text: string; raw: string };

export type SmtpSink = {
  url: string;
  mails: SinkMail[];
  /** Resolves with the first mail (already received or still to come) that matches. */
  waitFor(match: (mail: SinkMail) => boolean): Promise<SinkMail>;
  close(): Promise<void>;
};

/**
 * The app that sends its mail to an SMTP sink, for one test file on one database kind: both started before the tests
 * (the app with `env()` on top of `SMTP_URL`) and stopped after. Hooks a test file registers before this call run
 * before the start and after the stop. `server` and `sink` are there once the tests run.
 */
export function useMailingTestServer(kind: DatabaseKind, env: () => Record<string, string> = () => ({})) {
  let sink: SmtpSink | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, { SMTP_URL: sink.url, ...env() });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the test server is not started yet');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get sink() {
      return started(sink);
    },
  };
}

/**
 * A mailing test server on a data folder of its own (made before it starts, removed after it stops), and `newUser()`:
 * a new user on a client of their own, signed up with an email of `label` and a counter and verified through the
 * mailed link (access tokens and snapshots need a verified address: issue 41). `env` adds to the server's settings.
 */
export function useUsersTestServer(kind: DatabaseKind, label: string, env: Record<string, string> = {}) {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `bct-${label}-`));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  // Many sign-ups from one address in a minute: the files sign up a user a test, past the default limit of 5.
  const app = useMailingTestServer(kind, () => ({ DATA_DIR: dataDir, AUTH_RATE_LIMIT: '100', ...env }));
  let counter = 0;
  const newUser = async () => {
    const input = { name: 'Test User', email: `${label}-${++counter}@example.com`, password: 'secret-1' };
    const client = new TestClient(app.server);
    await signUpVerified(client, app.sink, input);
    const session = await client.session();
    if (!session) throw new Error('no session');
    return { client, email: input.email, id: session.user.id };
  };
  return { app, newUser };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const waiters: { match: (mail: SinkMail) => boolean; resolve: (mail: SinkMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (match) => {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for our own mails: headers, and the text/plain part (quoted-printable decoded). */
function parseMail(raw: string): SinkMail {
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim() ?? '';
  const to = /<([^>]+)>/.exec(header('To'))?.[1] ?? header('To');
  const textPart = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw)?.[1] ?? raw;
  const text = decodeQuotedPrintable(textPart);
  return { to, subject: decodeHeader(header('Subject')), text, raw };
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return value;
  }
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
    decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The first http(s) link in a mail's text. */
export function linkIn(mail: { text: string }): string {
  const link = /(https?:\/\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`No link in mail: ${mail.text}`);
  return link;
}

let nextAddress = 1;

/** A browser-like client: a cookie jar, the app's Origin on writes, and its own client address. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    private readonly server: TestServer,
    options: { ip?: string } = {},
  ) {
    this.ip = options.ip ?? `203.0.113.${nextAddress++ % 250}`;
  }

  /** The server's origin: what a browser resolves the app's same-origin addresses against. */
  get origin(): string {
    return this.server.url;
  }

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', this.server.url);
    headers.set('x-forwarded-for', this.ip);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await this.server.request(path, { ...init, headers, body, redirect: 'manual' });
    this.keepCookies(res);
    return res;
  }

  post(path: string, json: unknown = {}, init: RequestInit = {}) {
    return this.request(path, { ...init, method: 'POST', json });
  }

  async signUp(input: { name: string; email: string; password: string }) {
    return this.post('/api/auth/sign-up/email', { ...input, callbackURL: '/' });
  }

  async signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  async session(): Promise<SessionBody | null> {
    const res = await this.request('/api/auth/get-session');
    return sessionBodySchema.nullable().parse(await res.json());
  }

  private keepCookies(res: Response) {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export const sessionBodySchema = z.object({
  session: z.object({ userId: z.string(), impersonatedBy: z.string().nullish() }),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.string().nullish(),
    banned: z.boolean().nullish(),
  }),
});
export type SessionBody = z.infer<typeof sessionBodySchema>;

export const errorSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  error: z.string().optional(),
});

/** Signs up on a client of its own (the address left unverified): the client, signed in, the email and the user's id. */
export async function signedUpUser(
  server: TestServer,
  input: { name: string; email: string; password: string },
): Promise<{ client: TestClient; email: string; id: string }> {
  const client = new TestClient(server);
  const res = await client.signUp(input);
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const session = await client.session();
  if (!session) throw new Error('no session');
  return { client, email: input.email, id: session.user.id };
}

/** Signs up and clicks the verification link that arrived at the sink. */
export async function signUpVerified(
  client: TestClient,
  sink: SmtpSink,
  input: { name: string; email: string; password: string },
): Promise<void> {
  const res = await client.signUp(input);
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await sink.waitFor((m) => m.to === input.email && /verify/i.test(m.subject));
  const verified = await client.request(new URL(linkIn(mail)).pathname + new URL(linkIn(mail)).search);
  if (verified.status !== 302)
    throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  await completeAdminPasswordStep(client, verified, input);
}

/**
 * An ADMIN_EMAILS address is sent on from its verification link to set the password (issue 9, point 6): set it (the
 * same one) and sign in again, as the owner would.
 */
export async function completeAdminPasswordStep(
  client: TestClient,
  verified: Response,
  input: { email: string; password: string },
): Promise<boolean> {
  const location = new URL(verified.headers.get('location') ?? '/', 'http://x');
  if (location.pathname !== '/auth/reset-password' || location.searchParams.get('admin') !== '1')
    return false;
  const reset = await client.post('/api/auth/reset-password', {
    token: location.searchParams.get('token'),
    newPassword: input.password,
  });
  if (reset.status !== 200) throw new Error(`password step failed: ${reset.status} ${await reset.text()}`);
  const signedIn = await client.signIn(input.email, input.password);
  if (signedIn.status !== 200) throw new Error(`sign-in after the password step failed: ${signedIn.status}`);
  return true;
}
