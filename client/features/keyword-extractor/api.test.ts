import { afterEach, describe, expect, it, vi } from 'vitest';
import { FETCH_PRODUCTS_PATH, MISSING_FROM_TITLES_PATH } from '../../../common/contracts/keyword-extractor';
import { ApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import { toolErrorText, ToolFailureError } from '../../lib/tool-errors';
import { channelsErrorText, fetchMissingFromTitles, fetchProductPage, pageErrorText } from './api';

const en = createI18n('en').t;
const viT = createI18n('vi').t;

const store = { id: 's', name: 'Demo', storeHash: 'sandbox-demo', accessToken: 'demo-token', clientId: 'c' };

afterEach(() => vi.unstubAllGlobals());

describe('the texts of failures (spec part 2 §8)', () => {
  const body = {
    success: false,
    error:
      'BigCommerce rejected the API token (401). Check the token in the Store Manager and try again please.',
    code: 'bc_unauthorized',
  };

  it("a page's HTTP failure is 'HTTP Error {code}: {first 100 chars}' of the body", () => {
    const text = pageErrorText(new ApiError(401, body, 'x'), en);
    expect(text).toBe(`HTTP Error 401: ${JSON.stringify(body).slice(0, 100)}`);
    expect(text.length).toBe('HTTP Error 401: '.length + 100);
    expect(pageErrorText(new ApiError(502, '<html>Bad gateway</html>', 'x'), en)).toBe(
      'HTTP Error 502: <html>Bad gateway</html>',
    );
    expect(pageErrorText(new ApiError(500, null, 'x'), en)).toBe('HTTP Error 500: ');
  });

  it("an API failure shows the error, else 'An error occurred'; no answer is a connection error", () => {
    expect(
      pageErrorText(
        new ToolFailureError({ success: false, error: 'Store is down', code: 'bc_unavailable' }),
        en,
      ),
    ).toBe('Store is down');
    expect(pageErrorText(new Error('anything else'), en)).toBe('An error occurred');
    expect(pageErrorText(new Error('anything else'), viT)).toBe('Có lỗi xảy ra');
    expect(pageErrorText(new TypeError('Failed to fetch'), en)).toBe('Connection error: Failed to fetch');
  });

  it("channels: the error or 'Failed to load channels'; an exception is 'Connection error: {reason}'", () => {
    expect(channelsErrorText(new ApiError(401, body, 'x'), en)).toBe(body.error);
    expect(channelsErrorText(new ApiError(500, 'oops', 'x'), en)).toBe('Failed to load channels');
    expect(channelsErrorText(new Error('x'), en)).toBe('Failed to load channels');
    expect(channelsErrorText(new TypeError('Failed to fetch'), en)).toBe('Connection error: Failed to fetch');
    expect(channelsErrorText(new TypeError('Failed to fetch'), viT)).toBe('Lỗi kết nối: Failed to fetch');
  });
});

describe('fetchProductPage', () => {
  it('posts the page request and returns the page; a non-2xx answer keeps its body for the message', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    const page = {
      products: [{ id: 1, name: 'A', description: '' }],
      currentPage: 2,
      totalPages: 6,
      totalProducts: 1260,
    };
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      return Promise.resolve(new Response(JSON.stringify({ success: true, data: page }), { status: 200 }));
    });
    expect(await fetchProductPage({ storeCredentials: store, page: 2, channelId: 1 })).toEqual(page);
    expect(calls).toEqual([
      { url: FETCH_PRODUCTS_PATH, body: { storeCredentials: store, page: 2, channelId: 1 } },
    ]);

    const failure = '{"success":false,"error":"Too many requests","code":"bc_rate_limited"}';
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(failure, { status: 429 })));
    const error = await fetchProductPage({ storeCredentials: store, page: 3, channelId: 1 }).catch(
      (e: unknown) => e,
    );
    expect(pageErrorText(error, en)).toBe(`HTTP Error 429: ${failure}`);
  });
});

describe('fetchMissingFromTitles', () => {
  it("posts the ids and returns the report; a failure shows the server's text, else 'An error occurred'", async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    const data = {
      checked: 2,
      lines: [{ id: 7, name: 'Lamp', title: 'Lamp', topKeywords: ['brass', 'lamp'], missing: ['brass'] }],
    };
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      return Promise.resolve(new Response(JSON.stringify({ success: true, data }), { status: 200 }));
    });
    expect(await fetchMissingFromTitles({ storeCredentials: store, productIds: [7, 8] })).toEqual(data);
    expect(calls).toEqual([
      { url: MISSING_FROM_TITLES_PATH, body: { storeCredentials: store, productIds: [7, 8] } },
    ]);

    const failure = { success: false, error: 'Store is down', code: 'bc_unavailable' };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(failure), { status: 200 })));
    const refused = await fetchMissingFromTitles({ storeCredentials: store, productIds: [7] }).catch(
      (e: unknown) => e,
    );
    expect(toolErrorText(refused, en)).toBe('Store is down');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>oops</html>', { status: 502 })));
    const broken = await fetchMissingFromTitles({ storeCredentials: store, productIds: [7] }).catch(
      (e: unknown) => e,
    );
    expect(toolErrorText(broken, en)).toBe('An error occurred');
    expect(toolErrorText(broken, viT)).toBe('Có lỗi xảy ra');
  });
});
