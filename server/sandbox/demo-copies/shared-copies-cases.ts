// Cases for demo copies followed by several sandboxes (as several app instances) from one shared journal: what one
// sandbox writes, the others serve, with the same ids, dates and widget UUIDs (the writes are replayed with the clock
// readings and UUIDs they recorded), through snapshots too; a write that loses the race to another instance runs
// again; the caps and each copy's quota hold across them. Run on the in-memory journal (shared-copies.test.ts) and
// on the app's database journal, PGlite and PostgreSQL (server/features/demo-stores/demo-store-journal.int.test.ts).
import { afterEach, expect, it } from 'vitest';
import type { DemoCopyJournal } from './copy-journal';
import { createSandbox, type Sandbox } from '../index';

const hashOf = (n: number, kind: 'demo' | 'empty' = 'demo') =>
  `sandbox-${kind}-${'b'.repeat(15)}${'abcdefghijklmnopqrstuvwxyz'[n]}`;
const tokenOf = (hash: string) => `token-${hash}`;

type Json = Record<string, unknown>;

export type JournalUnderTest = { journal: DemoCopyJournal; dispose(): Promise<void> };

/**
 * The cases, for a journal `makeJournal` gives afresh for each (in-memory here, the app's database in
 * server/features/demo-stores/demo-store-journal.int.test.ts).
 */
