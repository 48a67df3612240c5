import { describe, expect, it } from 'vitest';
import { createFakeClock } from './clock';
import { StoreScheduler } from './scheduler';
import { drive, fakeFetch, fetchFailure, json, rejectionOf, type FakeAnswer } from './test-support';
import {
  backoffMs,
  classifyFetchError,
  DEFAULT_RETRY_POLICY,
  sendWithRetries,
  TransportError,
  type OutgoingRequest,
  type TransportEvent,
} from './transport';

const rateHeaders = (left: number, resetMs: number) => ({
  'X-Rate-Limit-Requests-Left': String(left),
  'X-Rate-Limit-Requests-Quota': '150',
  'X-Rate-Limit-Time-Window-Ms': '30000',
  'X-Rate-Limit-Time-Reset-Ms': String(resetMs),
});

function setup(answers: FakeAnswer[], method = 'GET', idempotent = method !== 'POST') {
  const clock = createFakeClock();
  const scheduler = new StoreScheduler({ clock });
  const fake = fakeFetch(answers);
  const events: TransportEvent[] = [];
  const req: OutgoingRequest = { method, url: 'https://bc.test/stores/abc/v3/x', headers: {}, idempotent };
  const send = (signal?: AbortSignal) =>
    sendWithRetries(req, {
      scheduler,
      clock,
      fetch: fake.fetch,
      policy: DEFAULT_RETRY_POLICY,
      random: () => 1,
      timeoutMs: 0,
      signal,
      onEvent: (e) => events.push(e),
    });
  return { clock, scheduler, fake, events, send };
}

