// POST /api/fetch-channels and /api/fetch-products (spec part 2 §7; issue 14) over HTTP against the built-in sandbox.
import { describe, expect, it } from 'vitest';
import {
  FETCH_CHANNELS_PATH,
  FETCH_PRODUCTS_PATH,
  fetchChannelsResponseSchema,
  fetchProductsResponseSchema,
  KEYWORD_PAGE_SIZE,
  MISSING_FROM_TITLES_PATH,
  missingFromTitlesResponseSchema,
} from '../../../common/contracts/keyword-extractor';
import { missingFromTitle } from '../../../common/keywords';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE, toolData, useToolTestServer } from '../../test/store-tools';

describe.each(testDatabaseKinds())('keyword extractor calls (%s)', (kind) => {
  const app = useToolTestServer(kind);

  it('lists the store channels', async () => {
    const data = toolData(
      await app.post(FETCH_CHANNELS_PATH, { storeCredentials: DEMO_STORE }),
      fetchChannelsResponseSchema,
    );
    const truth = await app.sandbox<{ data: { id: number; name: string }[] }>('/v3/channels');
    expect(data.channels).toEqual(
      truth.data.map((channel) => ({ id: channel.id, name: channel.name })).sort((a, b) => a.id - b.id),
    );
    expect(data.channels.map((channel) => channel.id)).toEqual([1, 1702953]);
  });

  it('pages through one channel: the pages add up to the products assigned to it, with only id, name, description', async () => {
    for (const channelId of [1, 1702953]) {
      const assigned = await app.sandbox<{ data: { product_id: number }[] }>(
        `/v3/catalog/products/channel-assignments?channel_id:in=${channelId}&limit=250`,
      );
      // The assignments list pages too: read them all.
      const assignedIds = new Set<number>(assigned.data.map((row) => row.product_id));
      for (let page = 2; assigned.data.length === 250; page++) {
        const more = await app.sandbox<{ data: { product_id: number }[] }>(
          `/v3/catalog/products/channel-assignments?channel_id:in=${channelId}&limit=250&page=${page}`,
        );
        for (const row of more.data) assignedIds.add(row.product_id);
        if (more.data.length < 250) break;
      }
      const first = toolData(
        await app.post(FETCH_PRODUCTS_PATH, { storeCredentials: DEMO_STORE, page: 1, channelId }),
        fetchProductsResponseSchema,
      );
      expect(first.totalProducts).toBe(assignedIds.size);
      expect(first.totalPages).toBe(Math.ceil(assignedIds.size / KEYWORD_PAGE_SIZE));
      const seen = new Set<number>();
      for (let page = 1; page <= first.totalPages; page++) {
        const data = toolData(
          await app.post(FETCH_PRODUCTS_PATH, {
            storeCredentials: DEMO_STORE,
            page: String(page),
            channelId,
          }),
          fetchProductsResponseSchema,
        );
        expect(data.currentPage).toBe(page);
        for (const product of data.products) {
          expect(Object.keys(product).sort()).toEqual(['description', 'id', 'name']);
          expect(assignedIds.has(product.id)).toBe(true);
          seen.add(product.id);
        }
      }
      expect(seen.size).toBe(assignedIds.size);
    }
  });

  it("answers each page with the store's quota in use, from BigCommerce's rate-limit headers (issue 31)", async () => {
    const first = toolData(
      await app.post(FETCH_PRODUCTS_PATH, { storeCredentials: DEMO_STORE, page: 1, channelId: 1 }),
      fetchProductsResponseSchema,
    );
    // The quota these tests give the demo store (useToolTestServer), in the sandbox's 30 s window (API-NOTES §5).
    expect(first.rateLimit).toMatchObject({ quota: 100_000, windowMs: 30_000 });
    expect(first.rateLimit!.used).toBeGreaterThanOrEqual(1);
    const second = toolData(
      await app.post(FETCH_PRODUCTS_PATH, { storeCredentials: DEMO_STORE, page: 2, channelId: 1 }),
      fetchProductsResponseSchema,
    );
    // One more request counted in the same window.
    expect(second.rateLimit!.used).toBe(first.rateLimit!.used + 1);
  });

  it('a page past the end is empty; bad input and a wrong token get clear 4xx answers', async () => {
    const past = toolData(
      await app.post(FETCH_PRODUCTS_PATH, { storeCredentials: DEMO_STORE, page: 999, channelId: 1 }),
      fetchProductsResponseSchema,
    );
    expect(past.products).toEqual([]);
    const noChannel = await app.post(FETCH_PRODUCTS_PATH, { storeCredentials: DEMO_STORE, page: 1 });
    expect(noChannel).toMatchObject({
      status: 400,
      body: { success: false, error: 'Please select a channel' },
    });
    const badPage = await app.post(FETCH_PRODUCTS_PATH, {
      storeCredentials: DEMO_STORE,
      page: 0,
      channelId: 1,
    });
    expect(badPage).toMatchObject({
      status: 400,
      body: { success: false, error: 'page must be a whole number of at least 1' },
    });
    const noStore = await app.post(FETCH_CHANNELS_PATH, {});
    expect(noStore).toMatchObject({
      status: 400,
      body: { error: 'Please select a store', code: 'store_required' },
    });
    const wrongToken = await app.post(FETCH_CHANNELS_PATH, {
      storeCredentials: { ...DEMO_STORE, accessToken: 'nope' },
    });
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body).toMatchObject({ success: false, code: 'bc_unauthorized' });
  });

  it('reports the products whose page title lacks their top description keywords', async () => {
    const list = await app.sandbox<{
      data: { id: number; name: string; description: string; page_title: string }[];
    }>('/v3/catalog/products?limit=40&include_fields=id,name,description,page_title');
    const ids = list.data.map((product) => product.id);
    const data = toolData(
      await app.post(MISSING_FROM_TITLES_PATH, {
        storeCredentials: DEMO_STORE,
        productIds: [...ids, 999999],
      }),
      missingFromTitlesResponseSchema,
    );
    expect(data.checked).toBe(ids.length);
    // An independent reading: the same rule applied here to what the store holds.
    const expected = list.data
      .map((product) => missingFromTitle(product))
      .filter((line) => line.missing.length > 0);
    expect(data.lines.map((line) => line.id).sort((a, b) => a - b)).toEqual(
      expected.map((line) => line.id).sort((a, b) => a - b),
    );
    expect(data.lines.length).toBeGreaterThan(0);
    for (const line of data.lines) {
      expect(line.missing.length).toBeGreaterThan(0);
      for (const word of line.missing)
        expect(line.title.toLowerCase()).not.toMatch(new RegExp(`\\b${word}\\b`));
    }
    const tooMany = await app.post(MISSING_FROM_TITLES_PATH, {
      storeCredentials: DEMO_STORE,
      productIds: Array.from({ length: 251 }, (_, i) => i + 1),
    });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { error: 'productIds takes at most 250 ids a call' },
    });
  });
});
