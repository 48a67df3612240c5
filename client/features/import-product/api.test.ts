import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  emptyImportProductResult,
  type ImportProductRequest,
  type ImportProgress,
} from '../../../common/contracts/import-product';
import { ApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import { stubFetchAnswer } from '../../lib/test-ndjson';
import { dryRunImport, fetchSourceDump, importProduct } from './api';
import { importErrorText } from './import-product-rules';

const request = {
  store: { storeHash: 'sandbox-empty', accessToken: 'empty-token', clientId: 'c' },
  productData: {} as ImportProductRequest['productData'],
  options: { onExistingSku: 'update', copySuffix: '-copy' },
} satisfies ImportProductRequest;
const result = emptyImportProductResult({ id: 128, name: 'Hoodie', sku: 'HH-01' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the import call', () => {
  it('asks for NDJSON, hands on each progress line, and gives the §3 result of the last line', async () => {
    const calls = stubFetchAnswer([
      '{"type":"progress","done":1,"total":3,"step":"product"}\n{"type":"pro',
      'gress","done":2,"total":3,"step":"variant HH-01-S"}\n',
      `${JSON.stringify({ results: { ...result, action: 'updated' } })}\n`,
    ]);
    const progress: ImportProgress[] = [];
    const answered = await importProduct(request, (line) => progress.push(line));
    expect(answered.action).toBe('updated');
    expect(answered.productId).toBe(128);
    expect(progress.map((line) => `${line.done}/${line.total} ${line.step}`)).toEqual([
      '1/3 product',
      '2/3 variant HH-01-S',
    ]);
    expect(calls[0]?.url).toBe('/api/import-product');
    expect(new Headers(calls[0]?.init.headers).get('accept')).toBe('application/x-ndjson');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual(request);
  });

  it('throws the server’s words of a failure after the stream began, and of a refused request', async () => {
    stubFetchAnswer([
      '{"type":"progress","done":1,"total":3,"step":"product"}\n',
      '{"success":false,"error":"Store gone","code":"bc_http"}\n',
    ]);
    const failed = await importProduct(request, () => undefined).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect(importErrorText(failed, createI18n('en').t)).toBe('Store gone');

    stubFetchAnswer(
      ['{"success":false,"error":"productData.name: Invalid input","code":"invalid_input"}'],
      400,
    );
    const refused = await importProduct(request, () => undefined).catch((error: unknown) => error);
    // The parser's words become a sentence (issue 31).
    expect(importErrorText(refused, createI18n('en').t)).toBe(
      'The request is invalid: The name is not valid',
    );
  });

  it("falls back to 'Import failed' (Vietnamese: 'Nhập thất bại') when the server gives no words", async () => {
    stubFetchAnswer(['Bad gateway'], 502);
    const failed = await importProduct(request, () => undefined).catch((error: unknown) => error);
    expect(importErrorText(failed, createI18n('en').t)).toBe('Import failed');
    expect(importErrorText(failed, createI18n('vi').t)).toBe('Nhập thất bại');
    // An answer of an unknown shape is a failed import too.
    stubFetchAnswer(['{"results":{"productId":"x"}}\n']);
    const odd = await importProduct(request, () => undefined).catch((error: unknown) => error);
    expect(odd).toBeInstanceOf(z.ZodError);
    expect(importErrorText(odd, createI18n('en').t)).toBe('Import failed');
  });

  it('says the connection dropped when the stream ends without an answer', async () => {
    stubFetchAnswer(['{"type":"progress","done":1,"total":3,"step":"product"}\n']);
    const dropped = await importProduct(request, () => undefined).catch((error: unknown) => error);
    expect(importErrorText(dropped, createI18n('en').t)).toBe(
      'Server connection error: the connection closed before the answer arrived',
    );
  });
});

describe('the dry run and the "from a store" source', () => {
  it('posts the same body to the dry run and gives the plan', async () => {
    const plan = {
      action: 'create',
      existingProductId: null,
      sku: 'HH-01',
      name: 'Hoodie',
      clashes: [],
      limits: [],
      categories: [],
      brand: null,
      channels: [],
      variants: { create: 0, update: 0 },
      steps: 1,
      notes: [],
    };
    const calls = stubFetchAnswer([JSON.stringify({ plan })]);
    expect(await dryRunImport(request)).toEqual(plan);
    expect(calls[0]?.url).toBe('/api/import-product/dry-run');
    expect(calls[0]?.init.method).toBe('POST');
  });

  it('gives the data of Dump Product’s answer unchecked (the screen checks it as a file), and throws a failure', async () => {
    const calls = stubFetchAnswer([JSON.stringify({ success: true, data: { not: 'a dump' } })]);
    const body = { storeCredentials: request.store, searchType: 'id' as const, searchValue: '77' };
    expect(await fetchSourceDump(body)).toEqual({ not: 'a dump' });
    expect(calls[0]?.url).toBe('/api/dump-product');
    stubFetchAnswer(
      [
        JSON.stringify({
          success: false,
          error: 'No product with ID 9 was found',
          code: 'product_not_found',
        }),
      ],
      404,
    );
    await expect(fetchSourceDump(body)).rejects.toBeInstanceOf(ApiError);
  });
});
