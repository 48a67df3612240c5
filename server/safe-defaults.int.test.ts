// Issue 9, points 1, 9 and 14: development helpers answer only callers on this machine, whatever the mode, and an
// early answer never drops the connection of a client still sending its body. Issue 26, point 9: and only when the
// caller names the machine by a loopback host (DNS rebinding from a browser here sends another site's name).
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponseSchema } from '../common/contracts/dev-outbox';
import { linkIn, TestClient } from './test/accounts';
import { getWithHost } from './test/get-with-host';
import { startTestServer, testDatabaseKinds, type TestServer } from './test/harness';

/** This machine's first non-loopback IPv4 address (a caller through it is not local), if it has one. */
function externalAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

type Answer = { status: number; body: Record<string, unknown> | string };

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: res.status, body: text };
  }
}

const LOOPBACK_ONLY = (what: string) => ({
  status: 403,
  body: { code: 'loopback_only', error: `${what} answers only on the machine the app runs on (loopback).` },
});

const LOOPBACK_HOST_ONLY = (what: string, hostname: string) => ({
  status: 403,
  body: {
    code: 'loopback_only',
    error: `${what} answers only at a loopback address (localhost, 127.0.0.1 or [::1]), not at ${hostname}.`,
  },
});

/** `getWithHost`'s answer with its JSON body read. */
async function getJsonWithHost(url: string, path: string, host: string): Promise<Answer> {
  const { status, text } = await getWithHost(url, path, host);
  try {
    return { status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status, body: text };
  }
}

