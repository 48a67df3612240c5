// The MCP import tools (issue 33), driven by the SDK's own client over Streamable HTTP against the app and the caller's
// demo stores: a dump read from the full demo store (kept as a resource) or given as JSON, imported into the empty one.
// Each answers its preview and a confirmation token first; the token runs the screen's import once (read back from the
// store; the same token again answers the same result and writes nothing more); a store changed since the preview
// writes nothing; a read-only token cannot import.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STORES_PATH, demoStoresResponseSchema } from '../../../common/contracts/demo-stores';
import type { ImportProductPlan, ImportProductResult } from '../../../common/contracts/import-product';
import type { ImportWidgetsResponse } from '../../../common/contracts/import-widgets';
import type { ProductDump } from '../../../common/dumps/product-dump';
import {
  listSnapshotWidgets,
  type SnapshotRegion,
  type WidgetsDump,
} from '../../../common/dumps/widgets-dump';
import { ERROR_CODES } from '../../../common/errors';
import { auditLog, pageWidgetsBackup } from '../../db/schema';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import type { ImportWidgetsPreview } from '../import-widgets/import-widgets.preview';
import { connectTestAgent } from './mcp-test-agent';

type ToolAnswer = { isError?: boolean; structuredContent?: Record<string, unknown> };
type DemoStore = { id: string; storeHash: string; accessToken: string };

