// The MCP tool `restore_snapshot` (issue 33), driven by the SDK's own client over Streamable HTTP against the app and
// the caller's cloud store (the sandbox's shared demo store with a large quota: a demo copy keeps BigCommerce's 150
// requests per 30 s, and its whole-catalogue snapshot would wait out a window in every test): a snapshot taken through
// the API, a description changed by hand since, the restore's preview (live and restored values) and its token, the confirmed restore as the screen's `snapshot-restore` job
// (followed with job_status, its effect read back from the store), the same token answering the same job, a store
// moved since the preview refused, and a read-only token refused.
import { beforeEach, describe, expect, it } from 'vitest';
import { jobPath, jobResponseSchema, type JobView } from '../../../common/contracts/jobs';
import { SNAPSHOTS_PATH, takeSnapshotResponseSchema } from '../../../common/contracts/store-history';
import { USER_STORES_PATH } from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { auditLog } from '../../db/schema';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE, resetDemoStore } from '../../test/store-tools';
import { waitFor } from '../../test/wait-for';
import { callTool, connectTestAgent, sandboxStoreApi } from './mcp-test-agent';

type Preview = {
  items: {
    kind: string;
    key: unknown;
    name: string;
    action: string;
    fields: { path: string; live: unknown; restored: unknown }[];
  }[];
  counts: { update: number; create: number; unchanged: number; 'not-restorable': number };
};

describe.each(testDatabaseKinds())('the MCP tool restore_snapshot on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'mcp-restore');
  let user: TestClient;
  let demo: { id: string; storeHash: string; accessToken: string };

  const call = callTool;
  const store = sandboxStoreApi(app, () => demo);
  const description = async (id: number) =>
    (await store<{ description: string }>(`/v3/catalog/products/${id}?include_fields=description`))
      .description;
  const setDescription = (id: number, text: string) =>
    store(`/v3/catalog/products/${id}`, { method: 'PUT', body: JSON.stringify({ description: text }) });
  const jobEnd = (id: string) =>
    waitFor(
      async () => {
        const { job } = jobResponseSchema.parse(await (await user.request(jobPath(id))).json());
        return ['done', 'failed', 'cancelled'].includes(job.state) ? job : null;
      },
      { what: `job ${id} to end` },
    );
  /** A snapshot of the demo store's catalogue, taken through the API as the screen takes one, once done. */
  const takeSnapshot = async () => {
    const res = await user.post(SNAPSHOTS_PATH, { storeCredentials: demo, scope: ['catalog'] });
    expect(res.status, await res.clone().text()).toBe(202);
    const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
    expect(await jobEnd(job.id)).toMatchObject({ state: 'done' });
    return snapshotId;
  };

  beforeEach(async () => {
    await resetDemoStore(app.server, { quota: 100_000 });
    user = (await newUser()).client;
    const saved = await user.post(USER_STORES_PATH, {
      stores: [{ ...DEMO_STORE, createdAt: new Date().toISOString() }],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    demo = { id: DEMO_STORE.id, storeHash: DEMO_STORE.storeHash, accessToken: DEMO_STORE.accessToken };
  });

  it('previews the live and restored description, restores it as a job with the token, and answers that job again', async () => {
    const original = await description(77);
    expect(original).not.toBe('');
    const snapshotId = await takeSnapshot();
    await setDescription(77, '<p>Broken by hand</p>');

    const agent = await connectTestAgent(app.server.url, user, 'write');
    try {
      const { tools } = await agent.listTools();
      const listed = tools.find((tool) => tool.name === 'restore_snapshot');
      expect(listed?.annotations?.readOnlyHint).toBe(false);
      expect(listed?.inputSchema.required).toEqual(['storeId', 'snapshotId', 'items']);
      const args = {
        storeId: demo.id,
        snapshotId,
        items: [{ kind: 'product', key: { id: 77 }, fields: ['description'] }],
      };
      const previewed = await call(agent, 'restore_snapshot', args);
      expect(previewed.isError, JSON.stringify(previewed)).toBeUndefined();
      const { preview, confirmation } = previewed.structuredContent as {
        preview: Preview;
        confirmation: string;
      };
      expect(preview.counts).toEqual({ update: 1, create: 0, unchanged: 0, 'not-restorable': 0 });
      expect(preview.items).toEqual([
        {
          kind: 'product',
          key: { id: 77 },
          name: expect.any(String) as string,
          action: 'update',
          fields: [{ path: 'description', live: '<p>Broken by hand</p>', restored: original }],
        },
      ]);
      // The preview wrote nothing.
      expect(await description(77)).toBe('<p>Broken by hand</p>');

      const written = await call(agent, 'restore_snapshot', { ...args, confirmation });
      expect(written.isError, JSON.stringify(written)).toBeUndefined();
      const job = (written.structuredContent as { job: JobView }).job;
      expect(job).toMatchObject({ kind: 'snapshot-restore', storeHash: demo.storeHash });
      const ended = await waitFor(
        async () => {
          const status = await call(agent, 'job_status', { jobId: job.id });
          const view = (status.structuredContent as { job: JobView }).job;
          return ['done', 'failed', 'cancelled'].includes(view.state) ? view : null;
        },
        { what: 'the restore job to end' },
      );
      expect(ended).toMatchObject({ state: 'done', succeeded: 1, failed: 0 });
      expect(await description(77)).toBe(original);

      // The same token again answers the same job, and writes nothing more.
      const again = await call(agent, 'restore_snapshot', { ...args, confirmation });
      expect(again.isError, JSON.stringify(again)).toBeUndefined();
      expect((again.structuredContent as { job: JobView }).job.id).toBe(job.id);
      const audit = await app.server.database.db.select().from(auditLog);
      expect(
        audit.filter(
          (entry) =>
            entry.action === 'agent.write' &&
            entry.detail?.tool === 'restore_snapshot' &&
            entry.detail?.jobId === job.id,
        ),
      ).toHaveLength(1);
    } finally {
      await agent.close();
    }
  });

  it('writes nothing when the store moved since the preview, or with a read-only token', async () => {
    const snapshotId = await takeSnapshot();
    await setDescription(77, '<p>Broken by hand</p>');
    const args = {
      storeId: demo.id,
      snapshotId,
      items: [{ kind: 'product', key: { id: 77 } }],
    };

    const agent = await connectTestAgent(app.server.url, user, 'write');
    try {
      const { confirmation } = (await call(agent, 'restore_snapshot', args)).structuredContent as {
        confirmation: string;
      };
      await setDescription(77, '<p>Changed again since the preview</p>');
      const stale = await call(agent, 'restore_snapshot', { ...args, confirmation });
      expect(stale.isError).toBe(true);
      expect(stale.structuredContent).toMatchObject({ code: ERROR_CODES.previewChanged });
      expect(await description(77)).toBe('<p>Changed again since the preview</p>');
      // Another snapshot id with this token: refused.
      const other = await call(agent, 'restore_snapshot', { ...args, snapshotId: 'nope', confirmation });
      expect(other.isError).toBe(true);
    } finally {
      await agent.close();
    }

    const reader = await connectTestAgent(app.server.url, user, 'read');
    try {
      const refused = await call(reader, 'restore_snapshot', args);
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ code: ERROR_CODES.accessTokenReadOnly });
      expect(await description(77)).toBe('<p>Changed again since the preview</p>');
    } finally {
      await reader.close();
    }
  });
});
