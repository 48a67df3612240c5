// The MCP read tools of the Page Builder and the Keyword Extractor (issue 33), driven by the SDK's own client over
// Streamable HTTP against the app and the caller's demo store: each answer checked against what the app's own API
// answers for the same store (the screens' calls), and bad arguments answered as tool errors with the app's message.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_STORES_PATH, demoStoresResponseSchema } from '../../../common/contracts/demo-stores';
import { DUMP_WIDGETS_PATH, dumpWidgetsResponseSchema } from '../../../common/contracts/dump-widgets';
import {
  FETCH_CHANNELS_PATH,
  FETCH_PRODUCTS_PATH,
  fetchChannelsResponseSchema,
  fetchProductsResponseSchema,
  KEYWORD_MESSAGES,
  MISSING_FROM_TITLES_PATH,
  missingFromTitlesResponseSchema,
} from '../../../common/contracts/keyword-extractor';
import { jobPath, jobResponseSchema } from '../../../common/contracts/jobs';
import { SNAPSHOTS_PATH, takeSnapshotResponseSchema } from '../../../common/contracts/store-history';
import { ERROR_CODES } from '../../../common/errors';
import { createKeywordCounter, type KeywordProduct } from '../../../common/keywords';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { connectTestAgent } from './mcp-test-agent';
import { waitFor } from '../../test/wait-for';

type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text?: string; uri?: string }[];
  structuredContent?: Record<string, unknown>;
};

