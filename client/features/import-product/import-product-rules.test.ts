import { describe, expect, it } from 'vitest';
import {
  emptyImportProductResult,
  importProductRequestSchema,
} from '../../../common/contracts/import-product';
import { productDumpSchema, type ProductDumpInput } from '../../../common/dumps/product-dump';
import { createI18n } from '../../lib/i18n';
import {
  buildImportRequest,
  buildSourceRequest,
  hasFailures,
  idMapKey,
  initialExistingSkuChoice,
  isCopySuffixValid,
  previewDump,
  productFileProblemText,
  readProductDump,
  readProductFile,
  resultDownload,
  resultFileName,
  resultStats,
  validateImport,
  type LoadedDump,
  type ProductFileRead,
} from './import-product-rules';

function dumpInput(over: Partial<ProductDumpInput> = {}): ProductDumpInput {
  return {
    formatVersion: 1,
    kind: 'bc-toolbox/product-dump',
    dumpedAt: '2026-04-01T09:30:00.000Z',
    source: { storeHash: 'sandbox-demo', productId: 77 },
    id: 77,
    name: 'Harbour Hoodie',
    sku: 'HH-01',
    type: 'physical',
    categories: [21, 22],
    category_details: [],
    brand_id: null,
    brand_name: null,
    channels: [1],
    images: [{ id: 1 }, { id: 2 }, { id: 3 }],
    variants: [{ id: 5, sku: 'HH-01-S' }],
    options: [{ id: 8, display_name: 'Size', type: 'radio_buttons', option_values: [{ label: 'S' }] }],
    modifiers: [],
    ...over,
  };
}
const dump = (over: Partial<ProductDumpInput> = {}) => productDumpSchema.parse(dumpInput(over));
const file = (name: string, text: string) => new File([text], name, { type: 'application/json' });
const en = createI18n('en').t;
const vi = createI18n('vi').t;
const store = { storeHash: 'sandbox-empty', accessToken: 'empty-token', clientId: 'client-1' };

function problemOf(read: ProductFileRead) {
  if (read.ok) throw new Error('expected a problem');
  return read.problem;
}

describe('reading the product file (spec part 1 §5)', () => {
  it('gives the dump of a good file, with the format’s defaults', async () => {
    const { modifiers: _modifiers, ...withoutModifiers } = dumpInput();
    const read = await readProductFile(file('product_77.json', JSON.stringify(withoutModifiers)));
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.dump.name).toBe('Harbour Hoodie');
      expect(read.dump.modifiers).toEqual([]);
      expect(read.dump.videos).toEqual([]);
    }
  });

  it("refuses a name that does not end in .json with 'Please select a JSON file', without reading it", async () => {
    const unread = { name: 'product.txt', text: () => Promise.reject(new Error('must not be read')) };
    const problem = problemOf(await readProductFile(unread));
    expect(problem).toEqual({ kind: 'notJsonFile' });
    expect(productFileProblemText(problem, en).text).toBe('Please select a JSON file');
    expect(productFileProblemText(problem, vi).text).toBe('Vui lòng chọn tệp JSON');
    // The extension is not case-sensitive.
    expect((await readProductFile(file('PRODUCT.JSON', JSON.stringify(dumpInput())))).ok).toBe(true);
  });

  it("says 'Invalid JSON file' for content that does not parse", async () => {
    const problem = problemOf(await readProductFile(file('product.json', '{"name": "Hoodie",')));
    expect(problem).toEqual({ kind: 'invalidJson' });
    expect(productFileProblemText(problem, en).text).toBe('Invalid JSON file');
    expect(productFileProblemText(problem, vi).text).toBe('Tệp JSON không hợp lệ');
  });

  it('says a file could not be read', async () => {
    const broken = { name: 'product.json', text: () => Promise.reject(new Error('disk')) };
    const problem = problemOf(await readProductFile(broken));
    expect(productFileProblemText(problem, en).text).toBe('The file could not be read. Please try again.');
  });

  it('names what makes JSON no product dump in words, the parser’s text behind Details', async () => {
    const content = dumpInput({ name: 42 as unknown as string });
    const problem = problemOf(await readProductFile(file('product.json', JSON.stringify(content))));
    expect(problem).toMatchObject({ kind: 'notProductDump' });
    expect(productFileProblemText(problem, en)).toEqual({
      text: 'This file is not a product dump made by Dump Product: The name has the wrong type of value',
      detail: 'name: Invalid input: expected string, received number',
    });
    expect(productFileProblemText(problem, vi).text).toBe(
      'Tệp này không phải tệp xuất sản phẩm của Dump Product: Tên có kiểu giá trị không đúng',
    );

    const nested = readProductDump(dumpInput({ variants: [{ sku: 7 as unknown as string }] }));
    const nestedText = productFileProblemText(problemOf(nested), en);
    expect(nestedText.text).toBe(
      'This file is not a product dump made by Dump Product: The SKU has the wrong type of value (item 1)',
    );
    expect(nestedText.detail).toMatch(/^variants\[0\]\.sku: /);
  });

  it('says a file another tool made is no product dump, without the parser’s list (a widgets dump)', () => {
    const widgets = { storeHash: 'abc', templates: [], widgetTemplates: [], summary: {} };
    const problem = problemOf(readProductDump(widgets));
    const text = productFileProblemText(problem, en);
    expect(text.text).toBe('This file is not a product dump made by Dump Product.');
    expect(text.detail).toMatch(
      /^formatVersion: .*\nkind: Invalid input: expected "bc-toolbox\/product-dump"/,
    );
    expect(productFileProblemText(problem, vi).text).toBe(
      'Tệp này không phải tệp xuất sản phẩm của Dump Product.',
    );
  });

  it('names the first three issues and counts the rest', () => {
    const problem = problemOf(
      readProductDump(dumpInput({ variants: [1, 2, 3, 4, 5].map((n) => ({ sku: n as unknown as string })) })),
    );
    if (problem.kind !== 'notProductDump') throw new Error('expected notProductDump');
    const more = problem.issues.issues.length - 3;
    expect(more).toBeGreaterThan(0);
    const text = productFileProblemText(problem, en).text;
    expect(text).toMatch(
      new RegExp(`^This file is not a product dump made by Dump Product: .*; .*; .* \\(and ${more} more\\)$`),
    );
    expect(productFileProblemText(problem, vi).text).toMatch(new RegExp(`\\(và ${more} lỗi khác\\)$`));
  });

  it('reads content that is not an object as data in the wrong format', () => {
    const problem = problemOf(readProductDump([dumpInput()]));
    expect(productFileProblemText(problem, en)).toEqual({
      text: 'This file is not a product dump made by Dump Product: The data is not in the expected format',
      detail: 'Invalid input: expected object, received array',
    });
  });

  it('words a store’s answer that is no dump as such', () => {
    const problem = problemOf(readProductDump({ formatVersion: 1, kind: 'bc-toolbox/product-dump' }));
    expect(productFileProblemText(problem, en, true).text).toMatch(
      /^The store’s answer is not a product dump: /,
    );
  });
});

