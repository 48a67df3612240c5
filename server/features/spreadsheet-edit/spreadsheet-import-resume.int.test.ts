// Issue 45: a Spreadsheet Edit import resumes after its worker dies, as pg-boss's retry of an expired slice would run
// it again on the same database. The worker "dies" the way a killed process does: its slice stops for good at the
// point where a wave has landed in the store but is not yet settled (the hardest point: the wave is read again and
// found written). Then: every row is counted once and written once, the backup holds every overwritten value (the
// dead slice's wave included), and the undo puts the store back as it was, field by field. And the write never
// overwrites a value that moved since the preview: a cell the store changed after it is skipped and listed, and the
// undo leaves a cell changed after the import.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import { createJobStore, toJobView, type JobStore } from '../../jobs/job-store';
import type { SliceHandler } from '../../jobs/job-queue';
import { sealCredentials } from '../../jobs/sealed-credentials';
import { createLogger } from '../../logger';
import { startSandboxServer, type RunningSandbox } from '../../sandbox/test-server';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/harness';
import { controlSandbox } from '../../test/sandbox-control';
import { createTokenCipher } from '../../token-cipher';
import { readCatalogLookups } from './catalog-lookups';
import { IMPORT_WAVE, spreadsheetImportJobKinds, type ImportInput } from './spreadsheet-import.job';
import { previewSheets, type PreviewOutcome, type SheetRowInput } from './spreadsheet-preview';
import { createSpreadsheetRepository, type SpreadsheetRepository } from './spreadsheet-repository';

const logger = createLogger('silent');
const cipher = createTokenCipher(randomBytes(32));

