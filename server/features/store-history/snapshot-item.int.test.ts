// One item of a snapshot (issue 32 "Diff", the page content opened in the Widgets Visualization) over HTTP against the
// app's sandbox, on both databases: a page and a widget template exactly as each snapshot stored them, the owner only,
// an item the snapshot does not hold, and keys refused.
import { describe, expect, it } from 'vitest';
import {
  MAX_SNAPSHOT_ITEM_KEY_LENGTH,
  SNAPSHOT_ITEM_KEY_MESSAGE,
  SNAPSHOT_ITEM_NOT_FOUND_MESSAGE,
  SNAPSHOTS_PATH,
  snapshotItemPath,
  snapshotItemResponseSchema,
  takeSnapshotResponseSchema,
  type SnapshotItemKind,
} from '../../../common/contracts/store-history';
import { canonicalItem } from '../../../common/store-history/field-diff';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, type Json, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls } from './store-history.test-kit';

type Regions = { name: string; children: Json[] }[];
const HOME = { channelId: 1, templateFile: 'pages/home', entityId: null };

describe.each(testDatabaseKinds())('One item of a snapshot (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox } = app;
  const { call, addHomeWidget, follow } = storeHistoryCalls(app);

  /** A snapshot of the store's Page Builder content, followed to its end; its id and its owner's cookie. */
  const take = async (cookie: string | null) => {
    const res = await call(SNAPSHOTS_PATH, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ storeCredentials: DEMO, scope: ['widgets'] }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const owner = cookie ?? res.headers.get('set-cookie')?.split(';')[0] ?? null;
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    expect((await follow(job.id, owner)).state).toBe('done');
    return { id: snapshotId, cookie: owner };
  };
  const item = (
    id: string,
    itemKind: SnapshotItemKind,
    key: Record<string, unknown>,
    cookie: string | null,
  ) => call(snapshotItemPath(id, itemKind, key), { cookie });
  const home = async () =>
    (
      await sandbox<{ data: { regions: Regions } }>(
        '/v3/content/page-widgets?channel_id=1&template_file=pages/home',
      )
    ).data;

  it("answers a page and a widget template exactly as each snapshot stored them, to the snapshot's owner", async () => {
    const before = await home();
    const first = await take(null);
    const [template] = (
      await sandbox<{ data: { uuid: string; name: string }[] }>('/v3/content/widget-templates?limit=1')
    ).data;
    await addHomeWidget(before.regions, 'Added for the item route', template!.uuid);
    const after = await home();
    const second = await take(first.cookie);

    const read = async (id: string, itemKind: SnapshotItemKind, key: Record<string, unknown>) => {
      const res = await item(id, itemKind, key, first.cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      return snapshotItemResponseSchema.parse(await res.json()).item;
    };
    const then = await read(first.id, 'page', HOME);
    expect(then).toEqual({
      kind: 'page',
      key: HOME,
      name: 'pages/home (channel 1)',
      data: canonicalItem(before),
    });
    const now = await read(second.id, 'page', HOME);
    expect(now.data).toEqual(canonicalItem(after));
    expect(JSON.stringify(now.data)).toContain('Added for the item route');
    expect(JSON.stringify(then.data)).not.toContain('Added for the item route');
    // The key's order does not matter: it is the same item.
    expect(
      (await read(first.id, 'page', { templateFile: 'pages/home', entityId: null, channelId: 1 })).data,
    ).toEqual(then.data);

    const stored = await sandbox<{ data: Json }>(`/v3/content/widget-templates/${template!.uuid}`);
    expect(await read(first.id, 'widget-template', { id: template!.uuid })).toEqual({
      kind: 'widget-template',
      key: { id: template!.uuid },
      name: template!.name,
      data: canonicalItem(stored.data),
    });

    // Another visitor, and no visitor at all: no such snapshot.
    const other = await take(null);
    expect(other.cookie).not.toBe(first.cookie);
    for (const cookie of [other.cookie, null]) {
      const foreign = await item(first.id, 'page', HOME, cookie);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ error: 'No such snapshot.', code: 'snapshot_not_found' });
    }
    const unknown = await item('nope', 'page', HOME, first.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No such snapshot.', code: 'snapshot_not_found' });
  });

  it('answers 404 for an item the snapshot does not hold, and refuses a key that is not one', async () => {
    const { id, cookie } = await take(null);
    const missing = await item(id, 'page', { ...HOME, templateFile: 'pages/nothing-here' }, cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: SNAPSHOT_ITEM_NOT_FOUND_MESSAGE,
      code: 'snapshot_not_found',
    });
    // The snapshot held Page Builder content only: no product.
    expect((await item(id, 'product', { id: 80 }, cookie)).status).toBe(404);

    const path = `${SNAPSHOTS_PATH}/${id}/item`;
    for (const query of [
      'kind=page&key=not-json',
      `kind=page&key=${encodeURIComponent('{"x":1}')}`,
      `kind=order&key=${encodeURIComponent('{"id":1}')}`,
      'kind=page',
      `kind=page&key=${encodeURIComponent(JSON.stringify({ id: 'x'.repeat(MAX_SNAPSHOT_ITEM_KEY_LENGTH) }))}`,
    ]) {
      const res = await call(`${path}?${query}`, { cookie });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_input');
    }
    const bad = await call(`${path}?kind=page&key=not-json`, { cookie });
    expect(((await bad.json()) as { error: string }).error).toContain(SNAPSHOT_ITEM_KEY_MESSAGE);
  });
});
