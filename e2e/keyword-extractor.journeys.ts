// Journeys of the Keyword Extractor (issue 14; spec part 2 §2-§5, §8, §9) against the real server and its built-in
// sandbox: a run on the demo store's channel 1 stopped mid-way, reloaded (restored as stopped), resumed with the counts
// continued, completed; the tables and the CSV checked against an independent count of the same pages made here with
// the engine; a keyword's products handed to Reset Page Title; the report of keywords missing from page titles checked
// against the rule run here on the products read straight from the sandbox, its CSV, two of its ids handed to Copy
// Description; New; the validation and failure messages. Expected texts are written out from the spec and the issue,
// not imported from the catalogues, so a wrong catalogue entry fails.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { ProductPage } from '../common/contracts/keyword-extractor';
import {
  createKeywordCounter,
  extractKeywords,
  missingFromTitles,
  missingFromTitlesCsv,
  type KeywordCounter,
  type KeywordSize,
  type MissingFromTitle,
  type TitledProduct,
} from '../common/keywords';
import { chooseLanguage } from './accessibility.journeys';
import { eventually, type Journey } from './harness';
import { DESKTOP, expectText, holdStores, savedStores, squash, textOf, type NewPage } from './helpers';

const STATE_KEY = 'bc-tools-keyword-extractor';
const STAMP = String.raw`\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z`;
const DEMO = 'Harbour & Pine Demo';
const WRONG = 'Keywords Wrong Token';
const WRONG_HASH = 'sandbox-e2e-kw-wrong';

const STORES = savedStores('e2e-kw', [
  { name: DEMO, storeHash: 'sandbox-demo', apiToken: 'demo-token' },
  { name: 'Harbour & Pine (empty)', storeHash: 'sandbox-empty', apiToken: 'empty-token' },
  { name: WRONG, storeHash: WRONG_HASH, apiToken: 'not-the-token' },
]);

const DEMO_CREDENTIALS = {
  id: 'e2e-kw-0',
  name: DEMO,
  storeHash: 'sandbox-demo',
  accessToken: 'demo-token',
  clientId: 'client-0',
};

type Row = [keyword: string, titleCount: number, descriptionCount: number, score: number];

/** A page whose browser holds the stores (as the Store Manager saves them), on the Keyword Extractor. */
async function openExtractor(
  newPage: NewPage,
  options: { stores?: typeof STORES; allowedFailedPaths?: string[] } = {},
): Promise<Page> {
  const page = await newPage({
    ...DESKTOP,
    acceptDownloads: true,
    allowedFailedPaths: options.allowedFailedPaths ?? [],
  });
  await holdStores(page, options.stores ?? STORES);
  await page.goto('/?tab=keyword-extractor');
  await page.getByTestId('keyword-extractor').waitFor();
  return page;
}

async function pickStore(page: Page, name: string): Promise<void> {
  const select = page.getByTestId('store-picker-select');
  await eventually(async () => assert.ok((await select.locator('option').count()) > 1, 'stores are listed'));
  await select.selectOption({ label: `${name} (${STORES.find((s) => s.name === name)?.storeHash ?? '?'})` });
}

async function pickChannel(page: Page, id: number): Promise<void> {
  const select = page.getByTestId('channel-select');
  await eventually(async () =>
    assert.ok((await select.locator(`option[value="${id}"]`).count()) === 1, `channel ${id} is listed`),
  );
  await select.selectOption(String(id));
}

/** One page as the server answers it to the browser (the same call the screen makes). */
async function productPage(page: Page, pageNumber: number): Promise<ProductPage> {
  const response = await page.request.post('/api/fetch-products', {
    data: { storeCredentials: DEMO_CREDENTIALS, page: pageNumber, channelId: 1 },
  });
  assert.equal(response.status(), 200);
  const body = (await response.json()) as { success: boolean; data: ProductPage };
  assert.equal(body.success, true);
  return body.data;
}

