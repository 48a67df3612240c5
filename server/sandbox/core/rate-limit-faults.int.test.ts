// Rate-limit headers and 429s, and the control API's faults (5xx ratio, 429 storms, dropped connections).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidStoreHash } from '../../../common/stores/store-hash';
import type { StoreStatsSnapshot } from './stats';
import { bcErrorAnswer, startSandboxServer, type RunningSandbox } from '../test-server';

let sb: RunningSandbox;
let clockMs = Date.UTC(2026, 0, 15, 12, 0, 0);

const products = () =>
  fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products?limit=1&include_fields=id`, {
    headers: { 'X-Auth-Token': 'demo-token', Accept: 'application/json' },
  });

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sb.controlUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

type Stats = StoreStatsSnapshot;
const stats = async () => (await control('GET', '/stores/sandbox-demo/stats')).body.data as unknown as Stats;

beforeAll(async () => {
  sb = await startSandboxServer({ clock: () => clockMs });
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.sandbox.reset('sandbox-demo');
  clockMs += 3_600_000;
});

describe('rate limits', () => {
  it('sends the four X-Rate-Limit headers on every answer, 150 per 30 s by default', async () => {
    const res = await products();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-rate-limit-time-window-ms')).toBe('30000');
    expect(res.headers.get('x-rate-limit-time-reset-ms')).toBe('30000');
    expect(res.headers.get('x-rate-limit-requests-quota')).toBe('150');
    expect(res.headers.get('x-rate-limit-requests-left')).toBe('149');
    expect(res.headers.get('x-retry-after')).toBeNull();
    clockMs += 10_000;
    const later = await fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products/1`, {
      headers: { 'X-Auth-Token': 'demo-token' },
    });
    expect(later.status).toBe(404);
    expect(later.headers.get('x-rate-limit-time-reset-ms')).toBe('20000');
    expect(later.headers.get('x-rate-limit-requests-left')).toBe('148');
  });

  it('answers 429 over the quota, counting failed requests too, until the window ends', async () => {
    expect(
      (await control('PUT', '/stores/sandbox-demo/settings', { quota: 3, windowMs: 10_000 })).status,
    ).toBe(200);
    const unauthorised = await fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products`, {
      headers: { 'X-Auth-Token': 'wrong' },
    });
    expect(unauthorised.status).toBe(401);
    expect((await products()).status).toBe(200);
    clockMs += 4_000;
    const third = await products();
    expect(third.status).toBe(200);
    expect(third.headers.get('x-rate-limit-requests-left')).toBe('0');
    const limited = await products();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(bcErrorAnswer(429, 'Too many requests'));
    expect(limited.headers.get('x-rate-limit-requests-quota')).toBe('3');
    expect(limited.headers.get('x-rate-limit-requests-left')).toBe('0');
    expect(limited.headers.get('x-rate-limit-time-reset-ms')).toBe('6000');
    expect(limited.headers.get('x-rate-limit-time-window-ms')).toBe('10000');
    expect(limited.headers.get('x-retry-after')).toBe('6');
    clockMs += 6_000;
    const fresh = await products();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-rate-limit-requests-left')).toBe('2');
    const s = await stats();
    expect(s.requests).toBe(5);
    expect(s.byStatus).toEqual({ '200': 3, '401': 1, '429': 1 });
    expect(s.rateLimited).toBe(1);
    expect(s.byRoute).toEqual({ 'GET /stores/:hash/v3/catalog/products': 3 });
  });
});

describe('faults', () => {
  it('answers every other request with 500 at an error rate of 0.5', async () => {
    await control('PUT', '/stores/sandbox-demo/settings', { errorRate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await products();
      statuses.push(res.status);
      if (res.status === 500) {
        expect(await res.json()).toEqual(bcErrorAnswer(500, 'Internal Server Error'));
        expect(res.headers.get('x-rate-limit-requests-quota')).toBe('150');
      }
    }
    expect(statuses).toEqual([200, 500, 200, 500, 200, 500]);
    expect((await stats()).injectedErrors).toBe(3);
  });

  it('answers a storm of 429s with rate-limit headers, then recovers', async () => {
    await control('PUT', '/stores/sandbox-demo/settings', { storm: { count: 2, resetMs: 1200 } });
    const first = await products();
    expect(first.status).toBe(429);
    expect(first.headers.get('x-rate-limit-time-reset-ms')).toBe('1200');
    expect(first.headers.get('x-rate-limit-requests-left')).toBe('0');
    expect(first.headers.get('x-retry-after')).toBe('2');
    expect((await products()).status).toBe(429);
    expect((await products()).status).toBe(200);
    expect((await stats()).rateLimited).toBe(2);
  });

  it('drops the connection without an answer, then serves the next request', async () => {
    await control('PUT', '/stores/sandbox-demo/settings', { dropNext: 1 });
    await expect(products()).rejects.toThrow('fetch failed');
    expect((await products()).status).toBe(200);
    const s = await stats();
    expect(s.dropped).toBe(1);
    expect(s.requests).toBe(2);
  });

  it('with dropPhase "after", applies the write and then loses the answer', async () => {
    await control('PUT', '/stores/sandbox-demo/settings', {
      dropNext: 1,
      dropPhase: 'after',
      match: { method: 'PUT' },
    });
    const put = () =>
      fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products`, {
        method: 'PUT',
        headers: { 'X-Auth-Token': 'demo-token', 'Content-Type': 'application/json' },
        body: JSON.stringify([{ id: 78, page_title: 'Written once' }]),
      });
    await expect(put()).rejects.toThrow('fetch failed');
    const product = await fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products/78`, {
      headers: { 'X-Auth-Token': 'demo-token' },
    });
    expect(((await product.json()) as { data: { page_title: string } }).data.page_title).toBe('Written once');
    const s = (await control('GET', '/stores/sandbox-demo/stats')).body.data as unknown as Stats;
    expect(s.dropped).toBe(1);
    expect(s.productWrites).toEqual({ '78': 1 });
    expect(s.byRoute).toEqual({
      'PUT /stores/:hash/v3/catalog/products': 1,
      'GET /stores/:hash/v3/catalog/products/:product_id': 1,
    });
  });

  it('applies faults only to matching requests', async () => {
    await control('PUT', '/stores/sandbox-demo/settings', {
      errorNext: 1,
      errorStatus: 503,
      match: { method: 'PUT', path: '/catalog/products' },
    });
    expect((await products()).status).toBe(200);
    const res = await fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products`, {
      method: 'PUT',
      headers: { 'X-Auth-Token': 'demo-token', 'Content-Type': 'application/json' },
      body: JSON.stringify([{ id: 77, page_title: 'x' }]),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    const product = await fetch(`${sb.storeUrl('sandbox-demo')}/v3/catalog/products/77`, {
      headers: { 'X-Auth-Token': 'demo-token' },
    });
    expect(((await product.json()) as { data: { page_title: string } }).data.page_title).not.toBe('x');
  });

  it('validates settings and reports them back', async () => {
    const bad = await control('PUT', '/stores/sandbox-demo/settings', { errorRate: 2 });
    expect(bad.status).toBe(422);
    const ok = await control('PUT', '/stores/sandbox-demo/settings', { latencyMs: 5, quota: 450 });
    expect(ok.body.data).toMatchObject({
      quota: 450,
      windowMs: 30_000,
      latencyMs: 5,
      errorRate: 0,
      storm: { count: 0 },
    });
    expect((await control('POST', '/stores/nope/reset')).status).toBe(404);
  });

  it('creates an extra store through the control API', async () => {
    const created = await control('POST', '/stores', { hash: 'extra1', token: 'extra-token', kind: 'empty' });
    expect(created.status).toBe(201);
    const res = await fetch(`${sb.storeUrl('extra1')}/v2/store`, {
      headers: { 'X-Auth-Token': 'extra-token' },
    });
    expect(((await res.json()) as { id: string }).id).toBe('extra1');
  });

  it('accepts exactly the store hashes the client accepts', async () => {
    const accepted = ['abc123', 'sandbox-x', 'sandbox-shop-2', 'a'.repeat(64)];
    const refused = [
      'Abc123',
      'abc_123',
      'abc-123',
      '-abc',
      'sandbox-',
      'sandbox-x-',
      'sandbox--x',
      'a'.repeat(65),
      '',
    ];
    for (const hash of [...accepted, ...refused]) {
      const created = await control('POST', '/stores', { hash, token: 'extra-token', kind: 'empty' });
      expect([hash, created.status]).toEqual([hash, isValidStoreHash(hash) ? 201 : 422]);
      expect([hash, isValidStoreHash(hash)]).toEqual([hash, accepted.includes(hash)]);
    }
    const refusal = await control('POST', '/stores', { hash: 'Shop_1', token: 'extra-token' });
    expect(refusal.body).toMatchObject({
      status: 422,
      title: expect.stringContaining('hash: must be') as string,
    });
  });
});