describe('the preview (spec part 1 §2)', () => {
  it('shows name, SKU, type and the counts of categories, images, variants, options, modifiers', () => {
    expect(previewDump(dump())).toEqual({
      name: 'Harbour Hoodie',
      sku: 'HH-01',
      type: 'physical',
      categories: 2,
      images: 3,
      variants: 1,
      options: 1,
      modifiers: 0,
    });
  });

  it('has no SKU for an empty one (shown as N/A)', () => {
    expect(previewDump(dump({ sku: '' })).sku).toBeNull();
    expect(previewDump(dump({ sku: '  ' })).sku).toBeNull();
  });
});

describe('the requests', () => {
  it('builds the import body of the contract: store, the dump as loaded, the choice', () => {
    const request = buildImportRequest(store, dump(), initialExistingSkuChoice, undefined);
    expect(request.store).toEqual(store);
    expect(request.options).toEqual({ onExistingSku: 'update', copySuffix: '-copy' });
    expect(request.productData.name).toBe('Harbour Hoodie');
    expect(importProductRequestSchema.safeParse(request).success).toBe(true);
  });

  it('trims the suffix of a copy and sends the earlier run’s id map when there is one', () => {
    const idMap = { product: { '77': 128 }, variants: { '5': 300 }, options: {}, modifiers: {}, images: {} };
    const request = buildImportRequest(store, dump(), { onExistingSku: 'copy', copySuffix: ' -b ' }, idMap);
    expect(request.options).toEqual({ onExistingSku: 'copy', copySuffix: '-b', idMap });
    expect(importProductRequestSchema.parse(request).options.idMap).toEqual(idMap);
  });

  it('builds the "from a store" body of Dump Product, the value trimmed', () => {
    const credentials = {
      id: 's1',
      name: 'Demo',
      storeHash: 'sandbox-demo',
      accessToken: 'demo-token',
      clientId: 'c',
    };
    expect(buildSourceRequest(credentials, 'sku', '  HH-01 ')).toEqual({
      storeCredentials: credentials,
      searchType: 'sku',
      searchValue: 'HH-01',
    });
  });

  it('keys an id map by the target store and the dump’s source product', () => {
    const a = idMapKey('sandbox-empty', dump());
    expect(a).toBe(
      idMapKey('sandbox-empty', dump({ name: 'Renamed', dumpedAt: '2026-05-01T00:00:00.000Z' })),
    );
    expect(a).not.toBe(idMapKey('other-store', dump()));
    expect(a).not.toBe(
      idMapKey('sandbox-empty', dump({ source: { storeHash: 'sandbox-demo', productId: 78 } })),
    );
    expect(a).not.toBe(
      idMapKey('sandbox-empty', dump({ source: { storeHash: 'elsewhere', productId: 77 } })),
    );
  });
});