describe('sendWithRetries: 429', () => {
  it('waits X-Rate-Limit-Time-Reset-Ms, then sends the request once more', async () => {
    const t = setup([json(429, {}, rateHeaders(0, 7_000)), json(200, { data: 1 }, rateHeaders(149, 30_000))]);
    const result = await drive(t.clock, t.send());
    expect(result).toMatchObject({ status: 200, retries: 1, rateLimitRetries: 1 });
    expect(t.fake.requests).toHaveLength(2);
    expect(t.clock.sleeps).toEqual([7_000]);
  });

  it('honours the longer of the reset header and X-Retry-After', async () => {
    const t = setup([
      json(429, {}, { ...rateHeaders(0, 7_000), 'X-Retry-After': '15' }),
      json(200, {}, rateHeaders(149, 30_000)),
    ]);
    await drive(t.clock, t.send());
    expect(t.clock.sleeps).toEqual([15_000]);
  });

  it('retries a POST after 429 (BigCommerce refused it before doing anything)', async () => {
    const t = setup([json(429, {}, rateHeaders(0, 2_000)), json(201, { data: { id: 1 } })], 'POST');
    const result = await drive(t.clock, t.send());
    expect(result.status).toBe(201);
    expect(t.fake.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('without rate-limit headers (platform overload) waits with backoff from the fallback', async () => {
    const t = setup([json(429, {}), json(429, {}), json(200, {})]);
    await drive(t.clock, t.send());
    // random() = 1: the full step, 5 s then 10 s.
    expect(t.clock.sleeps).toEqual([5_000, 10_000]);
  });

  it('gives up after maxRateLimitRetries and returns the last 429', async () => {
    const answers = Array.from({ length: 7 }, () => json(429, {}, rateHeaders(0, 1_000)));
    const t = setup(answers);
    const result = await drive(t.clock, t.send());
    expect(result).toMatchObject({ status: 429, retries: 6, rateLimitRetries: 6 });
    expect(t.fake.requests).toHaveLength(7);
  });
});

describe('sendWithRetries: 5xx and dropped connections', () => {
  it('retries 5xx on GET with bounded exponential backoff', async () => {
    const t = setup(Array.from({ length: 5 }, () => json(503, {})));
    const result = await drive(t.clock, t.send());
    expect(result).toMatchObject({ status: 503, retries: 4 });
    expect(t.fake.requests).toHaveLength(5);
    expect(t.clock.sleeps).toEqual([500, 1_000, 2_000, 4_000]);
    expect(
      t.events.filter((e) => e.type === 'retry').map((e) => (e.type === 'retry' ? e.reason : '')),
    ).toEqual(['server_error', 'server_error', 'server_error', 'server_error']);
  });

  it('stops retrying as soon as an answer is good', async () => {
    const t = setup([json(500, {}), json(502, {}), json(200, { ok: true })], 'PUT');
    const result = await drive(t.clock, t.send());
    expect(result).toMatchObject({ status: 200, retries: 2, text: '{"ok":true}' });
  });

  it('does not retry 4xx other than 429', async () => {
    const t = setup([json(422, {})]);
    expect((await drive(t.clock, t.send())).status).toBe(422);
    expect(t.fake.requests).toHaveLength(1);
  });

  it('does not retry a 5xx to a POST', async () => {
    const t = setup([json(500, {})], 'POST');
    expect((await drive(t.clock, t.send())).status).toBe(500);
    expect(t.fake.requests).toHaveLength(1);
  });

  it('retries a dropped connection on GET and PUT', async () => {
    for (const method of ['GET', 'PUT']) {
      const t = setup([fetchFailure('UND_ERR_SOCKET', 'other side closed'), json(200, {})], method);
      expect((await drive(t.clock, t.send())).status).toBe(200);
      expect(t.fake.requests).toHaveLength(2);
    }
  });

  it('never repeats a POST whose connection dropped after sending; says it may have been applied', async () => {
    const t = setup([fetchFailure('UND_ERR_SOCKET', 'other side closed'), json(201, {})], 'POST');
    const error = await rejectionOf(drive(t.clock, t.send()));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ mayHaveBeenApplied: true, retries: 0, failure: { phase: 'unknown' } });
    expect(t.fake.requests).toHaveLength(1);
  });

  it('repeats a POST when the connection was refused (it never reached BigCommerce)', async () => {
    const t = setup([fetchFailure('ECONNREFUSED'), json(201, {})], 'POST');
    expect((await drive(t.clock, t.send())).status).toBe(201);
    expect(t.fake.requests).toHaveLength(2);
  });

  it('gives up on network failures after maxRetries', async () => {
    const t = setup(Array.from({ length: 5 }, () => fetchFailure('ECONNRESET')));
    const error = await rejectionOf(drive(t.clock, t.send()));
    expect(error).toMatchObject({ retries: 4, mayHaveBeenApplied: false });
    expect(t.fake.requests).toHaveLength(5);
  });

  it('a cancelled request stops during its backoff and is not sent again', async () => {
    const t = setup([json(503, {}), json(200, {})]);
    const controller = new AbortController();
    const pending = t.send(controller.signal);
    await t.clock.advance(0);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(t.fake.requests).toHaveLength(1);
  });

  it('a 429 pauses the whole store, not just the request that got it', async () => {
    const t = setup([json(429, {}, rateHeaders(0, 9_000)), json(200, {}), json(200, {})]);
    const first = t.send();
    await t.clock.advance(0);
    const second = t.send();
    await t.clock.advance(8_999);
    expect(t.fake.requests).toHaveLength(1);
    await t.clock.advance(1);
    await Promise.all([first, second]);
    expect(t.fake.requests).toHaveLength(3);
  });
});

describe('helpers', () => {
  it('backoff is exponential, capped, with equal jitter', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, 500, 4_000, () => 1))).toEqual([
      500, 1_000, 2_000, 4_000, 4_000,
    ]);
    expect([0, 1, 2].map((n) => backoffMs(n, 500, 4_000, () => 0))).toEqual([250, 500, 1_000]);
  });

  it('classifies fetch failures', () => {
    expect(classifyFetchError(fetchFailure('ECONNREFUSED'), false).phase).toBe('connect');
    expect(classifyFetchError(fetchFailure('ENOTFOUND'), false).phase).toBe('connect');
    expect(classifyFetchError(fetchFailure('UND_ERR_SOCKET'), false).phase).toBe('unknown');
    expect(classifyFetchError(fetchFailure('ECONNRESET'), false).phase).toBe('unknown');
    expect(classifyFetchError(fetchFailure('ECONNREFUSED'), true)).toMatchObject({
      phase: 'unknown',
      timedOut: true,
    });
    const aggregate = new TypeError('fetch failed', {
      cause: new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]),
    });
    expect(classifyFetchError(aggregate, false).phase).toBe('connect');
    expect(classifyFetchError(fetchFailure('ECONNRESET', 'boom'), false).cause).toEqual({
      name: 'Error',
      code: 'ECONNRESET',
      message: 'boom',
    });
  });
});