describe.each(testDatabaseKinds())('a Spreadsheet Edit import when its worker dies (%s)', (kind) => {
  let sb: RunningSandbox;
  let database: TestDatabase;
  let jobs: JobStore;
  let repository: SpreadsheetRepository;

  beforeAll(async () => {
    sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
    database = await createTestDatabase(kind);
    jobs = createJobStore(database.db);
    repository = createSpreadsheetRepository(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
    await sb?.close();
  });

  const clients = () => createBigCommerceClientFactory({ baseUrl: sb.baseUrl, logger });

  /** The slice handler of `kind`, on a job store whose `settleBatch` never answers from its `dieAt`-th call on. */
  const slice = (jobKind: 'spreadsheet-import' | 'spreadsheet-undo', dieAt?: number) => {
    let settles = 0;
    let onDied!: () => void;
    const died = new Promise<void>((resolve) => (onDied = resolve));
    const dying: JobStore = {
      ...jobs,
      settleBatch: async (id, batch) => {
        if (dieAt !== undefined && ++settles >= dieAt) {
          onDied();
          return new Promise<boolean>(() => undefined);
        }
        return jobs.settleBatch(id, batch);
      },
    };
    const definition = spreadsheetImportJobKinds({
      jobs: dying,
      repository,
      clients: clients(),
      getCipher: () => Promise.resolve(cipher),
      logger,
    }).find((entry) => entry.kind === jobKind)!;
    return { handler: definition.slice, died };
  };

  const runToEnd = async (handler: SliceHandler, id: string) => {
    for (let slices = 0; slices < 100; slices++) if ((await handler(id)) === 'finished') return;
    throw new Error('the job did not finish in 100 slices');
  };

  /** Every product with its variants and custom fields, as the API answers them (the store, field by field). */
  const wholeStore = (client: BigCommerceClient) =>
    client.products.listAll({ query: { include: 'variants,custom_fields', sort: 'id' } });

  /** Keeps a preview's outcome as the upload's route does; answers its id. */
  const keepPreview = async (hash: string, outcome: PreviewOutcome) => {
    const previewId = randomUUID();
    await repository.createPreview(
      { id: previewId, owner: `visitor:${hash}`, storeHash: hash, exportId: null, counts: outcome.counts },
      outcome.rows,
      new Date(),
      3_600_000,
    );
    return previewId;
  };

  const newJob = async (
    hash: string,
    token: string,
    jobKind: 'spreadsheet-import' | 'spreadsheet-undo',
    input: ImportInput,
  ) => {
    const id = randomUUID();
    await jobs.createWithinLimits({
      id,
      kind: jobKind,
      owner: `visitor:${hash}`,
      storeHash: hash,
      input,
      credentialsSealed: sealCredentials(cipher, id, { target: { storeHash: hash, accessToken: token } }),
      now: new Date(),
    });
    return id;
  };

  it('goes on from the wave it had not settled: each row counted and written once, and the undo puts every field back', async () => {
    const hash = `resume${randomBytes(4).toString('hex')}`;
    const token = `token-${hash}`;
    await controlSandbox(sb, 'POST', '/stores', { hash, token, kind: 'demo' });
    const client = clients().forStore({ storeHash: hash, accessToken: token });
    const before = await wholeStore(client);
    const withOptions = before.flatMap((product) =>
      (product.variants ?? []).filter((variant) => (variant.option_values ?? []).length > 0),
    );
    expect(before.length).toBeGreaterThan(2 * IMPORT_WAVE);
    expect(withOptions.length).toBeGreaterThan(0);

    // The sheet: every product's price and page title, and every variant's price and SKU-less warning level.
    const rows: SheetRowInput[] = [
      ...before.map((product, i) => ({
        sheet: 'Products' as const,
        row: i + 2,
        cells: new Map<string, string | number | boolean | null>([
          ['ID', product.id],
          ['Price', Number(((product.price ?? 0) + 1).toFixed(2))],
          ['Page Title', `Resumed ${product.id}`],
        ]),
      })),
      ...withOptions.map((variant, i) => ({
        sheet: 'Variants' as const,
        row: i + 2,
        cells: new Map<string, string | number | boolean | null>([
          ['Variant ID', variant.id],
          ['Inventory Warning Level', 7],
        ]),
      })),
    ];
    const outcome = await previewSheets(
      { client, lookups: await readCatalogLookups(client) },
      [
        { name: 'Products', headers: ['ID', 'Price', 'Page Title'] },
        { name: 'Variants', headers: ['Variant ID', 'Inventory Warning Level'] },
      ],
      rows,
    );
    expect(outcome.counts.errors).toBe(0);
    const changed = outcome.counts.changed;
    expect(changed).toBe(outcome.rows.length);
    const previewId = await keepPreview(hash, outcome);

    // The first worker dies with its second wave written to the store and not settled.
    const id = await newJob(hash, token, 'spreadsheet-import', {
      kind: 'import',
      previewId,
      sinceExport: 'keep-store',
    });
    const first = slice('spreadsheet-import', 2);
    void runToEnd(first.handler, id);
    await first.died;
    const dead = (await jobs.get(id))!;
    expect(dead.checkpoint).toBe(IMPORT_WAVE);
    expect(Object.keys(dead.backup as object)).toHaveLength(2 * IMPORT_WAVE);

    // Another worker goes on from the checkpoint to the end.
    await runToEnd(slice('spreadsheet-import').handler, id);
    const done = toJobView((await jobs.get(id))!);
    expect(done).toMatchObject({
      state: 'done',
      total: changed,
      succeeded: changed,
      failed: 0,
      skipped: 0,
      backedUp: changed,
    });
    // Through the view read without the plan and backup, the same.
    expect(toJobView((await jobs.getView(id))!)).toEqual(done);

    // Every cell of the sheet landed (the fields the store derives from them, such as calculated_price, follow).
    const after = await wholeStore(client);
    const written = (products: typeof before) =>
      products.map((product) => ({
        id: product.id,
        price: product.price,
        page_title: product.page_title,
        levels: (product.variants ?? [])
          .filter((variant) => (variant.option_values ?? []).length > 0)
          .map((variant) => variant.inventory_warning_level),
      }));
    expect(written(after)).toEqual(
      written(before).map((product) => ({
        ...product,
        price: Number(((product.price ?? 0) + 1).toFixed(2)),
        page_title: `Resumed ${product.id}`,
        levels: product.levels.map(() => 7),
      })),
    );
    const withoutDates = (products: readonly object[]) =>
      products.map((product) => {
        const { date_modified: _modified, ...rest } = product as Record<string, unknown>;
        return rest;
      });
    // The wave the dead worker wrote was not sent again: the fewest requests, 10 products or 50 variants each
    // (products_catalog.v3.yml updateProducts, product-variants_catalog.v3.yml updateVariantsBatch).
    const stats = (await controlSandbox(sb, 'GET', `/stores/${hash}/stats`)).data as {
      byRoute: Record<string, number>;
    };
    expect(stats.byRoute['PUT /stores/:hash/v3/catalog/products']).toBe(Math.ceil(before.length / 10));
    expect(stats.byRoute['PUT /stores/:hash/v3/catalog/variants']).toBe(Math.ceil(withOptions.length / 50));

    // The undo, itself killed once mid-way, puts back every value the import changed.
    const undoId = await newJob(hash, token, 'spreadsheet-undo', { kind: 'undo', undoOf: id });
    const dyingUndo = slice('spreadsheet-undo', 2);
    void runToEnd(dyingUndo.handler, undoId);
    await dyingUndo.died;
    await runToEnd(slice('spreadsheet-undo').handler, undoId);
    expect(await jobs.get(undoId)).toMatchObject({ state: 'done', succeeded: changed, failed: 0 });
    expect(withoutDates(await wholeStore(client))).toEqual(withoutDates(before));
  }, 240_000);

  it('skips and lists a cell the store changed after the preview, and the undo leaves one changed after the import', async () => {
    const hash = `moved${randomBytes(4).toString('hex')}`;
    const token = `token-${hash}`;
    await controlSandbox(sb, 'POST', '/stores', { hash, token, kind: 'demo' });
    const client = clients().forStore({ storeHash: hash, accessToken: token });
    const [a, b, c] = (await wholeStore(client)).slice(0, 3);
    expect(a && b && c).toBeTruthy();
    const sheetRows: SheetRowInput[] = [a!, b!, c!].map((product, i) => ({
      sheet: 'Products',
      row: i + 2,
      cells: new Map<string, string | number | boolean | null>([
        ['ID', product.id],
        ['Price', 500 + i],
        ['Page Title', `Sheet ${product.id}`],
      ]),
    }));
    const outcome = await previewSheets(
      { client, lookups: await readCatalogLookups(client) },
      [{ name: 'Products', headers: ['ID', 'Price', 'Page Title'] }],
      sheetRows,
    );
    const previewId = await keepPreview(hash, outcome);
    // After the preview, before the write: a's price changes in the store.
    await client.products.update(a!.id, { price: 42 });
    const id = await newJob(hash, token, 'spreadsheet-import', {
      kind: 'import',
      previewId,
      sinceExport: 'keep-store',
    });
    await runToEnd(slice('spreadsheet-import').handler, id);
    const done = toJobView((await jobs.get(id))!);
    expect(done).toMatchObject({ state: 'done', total: 3, succeeded: 3, failed: 0 });
    expect(done.outcomes).toContainEqual(
      expect.objectContaining({
        kind: 'cell',
        outcome: 'skipped',
        key: expect.objectContaining({ productId: a!.id, column: 'Price' }) as unknown,
        reason: 'Changed in the store since the preview (now 42): left as it is',
        reasonCode: 'changedSincePreview',
      }),
    );
    const read = async (productId: number) => {
      const product = (await wholeStore(client)).find((one) => one.id === productId)!;
      return { price: product.price, page_title: product.page_title };
    };
    expect(await read(a!.id)).toEqual({ price: 42, page_title: `Sheet ${a!.id}` });
    expect(await read(b!.id)).toEqual({ price: 501, page_title: `Sheet ${b!.id}` });

    // After the import, b's page title changes in the store: the undo puts back the rest and leaves it.
    await client.products.update(b!.id, { page_title: 'Changed after the import' });
    const undoId = await newJob(hash, token, 'spreadsheet-undo', { kind: 'undo', undoOf: id });
    await runToEnd(slice('spreadsheet-undo').handler, undoId);
    expect(await jobs.get(undoId)).toMatchObject({ state: 'done', failed: 0 });
    expect(await read(a!.id)).toEqual({ price: 42, page_title: a!.page_title });
    expect(await read(b!.id)).toEqual({ price: b!.price, page_title: 'Changed after the import' });
    expect(await read(c!.id)).toEqual({ price: c!.price, page_title: c!.page_title });
  }, 120_000);
});
