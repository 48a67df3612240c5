// Issue 9, point 8: when a store's quota (here, its latency) is the bottleneck, requests do not queue without limit:
// the excess is answered at once with 429 and Retry-After, and one caller's backlog does not starve another caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONNECTION_PATH } from '../../../common/contracts/stores';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { demoControl } from '../../test/store-tools';

describe.each(testDatabaseKinds())('a busy store (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUSTED_PROXIES: '127.0.0.1' });
    await demoControl(server, '/reset', { method: 'POST' });
    const res = await demoControl(server, '/settings', {
      method: 'PUT',
      // Slow enough that no call ends while the flood is still arriving, even on a busy machine.
      body: JSON.stringify({ latencyMs: 1_000, quota: 100_000 }),
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await server.stop();
  });

  const testConnection = (address: string) =>
    server.request(TEST_CONNECTION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': address },
      body: JSON.stringify({ storeHash: 'sandbox-demo', accessToken: 'demo-token' }),
    });

  it('refuses one caller’s excess at once and still serves another caller before that backlog', async () => {
    const finished: string[] = [];
    let refusedSoFar = 0;
    const flood = Array.from({ length: 30 }, (_, i) =>
      testConnection('203.0.113.10').then(async (res) => {
        const body = (await res.json()) as Record<string, unknown>;
        finished.push(`a${i}`);
        if (res.status === 429) refusedSoFar += 1;
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
      }),
    );
    // The other caller comes once the flood is queued: the excess is refused only when the caller's places (3 in
    // flight, 16 waiting) are all taken, so 11 refusals mean that all 30 requests have reached the queue.
    await waitFor(() => refusedSoFar, {
      what: 'the flood to fill the queue (11 requests refused at once)',
      until: (refused) => refused >= 11,
    });
    const other = testConnection('198.51.100.20').then(async (res) => {
      finished.push('b');
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    });
    const answers = await Promise.all(flood);
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    // 3 in flight and 16 waiting for this caller; the rest answered at once.
    expect(served).toHaveLength(19);
    expect(refused).toHaveLength(11);
    for (const answer of served) expect(answer.body).toMatchObject({ success: true });
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.body).toMatchObject({ success: false, code: 'bc_busy' });
      expect(String(answer.body.error)).toMatch(/^Too many requests are waiting for this store right now\./);
    }
    expect((await other).body).toMatchObject({ success: true });
    // The second caller was not put behind the first caller's whole backlog.
    expect(finished.indexOf('b')).toBeLessThan(finished.length - 5);
  });
});
