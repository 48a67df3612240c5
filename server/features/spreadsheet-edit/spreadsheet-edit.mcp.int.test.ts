// Spreadsheet Edit's agent tools (issue 45) through the MCP server, on the caller's demo store: `update_products`
// previews every changed cell and its errors without writing, writes with its confirmation as the import job (read
// back from the store, undone through the app), and `export_products` answers rows and keeps them all as a resource.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobResponseSchema, jobUndoPath } from '../../../common/contracts/jobs';
import type { PreviewCounts, PreviewRow } from '../../../common/contracts/spreadsheet-edit';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { callTool, connectTestAgent, demoStoreOf, jobEndOf, sandboxStoreApi } from '../mcp/mcp-test-agent';

type Product = { id: number; name: string; price: number; page_title: string };

describe.each(testDatabaseKinds())('Spreadsheet Edit for agents on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'spreadsheet-mcp');
  let user: TestClient;
  let demo: { id: string; storeHash: string; accessToken: string; name: string };
  const store = sandboxStoreApi(app, () => demo);
  const connect = (client: TestClient): Promise<Client> => connectTestAgent(app.server.url, client, 'write');
  const jobEnd = jobEndOf(() => user);

  beforeEach(async () => {
    user = (await newUser()).client;
    demo = await demoStoreOf(user);
  });

  it('update_products previews each cell, writes with its confirmation, and the app undoes it', async () => {
    const agent = await connect(user);
    try {
      const products = await store<Product[]>(
        '/v3/catalog/products?limit=3&sort=id&include_fields=name,price,page_title',
      );
      const [a, b, c] = products as [Product, Product, Product];
      const args = {
        storeId: demo.id,
        rows: [
          { productId: a.id, fields: { Price: a.price + 10, 'Page Title': 'Agent title' } },
          { productId: b.id, fields: { Price: 'ten' } },
          { productId: c.id, fields: { Name: c.name } },
        ],
      };
      const previewed = await callTool(agent, 'update_products', args);
      expect(previewed.isError).toBeUndefined();
      const { preview, confirmation } = previewed.structuredContent as {
        preview: { counts: PreviewCounts; rows: PreviewRow[] };
        confirmation: string;
      };
      expect(preview.counts).toEqual({ rows: 3, changed: 1, unchanged: 1, errors: 1, warnings: 0 });
      expect(preview.rows.find((row) => row.key.productId === a.id)!.changes).toEqual([
        { column: 'Price', live: a.price, sheet: a.price + 10, write: a.price + 10 },
        { column: 'Page Title', live: a.page_title, sheet: 'Agent title', write: 'Agent title' },
      ]);
      expect(preview.rows.find((row) => row.key.productId === b.id)!.errors).toEqual([
        {
          column: 'Price',
          message: 'Price must be a number',
          code: 'notNumber',
          params: { column: 'Price' },
        },
      ]);
      // Nothing written by the preview.
      const unchanged = await store<Product[]>(
        `/v3/catalog/products?id:in=${a.id}&include_fields=price,page_title`,
      );
      expect(unchanged[0]).toMatchObject({ price: a.price, page_title: a.page_title });

      const written = await callTool(agent, 'update_products', { ...args, confirmation });
      expect(written.isError).toBeUndefined();
      const { job } = written.structuredContent as { job: { id: string } };
      const ended = await jobEnd(job.id);
      expect(ended).toMatchObject({ state: 'done', succeeded: 1, failed: 1 });
      const after = await store<Product[]>(
        `/v3/catalog/products?id:in=${a.id},${b.id}&sort=id&include_fields=price,page_title`,
      );
      expect(after.find((p) => p.id === a.id)).toMatchObject({
        price: a.price + 10,
        page_title: 'Agent title',
      });
      expect(after.find((p) => p.id === b.id)).toMatchObject({ price: b.price });

      const undo = await user.post(jobUndoPath(job.id), { storeCredentials: demo });
      expect(undo.status).toBe(200);
      const { job: undoJob } = jobResponseSchema.parse(await undo.json());
      expect(await jobEnd(undoJob.id)).toMatchObject({ state: 'done', succeeded: 1 });
      const back = await store<Product[]>(
        `/v3/catalog/products?id:in=${a.id}&include_fields=price,page_title`,
      );
      expect(back[0]).toMatchObject({ price: a.price, page_title: a.page_title });
    } finally {
      await agent.close();
    }
  });

  it('export_products answers rows by column header and keeps them all as a resource', async () => {
    const agent = await connect(user);
    try {
      const [first] = await store<Product[]>(
        '/v3/catalog/products?limit=1&sort=id&include_fields=name,price',
      );
      const answer = await callTool(agent, 'export_products', {
        storeId: demo.id,
        targetOption: 'specific',
        targetValue: String(first!.id),
        columns: ['ID', 'Name', 'Price'],
      });
      expect(answer.isError).toBeUndefined();
      const content = answer.structuredContent as {
        products: number;
        sample: { products: Record<string, unknown>[] };
        fullDump: { uri: string };
      };
      expect(content.products).toBe(1);
      expect(content.sample.products[0]).toEqual({ ID: first!.id, Name: first!.name, Price: first!.price });
      expect(content.fullDump.uri.startsWith('bct://dumps/')).toBe(true);
    } finally {
      await agent.close();
    }
  });
});