/** The independent count: the pages read straight through with the engine, here in Node. */
function countPages(pages: readonly ProductPage[]): KeywordCounter {
  const counter = createKeywordCounter();
  for (const page of pages) for (const product of page.products) counter.addProduct(product);
  return counter;
}

function expectedRows(counter: KeywordCounter, size: KeywordSize): Row[] {
  return counter.top(30, size).map((e) => [e.keyword, e.titleCount, e.descriptionCount, e.score]);
}

async function tableRows(page: Page, size: KeywordSize): Promise<Row[]> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const cells = await page
    .getByTestId(`keywords-${size}`)
    .locator(`[data-testid="keyword-row-${size}"]`)
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
  return cells.map(([keyword = '', title = '', description = '', score = '']) => [
    keyword,
    // Grouped the English way ('30,002', issue 44).
    Number(title.replaceAll(',', '')),
    Number(description.replaceAll(',', '')),
    Number(score.replaceAll(',', '')),
  ]);
}

async function expectTables(page: Page, counter: KeywordCounter, timeoutMs = 10_000): Promise<void> {
  await eventually(async () => {
    for (const size of [1, 2, 3] as const) {
      const expected = expectedRows(counter, size);
      assert.ok(expected.length > 0, `the count has ${size}-word keywords`);
      assert.deepEqual(await tableRows(page, size), expected, `the ${size}-word table`);
    }
  }, timeoutMs);
}

/** The bar chart beside the tables (issue 31): the top 10 of the length chosen, each bar's label and score. */
async function expectChart(page: Page, counter: KeywordCounter): Promise<void> {
  const chart = page.getByRole('figure', { name: 'Top 10 keywords by score' });
  for (const size of [1, 2] as const) {
    await chart.getByLabel(size === 1 ? '1-word keywords' : '2-word keywords').check();
    const top = counter.top(10, size);
    assert.equal(top.length, 10);
    await eventually(async () =>
      assert.deepEqual(
        (await chart.getByTestId('keyword-bar-label').allInnerTexts()).map(squash),
        top.map((e) => e.keyword),
      ),
    );
    assert.deepEqual(
      (await chart.getByTestId('keyword-bar-value').allInnerTexts()).map((value) =>
        Number(value.replaceAll(',', '')),
      ),
      top.map((e) => e.score),
    );
    // What a screen reader reads of a bar: its keyword and its score.
    assert.equal(
      squash((await chart.getByTestId('keyword-bar').first().textContent()) ?? ''),
      `${top[0]?.keyword ?? ''}, Score: ${top[0]?.score.toLocaleString('en') ?? ''}`,
    );
  }
  assert.equal(await chart.getByTestId('keyword-bar').count(), 10);
  // On a phone: nothing spills out of the chart, every bar's label and score inside the screen.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await chart.scrollIntoViewIfNeeded();
    await eventually(async () => {
      const overflow = await chart.evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(overflow <= 0, `the chart fits 390 px (${overflow} px over)`);
      const box = await chart.getByTestId('keyword-bar-value').last().boundingBox();
      assert.ok(box && box.x + box.width <= 390, 'the last score is on screen');
    });
  } finally {
    if (wide) await page.setViewportSize(wide);
  }
}