describe('validation before the import (spec part 1 §5)', () => {
  const loaded: LoadedDump = { dump: dump(), origin: { kind: 'file', fileName: 'p.json' }, serial: 1 };

  it('asks for the store first, then the file, then a usable suffix', () => {
    expect(validateImport(false, null, initialExistingSkuChoice)).toBe('store');
    expect(validateImport(true, null, initialExistingSkuChoice)).toBe('file');
    expect(validateImport(true, loaded, { onExistingSku: 'copy', copySuffix: '   ' })).toBe('copySuffix');
    expect(validateImport(true, loaded, initialExistingSkuChoice)).toBeNull();
  });

  it('takes a suffix of 1 to 20 characters, and any suffix when no copy is made', () => {
    expect(isCopySuffixValid({ onExistingSku: 'copy', copySuffix: '-copy' })).toBe(true);
    expect(isCopySuffixValid({ onExistingSku: 'copy', copySuffix: 'x'.repeat(20) })).toBe(true);
    expect(isCopySuffixValid({ onExistingSku: 'copy', copySuffix: 'x'.repeat(21) })).toBe(false);
    expect(isCopySuffixValid({ onExistingSku: 'copy', copySuffix: '' })).toBe(false);
    expect(isCopySuffixValid({ onExistingSku: 'update', copySuffix: '' })).toBe(true);
  });
});

describe('the result (spec part 1 §3)', () => {
  const result = {
    ...emptyImportProductResult({ id: 128, name: 'Harbour Hoodie', sku: 'HH-01' }),
    options: { success: 1, failed: 0 },
    variants: { created: 3, updated: 1, failed: 0 },
    images: { success: 2, failed: 0, skipped: 1 },
    reviews: { success: 4, failed: 0, skipped: 2 },
    channels: { success: 1, error: 0 },
    idMap: { product: { '77': 128 }, variants: {}, options: {}, modifiers: {}, images: {} },
  };

  it('lists every counter of the statistics grid in the spec’s order', () => {
    const stats = resultStats(result);
    expect(stats.map((stat) => stat.key)).toEqual([
      'options',
      'modifiers',
      'variants',
      'images',
      'videos',
      'customFields',
      'bulkPricing',
      'reviews',
      'channels',
    ]);
    const flat = Object.fromEntries(
      stats.map((stat) => [stat.key, Object.fromEntries(stat.counts.map((c) => [c.key, c.value]))]),
    );
    expect(flat.variants).toEqual({ created: 3, updated: 1, failed: 0 });
    expect(flat.images).toEqual({ success: 2, failed: 0, skipped: 1 });
    expect(flat.reviews).toEqual({ success: 4, failed: 0, skipped: 2 });
    expect(flat.channels).toEqual({ success: 1, error: 0 });
    expect(flat.bulkPricing).toEqual({ success: 0, failed: 0 });
  });

  it('has failures when any failed or error counter is above 0', () => {
    expect(hasFailures(result)).toBe(false);
    expect(hasFailures({ ...result, channels: { success: 0, error: 1 } })).toBe(true);
    expect(hasFailures({ ...result, images: { success: 0, failed: 2, skipped: 0 } })).toBe(true);
  });

  it('downloads as import_product_{id}_{timestamp}.json with the id map and what it came from, no token', () => {
    const at = new Date('2026-04-01T09:30:05.120Z');
    expect(resultFileName(result, at)).toBe('import_product_128_2026-04-01T09-30-05-120Z.json');
    const file = resultDownload(result, {
      targetStoreHash: 'sandbox-empty',
      dump: dump(),
      choice: { onExistingSku: 'copy', copySuffix: ' -b ' },
      at,
    });
    expect(file).toEqual({
      kind: 'bc-toolbox/import-product-result',
      importedAt: '2026-04-01T09:30:05.120Z',
      targetStoreHash: 'sandbox-empty',
      source: { storeHash: 'sandbox-demo', productId: 77 },
      options: { onExistingSku: 'copy', copySuffix: '-b' },
      results: result,
    });
    expect(JSON.stringify(file)).not.toContain('token');
  });
});