describe.each(testDatabaseKinds())('the MCP read tools on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'mcp-reads');
  let user: TestClient;
  let mcp: Client;
  /** The caller's demo store: its id for the tools, its credentials for the app's own API. */
  let demo: { id: string; credentials: { storeHash: string; accessToken: string; name: string } };

  const connect = (client: TestClient): Promise<Client> => connectTestAgent(app.server.url, client, 'read');

  // A user (and so a demo store, with its own API quota) for each test.
  beforeEach(async () => {
    user = (await newUser()).client;
    mcp = await connect(user);
    const { stores } = demoStoresResponseSchema.parse(await (await user.post(DEMO_STORES_PATH)).json());
    const full = stores.find((store) => store.storeHash.startsWith('sandbox-demo-'))!;
    demo = { id: full.storeHash, credentials: full };
    return () => mcp.close();
  });

  const call = async (name: string, args: Record<string, unknown>) =>
    (await mcp.callTool({ name, arguments: args })) as ToolAnswer;
  /** The app's own answer to a store tool's call for the demo store. */
  const appData = async <D>(
    path: string,
    body: Record<string, unknown>,
    schema: z.ZodType<{ success: true; data: D } | { success: false }>,
  ): Promise<D> => {
    const res = await user.post(path, { storeCredentials: demo.credentials, ...body });
    const answer = schema.parse(await res.json());
    if (!answer.success) throw new Error(`${path} failed: ${JSON.stringify(answer)}`);
    return answer.data;
  };

  it('lists the new tools, read-only', async () => {
    const { tools } = await mcp.listTools();
    for (const name of ['dump_widgets', 'list_channels', 'keyword_report', 'missing_from_titles']) {
      const tool = tools.find((one) => one.name === name);
      expect(tool?.annotations?.readOnlyHint, name).toBe(true);
    }
    expect(tools.find((tool) => tool.name === 'keyword_report')!.inputSchema.required).toEqual([
      'storeId',
      'channelId',
    ]);
  });

  it('dumps the widgets: the summary counts of the app’s own dump, then the pages a page at a time with the details asked for', async () => {
    const dump = await appData(DUMP_WIDGETS_PATH, { dumpMode: 'all' }, dumpWidgetsResponseSchema);
    expect(dump.templates.length).toBeGreaterThan(2);

    const first = await call('dump_widgets', { storeId: demo.id, limit: 2 });
    expect(first.isError).toBeUndefined();
    const answer = first.structuredContent as {
      summary: Record<string, unknown>;
      pages: { index: number; templateFile: string | null; widgetCount: number; widgets?: unknown }[];
      nextOffset: number | null;
    };
    expect(answer.summary).toMatchObject({
      storeHash: demo.id,
      channelId: 1,
      dumpMode: 'all',
      pages: dump.templates.length,
      regions: dump.templates.reduce((n, page) => n + page.snapshot.regions.length, 0),
      widgets: dump.summary.totalWidgets,
      widgetTemplates: dump.summary.totalWidgetTemplates,
      uniqueWidgetTemplates: dump.summary.uniqueWidgetTemplates,
      notes: dump.notes,
    });
    expect(answer.pages.map((page) => page.templateFile)).toEqual(
      dump.templates.slice(0, 2).map((page) => page.template_file),
    );
    expect(answer.pages[0]!.widgets).toBeUndefined();
    expect(answer.nextOffset).toBe(2);

    const rest = (
      await call('dump_widgets', {
        storeId: demo.id,
        offset: 2,
        limit: 100,
        include: ['regions', 'widgets', 'widgetTemplates'],
      })
    ).structuredContent as {
      nextOffset: number | null;
      pages: {
        index: number;
        widgetCount: number;
        regions: { name: string; widgets: number }[];
        widgets: { widgetTemplateUuid: string }[];
      }[];
      widgetTemplates: { uuid: string; name: string; kind: string }[];
    };
    expect(rest.pages.map((page) => page.index)).toEqual(dump.templates.slice(2).map((_page, at) => at + 2));
    expect(rest.nextOffset).toBeNull();
    for (const [at, page] of rest.pages.entries()) {
      const source = dump.templates[at + 2]!;
      expect(page.regions.map((region) => region.name)).toEqual(
        source.snapshot.regions.map((region) => region.name),
      );
      expect(page.widgets).toHaveLength(page.widgetCount);
      expect(page.regions.reduce((n, region) => n + region.widgets, 0)).toBe(page.widgetCount);
    }
    expect(rest.widgetTemplates).toEqual(
      dump.widgetTemplates.map((template) => ({
        uuid: template.uuid,
        name: template.name,
        kind: template.kind,
      })),
    );
  });

  it('dumps selected pages, and answers the app’s messages for bad arguments', async () => {
    const selected = await call('dump_widgets', {
      storeId: demo.id,
      dumpMode: 'selected',
      selectedTemplates: ['home'],
    });
    const home = selected.structuredContent as {
      summary: { pages: number };
      pages: { templateFile: string }[];
    };
    expect(home.pages.map((page) => page.templateFile)).toEqual(['pages/home']);

    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'dump_widgets',
        { storeId: demo.id, dumpMode: 'selected' },
        ERROR_CODES.templateRequired,
        'Please select at least one template',
      ],
      [
        'dump_widgets',
        { storeId: demo.id, dumpMode: 'selected', selectedTemplates: ['product'] },
        ERROR_CODES.entityIdRequired,
        'Please provide entity_id for template: product',
      ],
      [
        'dump_widgets',
        { storeId: demo.id, channelId: 'x' },
        ERROR_CODES.invalidInput,
        'Channel ID must be a whole number of at least 1',
      ],
      [
        'dump_widgets',
        { storeId: demo.id, dumpMode: 'some' },
        ERROR_CODES.invalidInput,
        'dumpMode must be global, all or selected',
      ],
      [
        'keyword_report',
        { storeId: demo.id, channelId: '' },
        ERROR_CODES.invalidInput,
        KEYWORD_MESSAGES.channelRequired,
      ],
      [
        'keyword_report',
        { storeId: demo.id, channelId: 1, startPage: 3, endPage: 2 },
        ERROR_CODES.invalidInput,
        KEYWORD_MESSAGES.invalidPageRange,
      ],
      [
        'keyword_report',
        { storeId: demo.id, channelId: 1, startPage: 1, endPage: 21 },
        ERROR_CODES.invalidInput,
        'At most 20 pages (5000 products) a call: ask for pages 1 to 20, then the next ones',
      ],
      [
        'keyword_report',
        { storeId: demo.id, channelId: 99 },
        ERROR_CODES.invalidInput,
        'No channel with ID 99 in this store. Its channels: 1 (',
      ],
      [
        'missing_from_titles',
        { storeId: demo.id },
        ERROR_CODES.invalidInput,
        KEYWORD_MESSAGES.channelRequired,
      ],
      [
        'missing_from_titles',
        { storeId: demo.id, productIds: [] },
        ERROR_CODES.invalidInput,
        'productIds must list at least one product id',
      ],
      [
        'list_channels',
        { storeId: 'someone-elses' },
        ERROR_CODES.storeNotFound,
        'No store with the id "someone-elses" among your stores.',
      ],
    ];
    for (const [name, args, code, message] of cases) {
      const answer = await call(name, args);
      expect(answer.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(answer.structuredContent?.code, `${name} ${JSON.stringify(args)}`).toBe(code);
      expect(String(answer.structuredContent?.error)).toContain(message);
    }
  });

  it('lists the channels and ranks a channel’s keywords as the Keyword Extractor does', async () => {
    const { channels } = await appData(FETCH_CHANNELS_PATH, {}, fetchChannelsResponseSchema);
    const listed = await call('list_channels', { storeId: demo.id });
    expect(listed.structuredContent).toEqual({ channels });

    // The screen's way: every page of channel 1, counted by the shared engine.
    const first = await appData(FETCH_PRODUCTS_PATH, { page: 1, channelId: 1 }, fetchProductsResponseSchema);
    const products: KeywordProduct[] = [...first.products];
    for (let page = 2; page <= first.totalPages; page++) {
      products.push(
        ...(await appData(FETCH_PRODUCTS_PATH, { page, channelId: 1 }, fetchProductsResponseSchema)).products,
      );
    }
    const counter = createKeywordCounter();
    for (const product of products) counter.addProduct(product);

    const report = await call('keyword_report', { storeId: demo.id, channelId: 1, limit: 5 });
    expect(report.isError).toBeUndefined();
    expect(report.structuredContent).toEqual({
      summary: {
        channel: channels.find((channel) => channel.id === 1),
        pagesRead: { from: 1, to: first.totalPages },
        totalPages: first.totalPages,
        totalProducts: first.totalProducts,
        nextStartPage: null,
        productsCounted: first.totalProducts,
        distinctKeywords: {
          oneWord: counter.distinct(1),
          twoWords: counter.distinct(2),
          threeWords: counter.distinct(3),
        },
      },
      offset: 0,
      keywords: { oneWord: counter.top(5, 1), twoWords: counter.top(5, 2), threeWords: counter.top(5, 3) },
      nextOffset: 5,
    });

    // The next five 2-word keywords of page 2 only; more pages are left.
    const page2 = (
      await call('keyword_report', {
        storeId: demo.id,
        channelId: '1',
        startPage: 2,
        endPage: 2,
        sizes: [2],
        offset: 5,
        limit: 5,
      })
    ).structuredContent as { summary: Record<string, unknown>; keywords: Record<string, unknown> };
    const second = createKeywordCounter();
    const onPage2 = (
      await appData(FETCH_PRODUCTS_PATH, { page: 2, channelId: 1 }, fetchProductsResponseSchema)
    ).products;
    for (const product of onPage2) second.addProduct(product);
    expect(page2.summary).toMatchObject({
      pagesRead: { from: 2, to: 2 },
      productsCounted: onPage2.length,
      nextStartPage: 3,
    });
    expect(page2.keywords).toEqual({ twoWords: second.top(10, 2).slice(5) });

    // Past the last page: nothing read, said plainly.
    const past = await call('keyword_report', { storeId: demo.id, channelId: 1, startPage: 50 });
    expect(past.structuredContent!.summary).toMatchObject({
      pagesRead: null,
      productsCounted: 0,
      nextStartPage: null,
    });
  });

  it('reports the keywords missing from page titles for a channel, and for chosen products as the screen’s call does', async () => {
    const first = await appData(FETCH_PRODUCTS_PATH, { page: 1, channelId: 1 }, fetchProductsResponseSchema);
    const ids = first.products.map((product) => product.id);
    const fromApp = await appData(
      MISSING_FROM_TITLES_PATH,
      { productIds: ids },
      missingFromTitlesResponseSchema,
    );
    expect(fromApp.lines.length).toBeGreaterThan(3);

    const byIds = (await call('missing_from_titles', { storeId: demo.id, productIds: ids, limit: 3 }))
      .structuredContent as {
      summary: {
        checked: number;
        productsMissingKeywords: number;
        mostMissing: { keyword: string; products: number }[];
      };
      products: unknown[];
      nextOffset: number | null;
    };
    expect(byIds.summary).toMatchObject({
      productsAsked: ids.length,
      checked: fromApp.checked,
      productsMissingKeywords: fromApp.lines.length,
    });
    expect(byIds.products).toEqual(fromApp.lines.slice(0, 3));
    expect(byIds.nextOffset).toBe(3);
    const top = byIds.summary.mostMissing[0]!;
    expect(top.products).toBe(fromApp.lines.filter((line) => line.missing.includes(top.keyword)).length);
    expect(byIds.summary.mostMissing.length).toBeLessThanOrEqual(10);

    // The channel's first page: the same products, so the same report.
    const byChannel = (
      await call('missing_from_titles', { storeId: demo.id, channelId: 1, endPage: 1, offset: 2, limit: 2 })
    ).structuredContent as { summary: Record<string, unknown>; products: unknown[]; offset: number };
    expect(byChannel.summary).toMatchObject({
      pagesRead: { from: 1, to: 1 },
      checked: first.products.length,
      productsMissingKeywords: fromApp.lines.length,
    });
    expect(byChannel.products).toEqual(fromApp.lines.slice(2, 4));
  });

  it('links the whole dump as a resource that only its owner reads, and lists it', async () => {
    const dump = await appData(DUMP_WIDGETS_PATH, { dumpMode: 'all' }, dumpWidgetsResponseSchema);
    const answer = await call('dump_widgets', { storeId: demo.id, limit: 1 });
    const fullDump = answer.structuredContent!.fullDump as {
      uri: string;
      name: string;
      bytes: number;
      expiresAt: string;
    };
    expect(fullDump.uri).toMatch(/^bct:\/\/dumps\/[A-Za-z0-9_-]{22}$/);
    expect(fullDump.name).toMatch(new RegExp(`^bc-widgets-dump-${demo.id}-.*\\.json$`));
    expect(fullDump).toMatchObject({ mimeType: 'application/json' });
    expect(new Date(fullDump.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(answer.content.find((item) => item.type === 'resource_link')).toMatchObject({
      uri: fullDump.uri,
      name: fullDump.name,
      mimeType: 'application/json',
      size: fullDump.bytes,
    });

    const read = await mcp.readResource({ uri: fullDump.uri });
    const text = (read.contents[0] as { text: string; mimeType: string }).text;
    expect(read.contents[0]).toMatchObject({ uri: fullDump.uri, mimeType: 'application/json' });
    expect(Buffer.byteLength(text)).toBe(fullDump.bytes);
    const whole = JSON.parse(text) as typeof dump;
    expect({ ...whole, dumpedAt: null }).toEqual({ ...dump, dumpedAt: null });

    const { resources } = await mcp.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(fullDump.uri);

    // The product and category dumps link theirs too.
    const product = await call('dump_product', { storeId: demo.id, searchValue: 77 });
    const productUri = (product.structuredContent!.fullDump as { uri: string }).uri;
    const productDump = JSON.parse(
      ((await mcp.readResource({ uri: productUri })).contents[0] as { text: string }).text,
    ) as { id: number; sku: string };
    expect(productDump.id).toBe(77);
    expect(productDump.sku).toBe((product.structuredContent!.summary as { sku: string }).sku);
    const categories = await call('dump_categories', { storeId: demo.id, limit: 1 });
    expect((categories.structuredContent!.fullDump as { name: string }).name).toMatch(/^category_trees_all_/);

    // Another user's agent, and a link that never was, get "not found".
    const other = await connect((await newUser()).client);
    try {
      await expect(other.readResource({ uri: fullDump.uri })).rejects.toThrow(
        /No dump at bct:\/\/dumps\/.*: it expired \(dumps are kept 60 minutes\) or is not yours/,
      );
      expect((await other.listResources()).resources).toEqual([]);
    } finally {
      await other.close();
    }
    await expect(mcp.readResource({ uri: 'bct://dumps/nope' })).rejects.toMatchObject({ code: -32002 });
  });

  it("lists the caller's snapshots of a store and diffs two (Store History)", async () => {
    /** A brands-only snapshot through the app's API, as the screen takes it, followed to its end. */
    const take = async (): Promise<string> => {
      const res = await user.post(SNAPSHOTS_PATH, { storeCredentials: demo.credentials, scope: ['brands'] });
      expect(res.status).toBe(202);
      const { snapshotId, job } = takeSnapshotResponseSchema.parse(await res.json());
      await waitFor(
        async () => {
          const view = jobResponseSchema.parse(await (await user.request(jobPath(job.id))).json()).job;
          return view.state === 'done';
        },
        { what: 'the snapshot job to end' },
      );
      return snapshotId;
    };
    const first = await take();
    const made = await app.server.request(`/sandbox/stores/${demo.credentials.storeHash}/v3/catalog/brands`, {
      method: 'POST',
      headers: { 'X-Auth-Token': demo.credentials.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Brand For Agents' }),
    });
    expect(made.status).toBe(200);
    const second = await take();

    const listed = await call('list_snapshots', { storeId: demo.id });
    expect(listed.isError).toBeUndefined();
    const snapshots = (
      listed.structuredContent as { snapshots: { id: string; state: string; counts: { brands: number } }[] }
    ).snapshots;
    expect(snapshots.map((snapshot) => snapshot.id)).toEqual([second, first]);
    expect(snapshots[0]!.counts.brands).toBe(snapshots[1]!.counts.brands + 1);

    const diffed = await call('diff_snapshots', { snapshotId: first, against: second });
    expect(diffed.isError).toBeUndefined();
    expect(diffed.structuredContent).toMatchObject({
      total: 1,
      nextCursor: null,
      changes: [{ kind: 'brand', name: 'Brand For Agents', change: 'added', fields: [] }],
    });

    // Another user's agent does not see them; a snapshot id that is not the caller's is "not found".
    const other = await connect((await newUser()).client);
    try {
      const theirs = (await other.callTool({
        name: 'diff_snapshots',
        arguments: { snapshotId: first, against: second },
      })) as ToolAnswer;
      expect(theirs.isError).toBe(true);
      expect(theirs.structuredContent).toEqual({
        error: 'No such snapshot.',
        code: ERROR_CODES.snapshotNotFound,
      });
    } finally {
      await other.close();
    }
    const bad = await call('diff_snapshots', { snapshotId: first });
    expect(bad.isError).toBe(true);
  });
});