async function savedState(page: Page): Promise<Record<string, unknown> | null> {
  const text = await page.evaluate((key) => window.localStorage.getItem(key), STATE_KEY);
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

async function expectButtons(
  page: Page,
  expected: { start: boolean; stop: boolean; new: boolean; startLabel: string },
): Promise<void> {
  await eventually(async () => {
    assert.equal(await page.getByTestId('keyword-start').isEnabled(), expected.start, 'Start/Resume enabled');
    assert.equal(await page.getByTestId('keyword-stop').isEnabled(), expected.stop, 'Stop enabled');
    assert.equal(await page.getByTestId('keyword-new').isEnabled(), expected.new, 'New enabled');
    assert.equal((await page.getByTestId('keyword-start').innerText()).trim(), expected.startLabel);
  });
}

async function sandboxLatency(page: Page, latencyMs: number): Promise<void> {
  const response = await page.request.put('/sandbox/__control/stores/sandbox-demo/settings', {
    data: { latencyMs },
  });
  assert.equal(response.status(), 200);
}

/** Which products hold a keyword, and how often, computed here from the pages (title = name as text). */
function productsWith(
  pages: readonly ProductPage[],
  keyword: string,
): Array<{ id: number; t: number; d: number }> {
  const size = keyword.split(' ').length as KeywordSize;
  const found: Array<{ id: number; t: number; d: number }> = [];
  for (const product of pages.flatMap((p) => p.products)) {
    const t = extractKeywords(product.name, 'text')[size].filter((k) => k === keyword).length;
    const d = extractKeywords(product.description, 'html')[size].filter((k) => k === keyword).length;
    if (t + d > 0) found.push({ id: product.id, t, d });
  }
  return found.sort((a, b) => b.t - a.t || b.d - a.d || a.id - b.id);
}

/**
 * The report on page titles made here: the products read straight from the sandbox's catalogue API (250 ids a request),
 * with their page titles, through the rule of common/keywords.
 */
async function independentReport(baseUrl: string, ids: readonly number[]): Promise<MissingFromTitle[]> {
  const products: TitledProduct[] = [];
  for (let at = 0; at < ids.length; at += 250) {
    const query = `id:in=${ids.slice(at, at + 250).join(',')}&include_fields=id,name,description,page_title&limit=250`;
    const response = await fetch(`${baseUrl}/sandbox/stores/sandbox-demo/v3/catalog/products?${query}`, {
      headers: { 'X-Auth-Token': 'demo-token', accept: 'application/json' },
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { data: TitledProduct[] };
    products.push(
      ...body.data.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description ?? '',
        page_title: p.page_title ?? '',
      })),
    );
  }
  assert.equal(products.length, ids.length, 'every product read is in the store');
  return missingFromTitles(products);
}

const MISSING_PATH = '/api/keyword-extractor/missing-from-titles';

/**
 * Checks the first two products of a list (rows `{row}`, counter `{list}-selected`, buttons `{handOff}{tab}`) and hands
 * them to a bulk edit, which opens with them as its "By Product IDs" scope, on the store they belong to.
 */
async function handOffFirstTwo(
  page: Page,
  from: { list: string; row: string; handOff: string },
  to: { tab: 'reset-page-title' | 'copy-description'; picker: string },
  ids: readonly number[],
): Promise<void> {
  assert.equal(ids.length, 2);
  const button = page.getByTestId(`${from.handOff}${to.tab}`);
  assert.equal(await button.isDisabled(), true);
  for (const box of (await page.getByTestId(`${from.row}-select`).all()).slice(0, 2)) await box.check();
  await expectText(page.getByTestId(`${from.list}-selected`), '2 selected');
  await button.click();
  await page.getByTestId(to.tab).waitFor();
  await eventually(() => assert.equal(new URL(page.url()).searchParams.get('tab'), to.tab));
  await eventually(async () => {
    assert.equal(await page.getByTestId('scope-specific').isChecked(), true);
    assert.equal(await page.getByTestId('target-value').inputValue(), ids.join(', '));
  });
  await expectText(page.getByTestId('handed-off-ids'), '2 product IDs from the Keyword Extractor');
  await eventually(async () =>
    assert.equal(
      await page.getByTestId(`${to.picker}-select`).locator('option:checked').innerText(),
      `${DEMO} (sandbox-demo)`,
    ),
  );
}

