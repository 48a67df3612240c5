// What the Store History integration tests share (snapshots and restores over HTTP against the app's sandbox): a
// request with the visitor's cookie, a write to the demo store, a job's event stream followed to its end, a snapshot
// taken, a restore asked and undone, and a signed-in user with cloud stores.
import { expect } from 'vitest';
import { jobEventsPath, jobUndoPath, type JobView } from '../../../common/contracts/jobs';
import {
  restoreStartResponseSchema,
  SNAPSHOTS_PATH,
  snapshotRestorePath,
  takeSnapshotResponseSchema,
} from '../../../common/contracts/store-history';
import { USER_STORES_PATH } from '../../../common/contracts/stores';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema';
import { signedUpUser, type TestClient } from '../../test/accounts';
import { DEMO_STORE as DEMO, type Json, type useToolTestServer } from '../../test/store-tools';

/** A product as the tests read it from the sandbox. */
export type Product = {
  id: number;
  name: string;
  description: string;
  variants: { id: number; sku: string; price: number | null }[];
};

export function storeHistoryCalls(app: ReturnType<typeof useToolTestServer>) {
  const call = async (path: string, init: RequestInit & { cookie?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.body) headers.set('content-type', 'application/json');
    return app.server.request(path, { ...init, headers });
  };
  const storeWrite = async (method: string, path: string, body: unknown) => {
    const res = await app.server.request(`/sandbox/stores/${DEMO.storeHash}${path}`, {
      method,
      headers: { 'X-Auth-Token': DEMO.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.status === 204 ? { data: {} } : ((await res.json()) as { data: Json });
  };
  /** The ids of the demo store's first `count` products. */
  const productIds = async (count: number) => {
    const { data } = await storeWrite(
      'GET',
      `/v3/catalog/products?limit=${count}&include_fields=id`,
      undefined,
    );
    return (data as unknown as { id: number }[]).map((product) => product.id);
  };
  /** A widget of this template added to the home page's first region (page-widgets.v3.yml createPageWidgets). */
  const addHomeWidget = async (
    regions: readonly { name: string; children: Json[] }[],
    name: string,
    templateUuid: string,
  ) => {
    const next = structuredClone(regions) as { name: string; children: Json[] }[];
    next[0]!.children.push({ type: 'widget', name, widget_template_uuid: templateUuid, configuration: {} });
    await storeWrite('POST', '/v3/content/page-widgets', {
      channel_id: 1,
      template_file: 'pages/home',
      regions: next,
    });
  };
  /** Follows a job's event stream to its end: the last view. */
  const follow = async (jobId: string, cookie: string | null): Promise<JobView> =>
    lastJobView(await call(jobEventsPath(jobId), { cookie }));
  /** A snapshot of the demo store (by default its catalogue, categories and brands) followed to its end. */
  const take = async (cookie: string | null = null, scope = ['catalog', 'categories', 'brands']) => {
    const res = await call(SNAPSHOTS_PATH, {
      method: 'POST',
      cookie,
      body: JSON.stringify({ storeCredentials: DEMO, scope }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const owner = cookie ?? res.headers.get('set-cookie')?.split(';')[0] ?? null;
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    expect((await follow(job.id, owner)).state).toBe('done');
    return { snapshotId, cookie: owner };
  };
  /** A POST with the demo store's credentials and `body`. */
  const postForDemo = (path: string, cookie: string | null, body: Json = {}) =>
    call(path, { method: 'POST', cookie, body: JSON.stringify({ storeCredentials: DEMO, ...body }) });
  /** A restore from a snapshot: a preview (`preview: true`) or its start. */
  const restore = (snapshotId: string, cookie: string | null, body: Json) =>
    postForDemo(snapshotRestorePath(snapshotId), cookie, body);
  /** The undo of a job, started and followed to its end. */
  const undo = async (jobId: string, cookie: string | null) => {
    const res = await postForDemo(jobUndoPath(jobId), cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const started = restoreStartResponseSchema.parse(await res.json()).job;
    expect(started).toMatchObject({ kind: 'snapshot-restore', undoOf: jobId });
    return follow(started.id, cookie);
  };
  return { call, storeWrite, productIds, addHomeWidget, follow, take, postForDemo, restore, undo };
}

/** The last view of a job's event stream (the answer of its events path, read to its end). */
export async function lastJobView(events: Response): Promise<JobView> {
  const views = (await events.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as JobView);
  return views.at(-1)!;
}

/** Follows a job's events to its end as this client: its last view. */
export async function finishedJob(client: TestClient, jobId: string): Promise<JobView> {
  return lastJobView(await client.request(jobEventsPath(jobId)));
}

/** A signed-in user whose Store Manager keeps these cloud stores. */
export async function userWithCloudStores(
  app: ReturnType<typeof useToolTestServer>,
  account: { name: string; email: string },
  stores: readonly (typeof DEMO)[],
) {
  const { client, id } = await signedUpUser(app.server, { ...account, password: 'a long enough password 1' });
  // Snapshots need a verified address (issue 41): this server mails nowhere, so the address is marked verified.
  await app.server.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
  const createdAt = new Date().toISOString();
  const saved = await client.post(USER_STORES_PATH, { stores: stores.map((s) => ({ ...s, createdAt })) });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { client, id };
}