export function sharedCopyCases(makeJournal: () => Promise<JournalUnderTest>): void {
  let current: JournalUnderTest | undefined;
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });

  async function instances(count: number, options: { maxCopies?: number; snapshotOps?: number } = {}) {
    current = await makeJournal();
    const { journal } = current;
    let clock = Date.parse('2025-03-01T10:00:00Z');
    const sandboxes: Sandbox[] = Array.from({ length: count }, () =>
      createSandbox({
        control: false,
        stores: [],
        // Every call moves the clock, so a replay that read its own clock would show.
        clock: () => (clock += 1_000),
        demoCopies: {
          journal,
          verify: (hash, token) => token === tokenOf(hash),
          ...(options.maxCopies ? { maxCopies: options.maxCopies } : {}),
          ...(options.snapshotOps ? { snapshotAfter: { ops: options.snapshotOps, bytes: 1e9 } } : {}),
        },
      }),
    );
    const call = async (at: number, hash: string, path: string, init: RequestInit = {}) => {
      const res = await sandboxes[at]!.app.request(`/stores/${hash}${path}`, {
        ...init,
        headers: { 'X-Auth-Token': tokenOf(hash), 'Content-Type': 'application/json', ...init.headers },
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as Json | null };
    };
    return { sandboxes, call, journal, now: () => clock };
  }

  it('serves on each instance what another wrote: renames, creates, deletes, widgets, uploads', async () => {
    const { call, sandboxes } = await instances(2);
    const hash = hashOf(0);
    const before = await call(0, hash, '/v3/catalog/products/77');
    expect(before.status).toBe(200);

    const renamed = await call(0, hash, '/v3/catalog/products/77', {
      method: 'PUT',
      body: JSON.stringify({ name: 'Renamed through A' }),
    });
    expect(renamed.status).toBe(200);
    const seenByB = await call(1, hash, '/v3/catalog/products/77');
    expect(seenByB.body).toEqual(await call(0, hash, '/v3/catalog/products/77').then((r) => r.body));
    expect(seenByB.body).toMatchObject({ data: { name: 'Renamed through A' } });
    expect((seenByB.body!.data as Json).date_modified).toBe((renamed.body!.data as Json).date_modified);

    const created = await call(1, hash, '/v3/catalog/products', {
      method: 'POST',
      body: JSON.stringify({ name: 'Made through B', type: 'physical', weight: 1, price: 5, sku: 'MADE-B' }),
    });
    expect(created.status).toBe(200);
    const id = (created.body!.data as { id: number }).id;
    expect((await call(0, hash, `/v3/catalog/products/${id}`)).body).toEqual(
      (await call(1, hash, `/v3/catalog/products/${id}`)).body,
    );
    expect((await call(1, hash, '/v3/catalog/products/78', { method: 'DELETE' })).status).toBe(204);
    expect((await call(0, hash, '/v3/catalog/products/78')).status).toBe(404);

    const template = await call(0, hash, '/v3/content/widget-templates', {
      method: 'POST',
      body: JSON.stringify({ name: 'Shared banner', template: '<p>{{text}}</p>' }),
    });
    expect(template.status).toBe(200);
    const uuid = (template.body!.data as { uuid: string }).uuid;
    expect((await call(1, hash, `/v3/content/widget-templates/${uuid}`)).body).toEqual(
      (await call(0, hash, `/v3/content/widget-templates/${uuid}`)).body,
    );

    const form = new FormData();
    form.append(
      'image_file',
      new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' }),
      'p.png',
    );
    const upload = await sandboxes[1]!.app.request(`/stores/${hash}/v3/catalog/products/79/images`, {
      method: 'POST',
      headers: { 'X-Auth-Token': tokenOf(hash) },
      body: form,
    });
    expect(upload.status).toBe(200);
    const image = ((await upload.json()) as { data: { id: number; image_file: string } }).data;
    const images = await call(0, hash, '/v3/catalog/products/79/images');
    expect((images.body!.data as { id: number }[]).map((i) => i.id)).toContain(image.id);
    const file = await sandboxes[0]!.app.request(`/cdn/s-${hash}/product_images/${image.image_file}`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71, 1, 2, 3]));

    // A reset through one instance is the seed on the other.
    expect(await sandboxes[0]!.copies!.drop(hash)).toBe(true);
    expect((await call(1, hash, '/v3/catalog/products/77')).body).toEqual(before.body);
  });

  it('brings a late instance up to date from a snapshot and the writes after it', async () => {
    const { call } = await instances(3, { snapshotOps: 3 });
    const hash = hashOf(1);
    for (const id of [77, 78, 79, 80, 81]) {
      const res = await call(0, hash, `/v3/catalog/products/${id}`, {
        method: 'PUT',
        body: JSON.stringify({ name: `Snapshot ${id}` }),
      });
      expect(res.status).toBe(200);
    }
    await call(1, hash, '/v3/catalog/products/82', { method: 'PUT', body: '{"name":"Written by B"}' });
    const page = '/v3/catalog/products?id:in=77,78,79,80,81,82&limit=10&sort=id';
    const late = await call(2, hash, page);
    expect(late.body).toEqual((await call(0, hash, page)).body);
    expect((late.body!.data as { name: string }[]).map((p) => p.name)).toEqual([
      'Snapshot 77',
      'Snapshot 78',
      'Snapshot 79',
      'Snapshot 80',
      'Snapshot 81',
      'Written by B',
    ]);
  });

  it('runs again a write that lost the race to another instance: every write lands once, in one order', async () => {
    const { call, journal, now } = await instances(2);
    let lost = 0;
    const append = journal.append.bind(journal);
    journal.append = async (...args) => {
      const appended = await append(...args);
      if (!appended.ok) lost += 1;
      return appended;
    };
    const hash = hashOf(5);
    for (const at of [0, 1]) expect((await call(at, hash, '/v2/store')).status).toBe(200);
    const ids = Array.from({ length: 16 }, (_, i) => 77 + i);
    const answers = await Promise.all(
      ids.map((id, i) =>
        call(i % 2, hash, `/v3/catalog/products/${id}`, {
          method: 'PUT',
          body: JSON.stringify({ name: `Raced ${id}`, sku: `RACED-${id}` }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    expect(answers.map((a) => (a.body!.data as { name: string }).name)).toEqual(
      ids.map((id) => `Raced ${id}`),
    );
    expect(lost).toBeGreaterThan(0);
    expect((await journal.head(hash, now(), 60_000))?.version).toBe(ids.length);
    const page = `/v3/catalog/products?id:in=${ids.join(',')}&limit=50&sort=id`;
    const seenByA = await call(0, hash, page);
    expect(seenByA.body).toEqual((await call(1, hash, page)).body);
    expect((seenByA.body!.data as { name: string }[]).map((p) => p.name)).toEqual(
      ids.map((id) => `Raced ${id}`),
    );
  });

  it('counts the copies and one quota across instances', async () => {
    const { call, sandboxes } = await instances(2, { maxCopies: 2 });
    expect((await call(0, hashOf(2, 'empty'), '/v2/store')).status).toBe(200);
    const second = await sandboxes[1]!.app.request(`/stores/${hashOf(3, 'empty')}/v2/store`, {
      headers: { 'X-Auth-Token': tokenOf(hashOf(3, 'empty')) },
    });
    expect(second.status).toBe(200);
    expect(Number(second.headers.get('X-Rate-Limit-Requests-Left'))).toBe(149);
    const again = await sandboxes[0]!.app.request(`/stores/${hashOf(3, 'empty')}/v2/store`, {
      headers: { 'X-Auth-Token': tokenOf(hashOf(3, 'empty')) },
    });
    expect(Number(again.headers.get('X-Rate-Limit-Requests-Left'))).toBe(148);
    for (const at of [0, 1]) {
      const third = await call(at, hashOf(4, 'empty'), '/v2/store');
      expect(third.status).toBe(503);
    }
    expect(await sandboxes[0]!.copies!.count()).toBe(2);
    expect(await sandboxes[1]!.copies!.count()).toBe(2);
  });

  it('gives each of many concurrent requests its own place in the quota', async () => {
    const { sandboxes } = await instances(2);
    const hash = hashOf(6, 'empty');
    const left = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await sandboxes[i % 2]!.app.request(`/stores/${hash}/v2/store`, {
          headers: { 'X-Auth-Token': tokenOf(hash) },
        });
        expect(res.status).toBe(200);
        return Number(res.headers.get('X-Rate-Limit-Requests-Left'));
      }),
    );
    expect([...left].sort((a, b) => b - a)).toEqual(Array.from({ length: 20 }, (_, i) => 149 - i));
  });
}
