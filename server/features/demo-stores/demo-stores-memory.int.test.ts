// Issue 9, point 2, memory: the requests of the probe (8 MB image uploads, concurrent huge bodies under /sandbox,
// many visitors' demo stores, deletions) leave the server's memory within the documented bound:
// at most 8 demo copies of about 7 MB each, plus what one store may hold beyond its seed (16 MB).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStoresResponseSchema, type DemoStore } from '../../../common/contracts/demo-stores';
import { startTestServer, type TestServer } from '../../test/harness';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
/** Seeds of 8 live copies (about 7 MB each), one store's full budget, and room for the app's own caches. */
const BOUND_BYTES = 8 * 7 * MB + 16 * MB + 40 * MB;

function usedBytes(): number {
  for (let i = 0; i < 3; i++) gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** A body of `size` bytes made as it is read, so the test itself holds almost none of it. */
function lazyBody(size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(MB).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) {
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe('demo stores under the probe’s load', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { SANDBOX_CONTROL: 'off' });
  });
  afterAll(async () => {
    await server.stop();
  });

  const issue = async (): Promise<DemoStore[]> => {
    const res = await server.request('/api/demo-stores', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return demoStoresResponseSchema.parse(await res.json()).stores;
  };

  it('stays within the bound', async () => {
    const [first] = await issue();
    if (!first) throw new Error('no demo store issued');
    const call = (store: DemoStore, path: string, init: RequestInit = {}) =>
      server.request(`/sandbox/stores/${store.storeHash}${path}`, {
        ...init,
        headers: { 'X-Auth-Token': store.accessToken, ...init.headers },
      });
    expect((await call(first, '/v2/store')).status).toBe(200);
    const before = usedBytes();

    // 30 image uploads of (just under) 8 MB into one store: its 16 MB budget takes two, the rest are refused.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const form = new FormData();
      form.append(
        'image_file',
        new Blob([new Uint8Array(8 * MB - 4096)], { type: 'image/png' }),
        `i${i}.png`,
      );
      const res = await call(first, '/v3/catalog/products/77/images', { method: 'POST', body: form });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(28);

    // 16 concurrent 150 MB bodies, sent in chunks: each is cut off at 10 MB.
    const huge = await Promise.all(
      Array.from({ length: 16 }, () =>
        call(first, '/v3/catalog/products', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: lazyBody(150 * MB),
          duplex: 'half',
        } as RequestInit).then(
          async (res) => {
            await res.body?.cancel();
            return res.status;
          },
          () => 'reset',
        ),
      ),
    );
    expect(huge.every((outcome) => outcome === 413 || outcome === 'reset')).toBe(true);
    expect(huge.filter((outcome) => outcome === 413).length).toBeGreaterThan(0);

    // 12 visitors open their demo stores: 8 live at most, the others are asked to come back.
    const opened: number[] = [];
    for (let i = 0; i < 12; i++) {
      const [store] = await issue();
      if (!store) throw new Error('no demo store issued');
      const res = await call(store, '/v3/catalog/products?id:in=77,78,79', { method: 'DELETE' });
      opened.push(res.status);
    }
    expect(opened.filter((s) => s === 204)).toHaveLength(7);
    expect(opened.filter((s) => s === 503)).toHaveLength(5);

    const grown = usedBytes() - before;
    console.log(`memory: grew ${(grown / MB).toFixed(1)} MB (bound ${(BOUND_BYTES / MB).toFixed(0)} MB)`);
    expect(grown).toBeLessThan(BOUND_BYTES);
  });
});