describe.each(testDatabaseKinds())('the MCP import tools on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'mcp-imports');
  let user: TestClient;
  let userId: string;
  let demo: DemoStore;
  let empty: DemoStore;

  const call = async (agent: Client, name: string, args: Record<string, unknown>) =>
    (await agent.callTool({ name, arguments: args })) as ToolAnswer;
  /** A BigCommerce call to one of the demo stores, straight to the sandbox. */
  const store = async <T>(target: DemoStore, path: string, init: RequestInit = {}): Promise<T> => {
    const res = await app.server.request(`/sandbox/stores/${target.storeHash}${path}`, {
      ...init,
      headers: { 'X-Auth-Token': target.accessToken, 'Content-Type': 'application/json' },
    });
    const text = await res.text();
    expect(res.status, text).toBeLessThan(300);
    return (text ? (JSON.parse(text) as { data: T }).data : null) as T;
  };
  const productsWithSku = (sku: string) =>
    store<{ id: number; name: string; sku: string }[]>(
      empty,
      `/v3/catalog/products?sku=${encodeURIComponent(sku)}`,
    );
  const homeWidgets = async () =>
    listSnapshotWidgets(
      (
        await store<{ regions: SnapshotRegion[] }>(
          empty,
          '/v3/content/page-widgets?channel_id=1&template_file=pages/home',
        )
      ).regions,
    );
  /** A read tool's whole dump: its uri, and the dump as the resource reads. */
  const keptDump = async <T>(agent: Client, tool: string, args: Record<string, unknown>) => {
    const answer = await call(agent, tool, args);
    const uri = (answer.structuredContent as { fullDump: { uri: string } }).fullDump.uri;
    const read = await agent.readResource({ uri });
    return { uri, dump: JSON.parse((read.contents[0] as { text: string }).text) as T };
  };
  const agentWrites = async (tool: string) =>
    (await app.server.database.db.select().from(auditLog).where(eq(auditLog.action, 'agent.write'))).filter(
      (entry) => entry.actorId === userId && entry.detail?.tool === tool,
    );

  beforeEach(async () => {
    const made = await newUser();
    user = made.client;
    userId = made.id;
    const { stores } = demoStoresResponseSchema.parse(await (await user.post(DEMO_STORES_PATH)).json());
    const pick = (prefix: string) => {
      const found = stores.find((one) => one.storeHash.startsWith(prefix))!;
      return { id: found.storeHash, storeHash: found.storeHash, accessToken: found.accessToken };
    };
    demo = pick('sandbox-demo-');
    empty = pick('sandbox-empty-');
  });

  it('imports a product kept by dump_product after its preview, once for one token', async () => {
    const agent = await connectTestAgent(app.server.url, user, 'write');
    try {
      const { uri, dump } = await keptDump<ProductDump>(agent, 'dump_product', {
        storeId: demo.id,
        searchValue: 77,
      });
      expect(await productsWithSku(dump.sku)).toEqual([]);
      const args = { targetStoreId: empty.id, dump: uri };

      const previewed = await call(agent, 'import_product', args);
      expect(previewed.isError).toBeUndefined();
      const { preview, confirmation } = previewed.structuredContent as {
        preview: { product: { name: string; sku: string }; plan: ImportProductPlan };
        confirmation: string;
      };
      expect(preview.product).toMatchObject({ name: dump.name, sku: dump.sku });
      expect(preview.plan).toMatchObject({
        action: 'create',
        existingProductId: null,
        sku: dump.sku,
        clashes: [],
      });
      expect(await productsWithSku(dump.sku)).toEqual([]);

      const written = await call(agent, 'import_product', { ...args, confirmation });
      expect(written.isError, JSON.stringify(written.structuredContent)).toBeUndefined();
      const { result } = written.structuredContent as { result: ImportProductResult };
      expect(result).toMatchObject({ action: 'created', productName: dump.name, productSku: dump.sku });
      const created = await productsWithSku(dump.sku);
      expect(created.map((p) => [p.id, p.name, p.sku])).toEqual([[result.productId, dump.name, dump.sku]]);

      // The same token again: the same result, no second product, one audit entry.
      const again = await call(agent, 'import_product', { ...args, confirmation });
      expect(again.structuredContent).toEqual({ result });
      expect((await productsWithSku(dump.sku)).map((p) => p.id)).toEqual([result.productId]);
      expect(await agentWrites('import_product')).toHaveLength(1);
      expect((await agentWrites('import_product'))[0]?.detail).toMatchObject({
        storeHash: empty.storeHash,
        productId: result.productId,
        action: 'created',
      });
    } finally {
      await agent.close();
    }
  });

  it('imports nothing when the target changed since the preview, with a read-only token, or a dump it cannot read', async () => {
    const agent = await connectTestAgent(app.server.url, user, 'write');
    try {
      const { dump } = await keptDump<ProductDump>(agent, 'dump_product', {
        storeId: demo.id,
        searchValue: 77,
      });
      // The dump itself, as the screen uploads it, under a SKU and name of its own.
      const sku = `${dump.sku}-MCP`;
      const args = { targetStoreId: empty.id, dump: { ...dump, sku, name: `${dump.name} MCP` } };
      const previewed = (await call(agent, 'import_product', args)).structuredContent as {
        preview: { plan: ImportProductPlan };
        confirmation: string;
      };
      expect(previewed.preview.plan.action).toBe('create');
      // Someone adds a product with that SKU meanwhile: the import would now update it.
      const byHand = await store<{ id: number }>(empty, '/v3/catalog/products', {
        method: 'POST',
        body: JSON.stringify({ name: 'Made by hand', type: 'physical', weight: 1, price: 5, sku }),
      });
      const stale = await call(agent, 'import_product', { ...args, confirmation: previewed.confirmation });
      expect(stale.isError).toBe(true);
      expect(stale.structuredContent).toMatchObject({ code: ERROR_CODES.previewChanged });
      expect((await productsWithSku(sku)).map((p) => [p.id, p.name])).toEqual([[byHand.id, 'Made by hand']]);

      const lost = await call(agent, 'import_product', { targetStoreId: empty.id, dump: 'bct://dumps/none' });
      expect(lost.structuredContent).toMatchObject({ code: ERROR_CODES.notFound });
      const notDump = await call(agent, 'import_product', { targetStoreId: empty.id, dump: { name: 'x' } });
      expect(notDump.isError).toBe(true);
      expect(notDump.structuredContent).toMatchObject({ code: ERROR_CODES.invalidInput });
    } finally {
      await agent.close();
    }
    expect(await agentWrites('import_product')).toEqual([]);

    const reader = await connectTestAgent(app.server.url, user, 'read');
    try {
      for (const [name, dump] of [
        ['import_product', { name: 'x' }],
        ['import_widgets', []],
      ] as const) {
        const refused = await call(reader, name, { targetStoreId: empty.id, dump });
        expect(refused.isError).toBe(true);
        expect(refused.structuredContent).toMatchObject({ code: ERROR_CODES.accessTokenReadOnly });
      }
    } finally {
      await reader.close();
    }
  });

  it("imports a page's widgets after its preview, once for one token; a page changed since the preview is not written", async () => {
    const agent = await connectTestAgent(app.server.url, user, 'write');
    try {
      const { uri, dump } = await keptDump<WidgetsDump>(agent, 'dump_widgets', { storeId: demo.id });
      const home = dump.templates.findIndex((page) => page.template_file === 'pages/home');
      const sourceWidgets = listSnapshotWidgets(dump.templates[home]!.snapshot.regions).length;
      expect(sourceWidgets).toBeGreaterThan(0);
      expect(await homeWidgets()).toEqual([]);
      const args = {
        targetStoreId: empty.id,
        dump: uri,
        pages: [{ index: home }],
        autoCreateMissingTemplates: true,
      };

      const previewed = await call(agent, 'import_widgets', args);
      expect(previewed.isError, JSON.stringify(previewed.structuredContent)).toBeUndefined();
      const { preview, confirmation } = previewed.structuredContent as {
        preview: ImportWidgetsPreview;
        confirmation: string;
      };
      expect(preview).toMatchObject({ pagesToWrite: 1, widgetsToWrite: sourceWidgets });
      expect(preview.pages).toEqual([
        expect.objectContaining({
          index: 0,
          templateFile: 'pages/home',
          widgets: sourceWidgets,
          missingTemplates: [],
          targetWidgetsNow: 0,
          refused: null,
        }),
      ]);

      const written = await call(agent, 'import_widgets', { ...args, confirmation });
      expect(written.isError, JSON.stringify(written.structuredContent)).toBeUndefined();
      const { result } = written.structuredContent as { result: ImportWidgetsResponse };
      expect(result.results).toEqual([
        expect.objectContaining({ templateFile: 'pages/home', success: true, widgetsCount: sourceWidgets }),
      ]);
      expect(await homeWidgets()).toHaveLength(sourceWidgets);
      const backups = () =>
        app.server.database.db
          .select()
          .from(pageWidgetsBackup)
          .where(
            and(
              eq(pageWidgetsBackup.owner, `user:${userId}`),
              eq(pageWidgetsBackup.storeHash, empty.storeHash),
            ),
          );
      expect(await backups()).toHaveLength(1);

      // The same token again: the same result, no second write (no second backup), one audit entry.
      const again = await call(agent, 'import_widgets', { ...args, confirmation });
      expect(again.structuredContent).toEqual({ result });
      expect(await backups()).toHaveLength(1);
      expect(await agentWrites('import_widgets')).toHaveLength(1);

      // A new preview, then the page is emptied by hand: the import of that preview writes nothing.
      const next = (await call(agent, 'import_widgets', args)).structuredContent as {
        preview: ImportWidgetsPreview;
        confirmation: string;
      };
      expect(next.preview.pages[0]).toMatchObject({ targetWidgetsNow: sourceWidgets });
      await store(empty, '/v3/content/page-widgets', {
        method: 'POST',
        body: JSON.stringify({ channel_id: 1, template_file: 'pages/home', regions: [] }),
      });
      const stale = await call(agent, 'import_widgets', { ...args, confirmation: next.confirmation });
      expect(stale.structuredContent).toMatchObject({ code: ERROR_CODES.previewChanged });
      expect(await homeWidgets()).toEqual([]);
      expect(await backups()).toHaveLength(1);

      const noPage = await call(agent, 'import_widgets', {
        ...args,
        pages: [{ index: dump.templates.length }],
      });
      expect(noPage.structuredContent).toMatchObject({ code: ERROR_CODES.invalidInput });
    } finally {
      await agent.close();
    }
  });
});