export const keywordExtractorJourneys: Journey[] = [
  {
    name: 'Keyword Extractor: start, stop mid-way, reload (stopped), Resume continues the counts, complete, CSV, products of a keyword to Reset Page Title, keywords missing from page titles (report, CSV, to Copy Description), New',
    run: async ({ newPage, screenshot, baseUrl }) => {
      const page = await openExtractor(newPage);
      await expectText(page.getByTestId('page-size'), 'page = 250 products');
      assert.match(
        await page.getByTestId('keyword-help').innerText(),
        /Resume, also after a reload, continues counting where the run stopped instead of starting over/,
      );
      await expectButtons(page, { start: true, stop: false, new: true, startLabel: 'Start' });

      // The channel's pages, read here for the independent count.
      const first = await productPage(page, 1);
      assert.ok(first.totalPages >= 4, `channel 1 has ${first.totalPages} pages`);
      const pages = [first];
      for (let n = 2; n <= first.totalPages; n++) pages.push(await productPage(page, n));

      await pickStore(page, DEMO);
      await pickChannel(page, 1);
      await page.getByTestId('from-page').fill('1');
      await page.getByTestId('to-page').fill('100');

      // Slow pages, so that Stop comes mid-way.
      await sandboxLatency(page, 700);
      try {
        await page.getByTestId('keyword-start').click();
        await expectText(page.getByTestId('keyword-status'), 'Status: Running');
        await expectButtons(page, { start: false, stop: true, new: false, startLabel: 'Start' });
        // While it reads, the store's API quota it is using, as BigCommerce reports it (issue 31).
        await eventually(async () => {
          const quota = /^API requests used: (\d+) of (\d+) per 30 s window$/.exec(
            await textOf(page.getByTestId('keyword-quota')),
          );
          assert.ok(quota, 'the quota line reads "API requests used: n of m per 30 s window"');
          assert.ok(Number(quota[1]) >= 1 && Number(quota[1]) <= Number(quota[2]), 'used within the quota');
        }, 20_000);
        await eventually(async () => {
          const saved = await savedState(page);
          assert.ok(saved && Number(saved.currentPage) >= 2, 'a page has been counted');
        }, 20_000);
        await page.getByTestId('keyword-stop').click();
        await expectText(page.getByTestId('keyword-status'), 'Status: Stopped');
        await eventually(async () => assert.equal(await page.getByTestId('keyword-quota').count(), 0));
        await expectButtons(page, { start: true, stop: false, new: true, startLabel: 'Resume' });
      } finally {
        await sandboxLatency(page, 0);
      }
      const stopped = await savedState(page);
      assert.ok(stopped);
      assert.equal(stopped.status, 'stopped');
      const stopPage = Number(stopped.currentPage);
      assert.ok(stopPage >= 2 && stopPage <= first.totalPages, `stopped before the end, at page ${stopPage}`);
      assert.deepEqual(
        { ...stopped, runId: 'x' },
        {
          status: 'stopped',
          currentPage: stopPage,
          startPage: 1,
          endPage: 100,
          totalPages: first.totalPages,
          totalProducts: first.totalProducts,
          processedProducts: pages.slice(0, stopPage - 1).reduce((n, p) => n + p.products.length, 0),
          channelId: 1,
          storeId: 'e2e-kw-0',
          runId: 'x',
          countsFromPage: 1,
        },
      );
      await expectText(page.getByTestId('keyword-progress-bar'), `Page ${stopPage} of ${first.totalPages}`);
      // The tables so far are the count of the pages read.
      const partial = countPages(pages.slice(0, stopPage - 1));
      await expectTables(page, partial);
      await page.getByTestId('download-csv-1').waitFor();
      await screenshot(page, 'keyword-extractor-stopped');

      // A reload: restored as stopped at the same page, with the same counts (from IndexedDB).
      await page.reload();
      await page.getByTestId('keyword-extractor').waitFor();
      await expectText(page.getByTestId('keyword-status'), 'Status: Stopped');
      await expectButtons(page, { start: true, stop: false, new: true, startLabel: 'Resume' });
      await expectText(page.getByTestId('keyword-progress-bar'), `Page ${stopPage} of ${first.totalPages}`);
      await expectTables(page, partial);
      assert.equal(await page.getByTestId('channel-select').inputValue(), '1');
      assert.equal(await page.getByTestId('to-page').inputValue(), '100');
      assert.equal(await page.getByTestId('counts-lost').count(), 0);

      // Resume continues from the page reached and goes on counting: the end result is the count of every page.
      await page.getByTestId('keyword-start').click();
      await page.getByTestId('keyword-completed').waitFor({ timeout: 120_000 });
      const total = pages.reduce((n, p) => n + p.products.length, 0);
      await expectText(
        page.getByTestId('keyword-completed'),
        `Completed: ${total.toLocaleString('en')} products read.`,
      );
      await expectText(page.getByTestId('keyword-status'), 'Status: Completed');
      await expectButtons(page, { start: false, stop: false, new: true, startLabel: 'Start' });
      const full = countPages(pages);
      await expectTables(page, full);
      assert.equal((await savedState(page))?.status, 'completed');
      await screenshot(page, 'keyword-extractor-completed');
      await expectChart(page, full);

      // The CSVs: keyword,score, every keyword in rank order.
      for (const size of [1, 3] as const) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId(`download-csv-${size}`).click(),
        ]);
        assert.match(download.suggestedFilename(), new RegExp(`^keywords_${size}word_${STAMP}\\.csv$`));
        const content = await readFile(await download.path(), 'utf8');
        const lines = content.replace(/^\uFEFF/, '').split('\r\n');
        assert.equal(content.charCodeAt(0), 0xfeff, 'a byte order mark for Excel');
        assert.equal(lines[0], 'keyword,score');
        const top = full.top(3, size);
        assert.deepEqual(
          lines.slice(1, 4),
          top.map((e) => `${e.keyword},${e.score}`),
        );
        assert.equal(content, `\uFEFF${full.toCsv(size)}`);
      }

      // One click from fixing it: the products of a 2-word keyword, with where it occurs.
      const keyword = full.top(30, 2)[5]?.keyword ?? '';
      const expected = productsWith(pages, keyword);
      await page
        .getByTestId('keywords-2')
        .getByTestId('keyword')
        .filter({ hasText: new RegExp(`^${keyword}$`) })
        .click();
      const panel = page.getByTestId('keyword-products');
      await expectText(panel.locator('h2'), `Products with “${keyword}”`);
      await expectText(
        page.getByTestId('keyword-products-summary'),
        `${expected.length.toLocaleString('en')} of the ${total.toLocaleString('en')} products read so far contain it.`,
      );
      await expectText(
        page.getByTestId('sandbox-no-admin'),
        'This is a sandbox store: it has no store admin, so the products are listed by ID without links.',
      );
      const shown = expected.slice(0, 200);
      assert.deepEqual(
        await page.getByTestId('keyword-product-id').allInnerTexts(),
        shown.map((p) => String(p.id)),
      );
      assert.equal(await panel.locator('a').count(), 0, 'no admin links for a sandbox store');
      const found = await page.getByTestId('keyword-product-found').allInnerTexts();
      assert.deepEqual(
        found.map((text) => text.trim()),
        shown.map((p) =>
          [p.t > 0 ? `Title: ${p.t}` : '', p.d > 0 ? `Description: ${p.d}` : ''].filter(Boolean).join(' · '),
        ),
      );
      await screenshot(page, 'keyword-extractor-products');

      // Two of them go to Reset Page Title as its "By Product IDs" scope, on the store they belong to.
      await handOffFirstTwo(
        page,
        { list: 'keyword-products', row: 'keyword-product', handOff: 'hand-off-' },
        { tab: 'reset-page-title', picker: 'store-picker' },
        shown.slice(0, 2).map((p) => p.id),
      );
      await screenshot(page, 'keyword-extractor-hand-off');
      // Taken once: a reload of Reset Page Title starts from its usual scope.
      await page.reload();
      await page.getByTestId('reset-page-title').waitFor();
      assert.equal(await page.getByTestId('handed-off-ids').count(), 0);

      // Back on the extractor the completed run is there, counts included; New clears it all.
      await page.locator('[data-tab="keyword-extractor"]').click();
      await page.getByTestId('keyword-extractor').waitFor();
      await expectText(page.getByTestId('keyword-status'), 'Status: Completed');
      await expectTables(page, full);

      // The report on page titles: every product read checked (in batches of 250), equal to the rule run here on the
      // same products read straight from the sandbox.
      const report = await independentReport(
        baseUrl,
        pages.flatMap((p) => p.products.map((product) => product.id)),
      );
      assert.ok(report.length > 2, `${report.length} products lack keywords in their titles`);
      const section = page.getByTestId('missing-report');
      await expectText(section.locator('h2'), 'Keywords missing from page titles');
      await page.getByTestId('missing-report-run').click();
      await expectText(
        page.getByTestId('missing-report-count'),
        `${report.length.toLocaleString('en')} of ${total.toLocaleString('en')} products lack at least one of their top keywords in the page title`,
        30_000,
      );
      const rows = report.slice(0, 200);
      assert.deepEqual(
        await page.getByTestId('missing-line-id').allInnerTexts(),
        rows.map((line) => String(line.id)),
        'the rows in the server order',
      );
      assert.equal(await section.locator('table a').count(), 0, 'no admin links for a sandbox store');
      const [top] = report;
      assert.ok(top);
      const firstRow = page.getByTestId('missing-line').first();
      assert.deepEqual(
        [
          await textOf(firstRow.getByTestId('missing-line-id')),
          await textOf(firstRow.getByTestId('missing-line-name')),
          await textOf(firstRow.getByTestId('missing-line-title')),
          await textOf(firstRow.getByTestId('missing-line-keywords')),
        ],
        [String(top.id), squash(top.name), squash(top.title), top.missing.join(', ')],
      );
      await firstRow.scrollIntoViewIfNeeded();
      await screenshot(page, 'keyword-extractor-missing-titles');

      // Its CSV: product_id,name,page_title,missing_keywords, in the same order.
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('missing-report-csv').click(),
      ]);
      assert.match(csvDownload.suggestedFilename(), new RegExp(`^keywords_missing_titles_${STAMP}\\.csv$`));
      const csv = await readFile(await csvDownload.path(), 'utf8');
      assert.equal(csv.charCodeAt(0), 0xfeff, 'a byte order mark for Excel');
      const csvLines = csv.slice(1).split('\r\n');
      assert.equal(csvLines[0], 'product_id,name,page_title,missing_keywords');
      assert.equal(csvLines[1], missingFromTitlesCsv([top]).split('\r\n')[1]);
      assert.ok(csvLines[1]?.startsWith(`${top.id},`));
      assert.equal(csv, `\uFEFF${missingFromTitlesCsv(report)}`);

      // Two of its products go to Copy Description as its "By Product IDs" target.
      await handOffFirstTwo(
        page,
        { list: 'missing-report', row: 'missing-line', handOff: 'missing-hand-off-' },
        { tab: 'copy-description', picker: 'target-store-picker' },
        report.slice(0, 2).map((line) => line.id),
      );

      await page.locator('[data-tab="keyword-extractor"]').click();
      await page.getByTestId('keyword-extractor').waitFor();
      await expectText(page.getByTestId('keyword-status'), 'Status: Completed');
      await page.getByTestId('missing-report').waitFor();
      await page.getByTestId('keyword-new').click();
      await expectText(page.getByTestId('keyword-status'), 'Status: Ready');
      assert.equal(await page.getByTestId('missing-report').count(), 0, 'New clears the report');
      await expectButtons(page, { start: true, stop: false, new: true, startLabel: 'Start' });
      assert.equal(await savedState(page), null);
      for (const size of [1, 2, 3] as const) {
        await expectText(page.getByTestId(`keywords-${size}-empty`), 'No keywords yet.');
      }
      assert.equal(await page.getByTestId('download-csv-1').count(), 0);
      await page.reload();
      await page.getByTestId('keyword-extractor').waitFor();
      await expectText(page.getByTestId('keyword-status'), 'Status: Ready');
      await expectText(page.getByTestId('keywords-1-empty'), 'No keywords yet.');
      assert.equal(await savedState(page), null);
      // The counts are gone from IndexedDB too.
      const checkpoint = await page.evaluate(
        () =>
          new Promise<unknown>((resolve, reject) => {
            const open = indexedDB.open('bc-toolbox-keyword-extractor', 1);
            open.onerror = () => reject(new Error(String(open.error)));
            open.onsuccess = () => {
              const get = open.result.transaction('counts').objectStore('counts').count();
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => reject(new Error(String(get.error)));
            };
          }),
      );
      assert.equal(checkpoint, 0);
    },
  },
  {
    name: 'Keyword Extractor: the validation messages, channel errors, a failing page stops the run and Resume goes on; the report on page titles fails with the server error, shows its progress, cancels',
    run: async ({ newPage, baseUrl }) => {
      const created = await fetch(`${baseUrl}/sandbox/__control/stores`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hash: WRONG_HASH, token: 'the-right-token', kind: 'empty' }),
      });
      assert.ok([201, 409].includes(created.status), `store created (${created.status})`);
      const page = await openExtractor(newPage, {
        allowedFailedPaths: ['/api/fetch-channels', '/api/fetch-products', MISSING_PATH],
      });

      // Spec §5, in order: store, channel, page range.
      await page.getByTestId('keyword-start').click();
      await expectText(page.getByTestId('tool-error'), 'Please select a store');
      await pickStore(page, DEMO);
      await page.getByTestId('keyword-start').click();
      await expectText(page.getByTestId('tool-error'), 'Please select a channel');
      await pickChannel(page, 1);
      for (const [from, to] of [
        ['0', '3'],
        ['3', '2'],
        ['', '2'],
      ] as const) {
        await page.getByTestId('from-page').fill(from);
        await page.getByTestId('to-page').fill(to);
        await page.getByTestId('keyword-start').click();
        await expectText(page.getByTestId('tool-error'), 'Please enter a valid page range');
      }
      assert.equal(await page.getByTestId('keyword-status').innerText(), 'Status: Ready');

      // A store whose token BigCommerce refuses: the server's error.
      const refused = await page.request.post('/api/fetch-channels', {
        data: {
          storeCredentials: { ...DEMO_CREDENTIALS, storeHash: WRONG_HASH, accessToken: 'not-the-token' },
        },
      });
      const refusal = ((await refused.json()) as { error: string }).error;
      assert.ok(refusal.length > 0);
      await pickStore(page, WRONG);
      await expectText(page.getByTestId('channels-error'), refusal);

      // A store without channels (the answer replaced in the browser: every sandbox store has channels).
      await page.route('**/api/fetch-channels', (route) =>
        route.fulfill({ json: { success: true, data: { channels: [] } } }),
      );
      await pickStore(page, 'Harbour & Pine (empty)');
      await expectText(page.getByTestId('channels-empty'), 'No channels found for this store');
      await page.unroute('**/api/fetch-channels');

      // A page that fails: the run stops with 'HTTP Error {code}: {first 100 chars}'.
      const body = `upstream exploded: ${'x'.repeat(150)}`;
      let failures = 0;
      await page.route('**/api/fetch-products', async (route) => {
        const request = route.request().postDataJSON() as { page: number };
        if (request.page === 2 && failures === 0) {
          failures += 1;
          await route.fulfill({ status: 500, contentType: 'text/plain', body });
        } else await route.continue();
      });
      await pickStore(page, DEMO);
      await pickChannel(page, 1);
      await page.getByTestId('from-page').fill('1');
      await page.getByTestId('to-page').fill('3');
      await page.getByTestId('keyword-start').click();
      await expectText(page.getByTestId('tool-error'), `HTTP Error 500: ${body.slice(0, 100)}`, 20_000);
      await expectText(page.getByTestId('keyword-status'), 'Status: Stopped');
      await expectButtons(page, { start: true, stop: false, new: true, startLabel: 'Resume' });
      await expectText(page.getByTestId('keyword-progress-bar'), 'Page 2 of 3');
      const pages = [await productPage(page, 1), await productPage(page, 2), await productPage(page, 3)];
      await expectTables(page, countPages(pages.slice(0, 1)));

      // Resume reads page 2 again and goes on to the end.
      await page.getByTestId('keyword-start').click();
      await page.getByTestId('keyword-completed').waitFor({ timeout: 120_000 });
      assert.equal(await page.getByTestId('tool-error').count(), 0);
      await expectTables(page, countPages(pages));
      // In Vietnamese the scores group thousands with '.' (issue 44).
      const top = countPages(pages).top(1, 1)[0];
      assert.ok(top && top.score >= 1000, 'a score past a thousand');
      await chooseLanguage(page, 'vi');
      await expectText(
        page.getByTestId('keywords-1').getByTestId('score').first(),
        top.score.toLocaleString('vi'),
      );
      await chooseLanguage(page, 'en');
      await page.unroute('**/api/fetch-products');

      // The report on page titles: a failing batch shows the server's error and nothing more is sent.
      const batches: number[][] = [];
      await page.route(`**${MISSING_PATH}`, async (route) => {
        const request = route.request().postDataJSON() as { productIds: number[] };
        batches.push(request.productIds);
        if (batches.length === 2) {
          await route.fulfill({
            status: 502,
            json: { success: false, error: 'Store is down for maintenance', code: 'bc_unavailable' },
          });
        } else await route.continue();
      });
      await page.getByTestId('missing-report-run').click();
      await expectText(page.getByTestId('missing-report-error'), 'Store is down for maintenance', 20_000);
      const read = pages.flatMap((p) => p.products.map((product) => product.id));
      assert.equal(read.length, 750, 'three pages of 250');
      assert.deepEqual(batches, [read.slice(0, 250), read.slice(250, 500)]);
      assert.equal(await page.getByTestId('missing-report-count').count(), 0);
      await page.unroute(`**${MISSING_PATH}`);

      // A check held at its second batch shows its progress and stops at Cancel.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let calls = 0;
      await page.route(`**${MISSING_PATH}`, async (route) => {
        calls += 1;
        if (calls === 2) await held;
        await route.continue().catch(() => undefined);
      });
      await page.getByTestId('missing-report-run').click();
      await expectText(
        page.getByTestId('missing-report-progress'),
        `250 of ${read.length} products checked Cancel`,
      );
      assert.equal(await page.getByTestId('missing-report-run').isDisabled(), true);
      await page.getByTestId('missing-report-progress-cancel').click();
      await expectText(page.getByTestId('missing-report-cancelled'), 'The check was cancelled.');
      release();
      await page.unroute(`**${MISSING_PATH}`);
      assert.equal(calls, 2, 'no batch after the cancel');
      assert.equal(await page.getByTestId('missing-report-progress').count(), 0);

      // Then in full; New clears it.
      await page.getByTestId('missing-report-run').click();
      await expectText(
        page.getByTestId('missing-report-count'),
        new RegExp(
          `^[\\d,]+ of ${read.length.toLocaleString('en')} products lack at least one of their top keywords in the page title$`,
        ),
        20_000,
      );
      await page.getByTestId('keyword-new').click();
      await expectText(page.getByTestId('keyword-status'), 'Status: Ready');
      assert.equal(await page.getByTestId('missing-report').count(), 0);
    },
  },
  {
    name: 'Keyword Extractor: without stores it sends the user to the Store Manager; Vietnamese',
    run: async ({ newPage }) => {
      const page = await openExtractor(newPage, { stores: [] });
      await expectText(
        page.getByTestId('store-picker-empty'),
        'No stores yet. Please add a store in the Store Manager tab first. Open Store Manager',
      );
      await page.evaluate(() => window.localStorage.setItem('bc-tools-lang', 'vi'));
      await page.reload();
      await page.getByTestId('keyword-extractor').waitFor();
      await expectText(page.getByTestId('page-size'), '1 trang = 250 sản phẩm');
      await expectText(page.getByTestId('keyword-start'), 'Bắt đầu');
      await page.getByTestId('store-picker-open-store-manager').click();
      await eventually(() => assert.equal(new URL(page.url()).searchParams.get('tab'), 'stores'));
    },
  },
];
