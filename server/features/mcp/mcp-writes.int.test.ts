// The MCP write tools (issue 33), driven by the SDK's own client over Streamable HTTP against the app and the caller's
// demo store: a write answers its preview and a confirmation token first; the token starts the same job as the
// screens (read back from the store, undone through the app); a read-only token, a token for other arguments, a
// tampered one and a store changed since the preview write nothing.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobResponseSchema, jobUndoPath, type JobView } from '../../../common/contracts/jobs';
import { ERROR_CODES } from '../../../common/errors';
import { auditLog } from '../../db/schema';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { callTool, connectTestAgent, demoStoreOf, jobEndOf, sandboxStoreApi } from './mcp-test-agent';

type Preview = {
  total: number;
  changing: number;
  sample: { productId: number; current: string; next: string }[];
};

describe.each(testDatabaseKinds())('the MCP write tools on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'mcp-writes');
  let user: TestClient;
  let demo: { id: string; storeHash: string; accessToken: string; name: string };

  const connect = (client: TestClient, scope: 'read' | 'write'): Promise<Client> =>
    connectTestAgent(app.server.url, client, scope);
  const call = callTool;
  const store = sandboxStoreApi(app, () => demo);
  const titles = async (ids: number[]) =>
    (
      await store<{ id: number; page_title: string }[]>(
        `/v3/catalog/products?id:in=${ids.join(',')}&include_fields=page_title`,
      )
    )
      .sort((a, b) => a.id - b.id)
      .map((p) => p.page_title);
  const jobEnd = jobEndOf(() => user);

  beforeEach(async () => {
    user = (await newUser()).client;
    demo = await demoStoreOf(user);
  });

  it('previews, then writes with the confirmation as a job, read back and undone; the same token starts no second job', async () => {
    const agent = await connect(user, 'write');
    try {
      const products = await store<{ id: number; page_title: string }[]>(
        '/v3/catalog/products?limit=250&include_fields=page_title',
      );
      const ids = products
        .filter((p) => p.page_title !== '')
        .slice(0, 3)
        .map((p) => p.id)
        .sort((a, b) => a - b);
      expect(ids).toHaveLength(3);
      const before = await titles(ids);
      const args = { storeId: demo.id, targetOption: 'specific', targetValue: ids.join(',') };

      const previewed = await call(agent, 'reset_page_title', args);
      expect(previewed.isError).toBeUndefined();
      const { preview, confirmation } = previewed.structuredContent as {
        preview: Preview;
        confirmation: string;
      };
      expect(preview).toMatchObject({ total: 3, changing: 3 });
      expect(preview.sample.map((item) => item.current).sort()).toEqual([...before].sort());
      expect(await titles(ids)).toEqual(before);

      // Another set of products with this token: refused, nothing written.
      const other = await call(agent, 'reset_page_title', {
        ...args,
        targetValue: String(ids[0]),
        confirmation,
      });
      expect(other.isError).toBe(true);
      expect(other.structuredContent).toMatchObject({ code: ERROR_CODES.confirmationInvalid });
      const tampered = await call(agent, 'reset_page_title', { ...args, confirmation: `${confirmation}x` });
      expect(tampered.structuredContent).toMatchObject({ code: ERROR_CODES.confirmationInvalid });

      const written = await call(agent, 'reset_page_title', { ...args, confirmation });
      expect(written.isError).toBeUndefined();
      const job = (written.structuredContent as { job: JobView }).job;
      expect(job).toMatchObject({ kind: 'reset-page-title', storeHash: demo.storeHash });
      expect(await jobEnd(job.id)).toMatchObject({ state: 'done', total: 3, succeeded: 3, failed: 0 });
      expect(await titles(ids)).toEqual(['', '', '']);
      // The same token again answers the same job.
      const again = await call(agent, 'reset_page_title', { ...args, confirmation });
      expect((again.structuredContent as { job: JobView }).job.id).toBe(job.id);
      const audit = await app.server.database.db.select().from(auditLog);
      expect(
        audit.filter((entry) => entry.action === 'agent.write' && entry.detail?.jobId === job.id),
      ).toHaveLength(1);

      // Undone through the app, as the screens do.
      const undo = await user.post(jobUndoPath(job.id), {
        storeCredentials: { storeHash: demo.storeHash, accessToken: demo.accessToken },
      });
      expect(undo.status, await undo.clone().text()).toBe(200);
      const undoJob = jobResponseSchema.parse(await undo.json()).job;
      expect(await jobEnd(undoJob.id)).toMatchObject({ state: 'done' });
      expect(await titles(ids)).toEqual(before);
    } finally {
      await agent.close();
    }
  });

  it('writes nothing when the store changed since the preview, or with a read-only token', async () => {
    const agent = await connect(user, 'write');
    try {
      const [product] = await store<{ id: number; page_title: string }[]>(
        '/v3/catalog/products?limit=250&include_fields=page_title&page_title:like=%',
      ).then((all) => all.filter((p) => p.page_title !== ''));
      const args = { storeId: demo.id, targetOption: 'specific', targetValue: String(product!.id) };
      const { confirmation } = (await call(agent, 'reset_page_title', args)).structuredContent as {
        confirmation: string;
      };
      await store(`/v3/catalog/products/${product!.id}`, {
        method: 'PUT',
        body: JSON.stringify({ page_title: 'Changed by hand since the preview' }),
      });
      const stale = await call(agent, 'reset_page_title', { ...args, confirmation });
      expect(stale.isError).toBe(true);
      expect(stale.structuredContent).toMatchObject({ code: ERROR_CODES.previewChanged });
      expect(await titles([product!.id])).toEqual(['Changed by hand since the preview']);
    } finally {
      await agent.close();
    }

    const reader = await connect(user, 'read');
    try {
      const refused = await call(reader, 'copy_description', {
        sourceStoreId: demo.id,
        sourceProductId: 77,
        targetStoreId: demo.id,
        targetOption: 'specific',
        targetValue: '80',
      });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ code: ERROR_CODES.accessTokenReadOnly });
    } finally {
      await reader.close();
    }
  });

  it('copies a description from one product to another after its preview', async () => {
    const agent = await connect(user, 'write');
    try {
      const source = await store<{ description: string }>(
        '/v3/catalog/products/77?include_fields=description',
      );
      const args = {
        sourceStoreId: demo.id,
        sourceProductId: 77,
        targetStoreId: demo.id,
        targetOption: 'specific',
        targetValue: '80',
      };
      const previewed = (await call(agent, 'copy_description', args)).structuredContent as {
        preview: Preview;
        confirmation: string;
      };
      expect(previewed.preview).toMatchObject({ total: 1, changing: 1 });
      const written = await call(agent, 'copy_description', {
        ...args,
        confirmation: previewed.confirmation,
      });
      const job = (written.structuredContent as { job: JobView }).job;
      expect(await jobEnd(job.id)).toMatchObject({ state: 'done', succeeded: 1 });
      expect(
        (await store<{ description: string }>('/v3/catalog/products/80?include_fields=description'))
          .description,
      ).toBe(source.description);
    } finally {
      await agent.close();
    }
  });
});