describe.each(testDatabaseKinds())('development helpers on %s', (kind) => {
  let server: TestServer;
  const external = externalAddress();

  beforeAll(async () => {
    // Listening on every interface, as an exposed instance would; TRUSTED_PROXIES as behind a local proxy.
    server = await startTestServer(kind, { HOST: '0.0.0.0', TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('does not hand a password-reset link to a remote caller (the takeover of issue 9)', async () => {
    const victim = new TestClient(server);
    const email = `victim-${kind}@example.com`;
    expect((await victim.signUp({ name: 'Victim', email, password: 'victim-pass-1' })).status).toBe(200);

    // The attacker asks for a reset link for the victim (allowed: it is mailed to the victim)...
    const attacker = new TestClient(server);
    const asked = await attacker.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/auth/reset-password' },
    });
    expect(asked.status).toBe(200);

    // ...but the outbox does not answer them: neither through a proxy (X-Forwarded-For) nor over the network.
    const query = `/api/dev/outbox?to=${encodeURIComponent(email)}`;
    expect(await answer(await attacker.request(query))).toEqual(LOOPBACK_ONLY('The development outbox'));
    expect(await answer(await attacker.request('/dev/outbox'))).toEqual(
      LOOPBACK_ONLY('The development outbox'),
    );
    if (external) {
      const port = new URL(server.url).port;
      const remote = await answer(await fetch(`http://${external}:${port}${query}`));
      expect(remote).toEqual(LOOPBACK_ONLY('The development outbox'));
      const page = await answer(await fetch(`http://${external}:${port}/dev/outbox`));
      expect(page).toEqual(LOOPBACK_ONLY('The development outbox'));
    }

    // The person at this machine still reads the mails (a new user verifies from here).
    const local = await server.request(query);
    expect(local.status).toBe(200);
    const { mails } = outboxResponseSchema.parse(await local.json());
    expect(mails.map((m) => m.subject)).toEqual([
      'Reset your BC Toolbox password',
      'Verify your email for BC Toolbox',
    ]);
    expect(linkIn(mails[0] ?? { text: '' })).toContain('/api/auth/reset-password/');
    expect((await server.request('/dev/outbox')).status).toBe(200);
  });

  it('answers the sandbox control API on loopback only', async () => {
    const remoteViaProxy = await server.request('/sandbox/__control/stores', {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(await answer(remoteViaProxy)).toEqual(LOOPBACK_ONLY('The sandbox control API'));
    const reset = await server.request('/sandbox/__control/stores/sandbox-demo/reset', {
      method: 'POST',
      headers: { forwarded: 'for=198.51.100.7' },
    });
    expect(await answer(reset)).toEqual(LOOPBACK_ONLY('The sandbox control API'));
    if (external) {
      const port = new URL(server.url).port;
      const remote = await fetch(
        `http://${external}:${port}/sandbox/__control/stores/sandbox-demo/settings`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ latencyMs: 60_000 }),
        },
      );
      expect(await answer(remote)).toEqual(LOOPBACK_ONLY('The sandbox control API'));
    }
    const local = await server.request('/sandbox/__control/stores/sandbox-demo/settings');
    expect(local.status).toBe(200);
    expect(((await local.json()) as { data: { latencyMs: number } }).data.latencyMs).toBe(0);
  });

  it('answers a loopback caller only when it names a loopback host (DNS rebinding sends another name)', async () => {
    const port = new URL(server.url).port;
    const helpers = [
      ['/api/dev/outbox', 'The development outbox'],
      ['/dev/outbox', 'The development outbox'],
      ['/sandbox/__control/stores/sandbox-demo/settings', 'The sandbox control API'],
    ] as const;
    const foreign: Array<[host: string, hostname: string]> = [
      ['attacker.example', 'attacker.example'],
      [`attacker.example:${port}`, 'attacker.example'],
      [`evil.localhost:${port}`, 'evil.localhost'],
      [`localhost.attacker.example:${port}`, 'localhost.attacker.example'],
      [`127.0.0.1.nip.io:${port}`, '127.0.0.1.nip.io'],
      [`10.0.0.1:${port}`, '10.0.0.1'],
    ];
    for (const [path, what] of helpers) {
      for (const [host, hostname] of foreign) {
        expect(await getJsonWithHost(server.url, path, host), `${path} as ${host}`).toEqual(
          LOOPBACK_HOST_ONLY(what, hostname),
        );
      }
      for (const host of [
        `127.0.0.1:${port}`,
        `localhost:${port}`,
        'LOCALHOST',
        `127.8.9.10:${port}`,
        `[::1]:${port}`,
      ]) {
        expect((await getWithHost(server.url, path, host)).status, `${path} as ${host}`).toBe(200);
      }
    }
  });
});

/**
 * Sends a request whose body trickles in over about 1.5 s and reads what comes back: the full answer, or the error
 * the socket ended with.
 */
function slowUpload(
  url: string,
  request: { method: string; path: string; headers: Record<string, string>; bodyBytes: number },
): Promise<{ head: string; error?: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      socket.destroy();
      resolve({ head: received, ...(error ? { error } : {}) });
    };
    const headers = {
      ...request.headers,
      host: `${hostname}:${port}`,
      'content-length': String(request.bodyBytes),
    };
    socket.write(
      `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(Math.ceil(request.bodyBytes / 15), 'a');
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= request.bodyBytes) {
        clearInterval(timer);
        if (isComplete()) finish();
        return;
      }
      const part = chunk.subarray(0, Math.min(chunk.length, request.bodyBytes - sent));
      sent += part.length;
      socket.write(part, (err) => {
        if (err) finish(`write: ${err.message}`);
      });
    }, 100);
    // Done once the whole body is sent and the whole answer is in; a close or reset before that is the failure.
    const isComplete = () => {
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      return end >= 0 && length !== undefined && received.length - end - 4 >= Number(length);
    };
    socket.on('data', (data: Buffer) => {
      received += data.toString('utf8');
      if (isComplete() && sent >= request.bodyBytes) finish();
    });
    socket.on('error', (err) => finish(`socket: ${err.message}`));
    socket.on('close', () => finish(`closed after ${sent} of ${request.bodyBytes} bytes`));
  });
}

describe('an early answer to a slow upload (point 14)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('reads the whole body before answering 401, so the client gets the answer, not a reset', async () => {
    const sandbox = await slowUpload(server.url, {
      method: 'PUT',
      path: '/sandbox/stores/sandbox-demo/v3/catalog/products',
      headers: { 'content-type': 'application/json', 'x-auth-token': 'wrong' },
      bodyBytes: 300_000,
    });
    expect(sandbox.error).toBeUndefined();
    expect(sandbox.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(sandbox.head).toContain('"title":"Unauthorized"');

    const api = await slowUpload(server.url, {
      method: 'POST',
      path: '/api/user/stores',
      headers: { 'content-type': 'text/plain', origin: server.url },
      bodyBytes: 300_000,
    });
    expect(api.error).toBeUndefined();
    expect(api.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(api.head).toContain('Please log in first');
  });
});
