// Journeys of the Widgets Visualization (issue 15; spec part 1 §2, §3, §4, §5, §9) in Chromium against the real
// server: the demo store's dump (made by the server's Dump Widgets), a generated 20,000-widget dump, the compare mode
// and bad files. Boxes are drawn on a canvas: a journey finds a box by its DOM label (boxes of at least 60 x 25 px
// have one, `data-node-id`) and clicks the canvas there. Expected texts are written out from the spec.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import { generateWidgetsDump, TWENTY_THOUSAND } from './fixtures/widgets-dump-generator';
import { expectText, openPage, textOf, type NewPage } from './helpers';
import { chooseLanguage } from './accessibility.journeys';

type Json = Record<string, unknown>;
type Widget = { name?: string; widget_template_uuid?: string; configuration?: Json; type?: string };
type Child = Widget & { dropzones?: { widgets?: Widget[] }[] };
type Page0 = { template_file: string | null; snapshot: { regions: { name: string; children: Child[] }[] } };
type Template = { uuid: string; name: string; kind: string; schema: unknown[] | null };
type Dump = {
  templates: Page0[];
  widgetTemplates: Template[];
  summary: {
    totalWidgetTemplates: number;
    totalTemplates: number;
    totalWidgets: number;
    uniqueWidgetTemplates: number;
  };
};

async function openVisualization(newPage: NewPage): Promise<Page> {
  const page = await openPage(newPage);
  await page.goto('/?tab=widgets-visualization');
  await page.getByTestId('widgets-visualization').waitFor();
  return page;
}

/** The whole demo store, dumped by the server's Dump Widgets. */
async function dumpDemo(page: Page): Promise<Dump> {
  const res = await page.request.post('/api/dump-widgets', {
    data: { storeCredentials: { storeHash: 'sandbox-demo', accessToken: 'demo-token' }, dumpMode: 'all' },
    timeout: 60_000,
  });
  assert.equal(res.status(), 200);
  const body = (await res.json()) as { success: boolean; data: Dump };
  assert.equal(body.success, true);
  return body.data;
}

async function upload(page: Page, testId: string, name: string, content: string): Promise<void> {
  await page.getByTestId(testId).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(content, 'utf8'),
  });
}

function isLayout(child: Child): boolean {
  return child.type === 'layout' || (child.type === undefined && child.dropzones !== undefined);
}

/** Regions, layouts and dropzones, counted here from the dump (what the statistics panel adds, §3). */
function structureCounts(dump: Dump) {
  let regions = 0;
  let layouts = 0;
  let dropzones = 0;
  for (const page of dump.templates) {
    for (const region of page.snapshot.regions) {
      regions++;
      for (const child of region.children) {
        if (!isLayout(child)) continue;
        layouts++;
        dropzones += child.dropzones?.length ?? 0;
      }
    }
  }
  return { regions, layouts, dropzones };
}

function widgetsOf(dump: Dump): Widget[] {
  const widgets: Widget[] = [];
  for (const page of dump.templates) {
    for (const region of page.snapshot.regions) {
      for (const child of region.children) {
        if (!isLayout(child)) widgets.push(child);
        else for (const zone of child.dropzones ?? []) widgets.push(...(zone.widgets ?? []));
      }
    }
  }
  return widgets;
}

async function focusId(page: Page): Promise<string | null> {
  return page.getByTestId('treemap').getAttribute('data-focus-id');
}

async function zoom(page: Page): Promise<number> {
  return Number(await page.getByTestId('treemap').getAttribute('data-zoom'));
}

async function expectFocus(page: Page, id: string): Promise<void> {
  await eventually(async () => assert.equal(await focusId(page), id));
}

/** Where the box of node `id` is on screen (its label's top-left corner, a few pixels in). */
async function nodePoint(page: Page, id: string): Promise<{ x: number; y: number }> {
  const label = page.locator(`[data-testid="treemap-label"][data-node-id="${id}"]`);
  await label.waitFor({ state: 'visible' });
  await label.scrollIntoViewIfNeeded();
  // A zoom or a focus change moves the boxes over a short transition: wait until the label stands still
  // (the same place over two animation frames), so the click lands on the box and not where it was.
  let box = await label.boundingBox();
  await eventually(async () => {
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const now = await label.boundingBox();
    const still = box !== null && now !== null && box.x === now.x && box.y === now.y;
    box = now;
    assert.ok(still, `the label of ${id} is still moving`);
  });
  assert.ok(box, `label of ${id}`);
  return { x: box.x + 6, y: box.y + 6 };
}

async function clickNode(page: Page, id: string, button: 'left' | 'right' = 'left'): Promise<void> {
  const point = await nodePoint(page, id);
  await page.mouse.click(point.x, point.y, { button });
}

/**
 * Opens a box's details with a right click, clicked again while they are not open: under load a click can still land
 * where a box was a moment before (a scroll or a transition that began after the label stood still).
 */
async function openDetails(page: Page, id: string): Promise<Locator> {
  const details = page.getByTestId('node-details');
  await eventually(async () => {
    if (await details.isVisible()) return;
    await clickNode(page, id, 'right');
    await details.waitFor({ timeout: 1_500 });
  }, 10_000);
  return details;
}

/** The ids of the labelled boxes now shown, optionally of one kind. */
async function labelledIds(page: Page, kind?: string): Promise<string[]> {
  const selector = kind
    ? `[data-testid="treemap-label"][data-kind="${kind}"]`
    : '[data-testid="treemap-label"]';
  return page
    .locator(selector)
    .evaluateAll((labels) =>
      labels
        .filter((l) => (l as HTMLElement).style.display !== 'none')
        .map((l) => (l as HTMLElement).dataset.nodeId ?? ''),
    );
}

/** The node id of a page's first widget (a region's direct widget, or the first one in a layout's dropzones). */
function firstWidgetId(dump: Dump, pageIndex: number): string {
  const regions = dump.templates[pageIndex]!.snapshot.regions;
  for (const [r, region] of regions.entries()) {
    for (const [c, child] of region.children.entries()) {
      const base = `pages/${pageIndex}/regions/${r}/children/${c}`;
      if (!isLayout(child)) return base;
      for (const [d, zone] of (child.dropzones ?? []).entries()) {
        if ((zone.widgets ?? []).length > 0) return `${base}/dropzones/${d}/widgets/0`;
      }
    }
  }
  throw new Error(`page ${pageIndex} has no widget`);
}

/** The labelled boxes of a kind once the frame is painted (at least one). */
async function eventuallyLabelled(page: Page, kind: string): Promise<string[]> {
  let ids: string[] = [];
  await eventually(async () => {
    ids = await labelledIds(page, kind);
    assert.ok(ids.length > 0, `a ${kind} box is labelled`);
  });
  return ids;
}

/**
 * Drills into the child `id` of the current level with the keyboard: focus the treemap, arrow to the option whose
 * node is `id` (the active option is what a screen reader reads), Enter.
 */
async function drillByKeyboard(page: Page, id: string): Promise<void> {
  const treemap = page.getByTestId('treemap');
  await treemap.focus();
  const ids = await page
    .getByTestId('treemap-level-list')
    .locator('[role="option"]')
    .evaluateAll((options) => options.map((o) => (o as HTMLElement).dataset.nodeId ?? ''));
  assert.ok(ids.includes(id), `${id} is on this level`);
  for (let step = 0; step <= ids.length; step++) {
    const active = await treemap.getAttribute('aria-activedescendant');
    const activeId = active ? await page.locator(`[id="${active}"]`).getAttribute('data-node-id') : null;
    if (activeId === id) break;
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Enter');
}

/** The current level as a screen reader reads it (the listbox's options). */
async function levelOptions(page: Page): Promise<string[]> {
  return page.getByTestId('treemap-level-list').locator('[role="option"]').allTextContents();
}

async function breadcrumbs(page: Page): Promise<string> {
  return (await textOf(page.getByTestId('treemap-breadcrumbs'))).replace(/\s*\/\s*/g, '/');
}

export const widgetsVisualizationJourneys: Journey[] = [
  {
    name: "Widgets Visualization: the demo store's dump, statistics, drill and breadcrumbs, tooltip, keyboard, both modals, details, filters",
    run: async ({ newPage, screenshot }) => {
      const page = await openVisualization(newPage);
      const dump = await dumpDemo(page);
      assert.ok(dump.summary.totalWidgets > 0, 'the demo store has widgets');

      await upload(page, 'dump-file', 'sandbox-demo-widgets.json', JSON.stringify(dump));
      await expectText(
        page.getByTestId('dump-file-ok'),
        `Loaded sandbox-demo-widgets.json: ${dump.templates.length.toLocaleString('en')} pages, ${dump.summary.totalWidgets.toLocaleString('en')} widgets`,
      );
      // The statistics: the dump's four counts and regions, layouts, dropzones (§3).
      const counts = structureCounts(dump);
      const stat = (key: string) => textOf(page.getByTestId(`stat-${key}`));
      assert.equal(
        await stat('statWidgetTemplates'),
        `Widget Templates ${dump.summary.totalWidgetTemplates.toLocaleString('en-US')}`,
      );
      assert.equal(
        await stat('statPageTemplates'),
        `Page Templates ${dump.summary.totalTemplates.toLocaleString('en-US')}`,
      );
      assert.equal(
        await stat('statTotalWidgets'),
        `Total Widgets ${dump.summary.totalWidgets.toLocaleString('en-US')}`,
      );
      assert.equal(
        await stat('statUniqueWidgets'),
        `Unique Widget UUIDs ${dump.summary.uniqueWidgetTemplates.toLocaleString('en-US')}`,
      );
      assert.equal(await stat('statRegions'), `Regions ${counts.regions.toLocaleString('en-US')}`);
      assert.equal(await stat('statLayouts'), `Layouts ${counts.layouts.toLocaleString('en-US')}`);
      assert.equal(await stat('statDropzones'), `Dropzones ${counts.dropzones.toLocaleString('en-US')}`);

      // The root: Pages and Widget templates, each with its boxes; the legend by kind.
      await expectFocus(page, 'root');
      assert.equal(await breadcrumbs(page), 'All');
      const rootLevel = await levelOptions(page);
      assert.equal(rootLevel.length, 2);
      assert.match(rootLevel[0] ?? '', new RegExp(`^Pages, Pages · Widgets: ${dump.summary.totalWidgets}$`));
      assert.match(rootLevel[1] ?? '', /^Widget templates, Widget templates · Used by widgets: \d+$/);
      assert.equal(
        await textOf(page.getByTestId('treemap-legend')),
        'Page Region Layout Dropzone Widget Template kind Widget template',
      );
      await screenshot(page, 'widgets-visualization-root');

      // The tooltip names the box under the pointer and what it holds.
      const pagesPoint = await nodePoint(page, 'pages');
      await page.mouse.move(pagesPoint.x, pagesPoint.y);
      await expectText(
        page.getByTestId('treemap-tooltip'),
        `Pages Pages · Widgets: ${dump.summary.totalWidgets}`,
      );

      // Click drills in; the breadcrumbs follow and lead back.
      await clickNode(page, 'pages');
      await expectFocus(page, 'pages');
      assert.equal(await breadcrumbs(page), 'All/Pages');
      assert.equal((await levelOptions(page)).length, dump.templates.length);
      const pageIds = await labelledIds(page, 'page');
      assert.ok(pageIds.length > 0, 'page boxes are labelled');
      const firstPageId = pageIds[0]!;
      await clickNode(page, firstPageId);
      await expectFocus(page, firstPageId);
      const pageIndex = Number(firstPageId.split('/')[1]);
      const shownPage = dump.templates[pageIndex]!;
      assert.match(
        await breadcrumbs(page),
        new RegExp(`^All/Pages/${shownPage.template_file ?? 'Global regions'}`),
      );
      assert.equal((await levelOptions(page)).length, shownPage.snapshot.regions.length);
      await page
        .getByTestId('breadcrumb')
        .filter({ hasText: /^Pages$/ })
        .click();
      await expectFocus(page, 'pages');
      await page.getByTestId('breadcrumb').filter({ hasText: /^All$/ }).click();
      await expectFocus(page, 'root');

      // Keyboard: arrows walk the level (the active option is what a screen reader reads), Enter drills in,
      // Backspace and Escape go back; the focus ring is visible.
      await page.getByTestId('treemap').focus();
      await page.keyboard.press('ArrowRight');
      const active = async () => {
        const id = await page.getByTestId('treemap').getAttribute('aria-activedescendant');
        assert.ok(id);
        return textOf(page.locator(`[id="${id}"]`));
      };
      await eventually(async () => assert.match(await active(), /^Widget templates, /));
      assert.equal(await page.getByTestId('treemap-focus-ring').isVisible(), true);
      await page.keyboard.press('ArrowLeft');
      await eventually(async () => assert.match(await active(), /^Pages, /));
      await page.keyboard.press('Enter');
      await expectFocus(page, 'pages');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await eventually(async () => assert.match((await focusId(page)) ?? '', /^pages\/\d+$/));
      await page.keyboard.press('Backspace');
      await expectFocus(page, 'pages');
      await page.keyboard.press('Escape');
      await expectFocus(page, 'root');

      // A widget opens its configuration: drill into the page with the most widgets, click a labelled widget.
      await clickNode(page, 'pages');
      await expectFocus(page, 'pages');
      const widgetsPerPage = dump.templates.map((p) => widgetsOf({ ...dump, templates: [p] }).length);
      const busiest = widgetsPerPage.indexOf(Math.max(...widgetsPerPage));
      // The first widget of the busiest page, reached level by level with the keyboard (at its parent's level a
      // widget box is large enough for a label).
      const widgetId = firstWidgetId(dump, busiest);
      const parts = widgetId.split('/');
      for (let end = 2; end < parts.length; end += 2) {
        const levelId = parts.slice(0, end).join('/');
        await drillByKeyboard(page, levelId);
        await expectFocus(page, levelId);
      }
      const widgetIds = await eventuallyLabelled(page, 'widget');
      assert.ok(widgetIds.includes(widgetId), `${widgetId} is labelled`);
      await clickNode(page, widgetId);
      const configuration = page.getByTestId('widget-configuration');
      await configuration.waitFor();
      // The widget's own configuration, from the dump.
      const [, , ...rest] = widgetId.split('/');
      let widget: unknown = dump.templates[busiest]!.snapshot;
      for (const key of rest) widget = (widget as Record<string, unknown>)[key];
      const expectedConfiguration = JSON.stringify((widget as Widget).configuration ?? {}, null, 2);
      assert.equal(await page.getByTestId('widget-configuration-json').textContent(), expectedConfiguration);
      const widgetTemplate = dump.widgetTemplates.find(
        (t) => t.uuid === (widget as Widget).widget_template_uuid,
      );
      assert.match(await textOf(configuration), new RegExp(`Template ${widgetTemplate?.name ?? ''}`));
      await screenshot(page, 'widgets-visualization-configuration');
      await page.getByTestId('widget-configuration-close').click();
      await configuration.waitFor({ state: 'hidden' });

      // Right-click shows a node's details.
      await page
        .getByTestId('breadcrumb')
        .filter({ hasText: /^Pages$/ })
        .click();
      await expectFocus(page, 'pages');
      const details = await openDetails(page, `pages/${busiest}`);
      await eventually(async () =>
        assert.match(
          await textOf(details.getByTestId('node-fields')),
          new RegExp(
            `^Kind Page Name .* Contents Page · Widgets: ${widgetsPerPage[busiest]} Template file ${shownPage.template_file === null ? 'Global regions' : dump.templates[busiest]!.template_file}`,
          ),
        ),
      );
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
      await expectFocus(page, 'pages');

      // Widget templates: the default filters hide empty-schema and unused templates (§4).
      await page.getByTestId('breadcrumb').filter({ hasText: /^All$/ }).click();
      await clickNode(page, 'templates');
      await expectFocus(page, 'templates');
      const used = new Set(widgetsOf(dump).map((w) => w.widget_template_uuid));
      const shownByDefault = dump.widgetTemplates.filter(
        (t) => used.has(t.uuid) && (t.schema?.length ?? 0) > 0,
      );
      const kindsOf = (templates: Template[]) => [...new Set(templates.map((t) => t.kind))].sort();
      const levelKinds = async () => (await levelOptions(page)).map((o) => o.split(',')[0]!).sort();
      assert.deepEqual(await levelKinds(), kindsOf(shownByDefault));
      // Inside the templates category one level is shown: the kinds, no templates yet.
      assert.deepEqual(await labelledIds(page, 'template'), []);
      const kind = kindsOf(shownByDefault)[0]!;
      await clickNode(page, `templates/${kind}`);
      await expectFocus(page, `templates/${kind}`);
      assert.equal((await levelOptions(page)).length, shownByDefault.filter((t) => t.kind === kind).length);
      const templateId = (await eventuallyLabelled(page, 'template'))[0]!;
      await clickNode(page, templateId);
      const schema = page.getByTestId('template-schema');
      await schema.waitFor();
      const template = dump.widgetTemplates.find((t) => templateId.endsWith(`/${t.uuid}`))!;
      await expectText(
        schema.getByTestId('template-schema-title'),
        `Widget template schema: ${template.name}`,
      );
      assert.match(await textOf(schema), new RegExp(`Kind ${template.kind} UUID ${template.uuid}`));
      assert.ok((await schema.getByTestId('schema-value').count()) > 0, 'the schema is shown');
      for (const value of await schema.getByTestId('schema-value').allTextContents()) {
        assert.ok(Array.from(value).length <= 100, `schema value cut at 100: ${value}`);
      }
      await screenshot(page, 'widgets-visualization-schema');
      await schema.getByTestId('template-schema-close').click();

      // Filters off: every template of the dump.
      await page.getByTestId('filter-empty-schema').uncheck();
      await page.getByTestId('filter-unused').uncheck();
      await page
        .getByTestId('breadcrumb')
        .filter({ hasText: /^Widget templates$/ })
        .click();
      await eventually(async () => assert.deepEqual(await levelKinds(), kindsOf(dump.widgetTemplates)));
      const total = (await levelOptions(page))
        .map((o) => Number(/Used by widgets: ([\d,]+)/.exec(o)?.[1]?.replaceAll(',', '') ?? NaN))
        .reduce((a, b) => a + b, 0);
      assert.equal(total, widgetsOf(dump).filter((w) => w.widget_template_uuid).length);
    },
  },
  {
    name: 'Widgets Visualization: a 20,000-widget dump, zoom limits, wheel zoom, pan, search, Reset Zoom and Reset View',
    run: async ({ newPage, screenshot }) => {
      const page = await openVisualization(newPage);
      const dump = generateWidgetsDump(TWENTY_THOUSAND);
      await upload(page, 'dump-file', 'generated-20000.json', JSON.stringify(dump));
      await expectText(
        page.getByTestId('dump-file-ok'),
        'Loaded generated-20000.json: 100 pages, 20,000 widgets',
        15_000,
      );
      assert.equal(await textOf(page.getByTestId('stat-statTotalWidgets')), 'Total Widgets 20,000');
      assert.equal(await textOf(page.getByTestId('stat-statDropzones')), 'Dropzones 2,000');
      await page.getByTestId('treemap-label').first().waitFor();
      // The first frame was measured (bench P7 reads the same measure).
      const firstFrame = await page.evaluate(
        () => performance.getEntriesByName('treemap-first-frame').length,
      );
      assert.equal(firstFrame, 1);

      // Buttons: x1.2 a step, up to 5x (9 steps), then the button is disabled; down to 0.5x.
      const zoomIn = page.getByTestId('treemap-zoom-in');
      const zoomOut = page.getByTestId('treemap-zoom-out');
      await zoomIn.click();
      await expectText(page.getByTestId('treemap-zoom-level'), 'Zoom 120%');
      for (let i = 0; i < 8; i++) await zoomIn.click();
      await expectText(page.getByTestId('treemap-zoom-level'), 'Zoom 500%');
      assert.equal(await zoom(page), 5);
      assert.equal(await zoomIn.isDisabled(), true);
      for (let i = 0; i < 13; i++) await zoomOut.click();
      await expectText(page.getByTestId('treemap-zoom-level'), 'Zoom 50%');
      assert.equal(await zoomOut.isDisabled(), true);
      await page.getByTestId('treemap-reset-zoom').click();
      await expectText(page.getByTestId('treemap-zoom-level'), 'Zoom 100%');

      // Drill into Pages; the wheel zooms by 1.1 around the pointer: the box under it stays under it.
      await clickNode(page, 'pages');
      await expectFocus(page, 'pages');
      assert.equal((await levelOptions(page)).length, 100);
      const pageId = (await labelledIds(page, 'page'))[3]!;
      const before = await nodePoint(page, pageId);
      await page.mouse.move(before.x + 20, before.y + 20);
      await page.mouse.wheel(0, -100);
      await eventually(async () => assert.equal(await zoom(page), 1.1));
      const after = await nodePoint(page, pageId);
      // The box's corner is 26 px from the pointer (the label point is 6 px in): after the zoom, 26 x 1.1.
      const stays = (was: number, now: number) => Math.abs(now - (was + 20 - 26 * 1.1 + 6)) < 1.5;
      assert.ok(stays(before.x, after.x), `x around the pointer: ${before.x} -> ${after.x}`);
      assert.ok(stays(before.y, after.y), `y around the pointer: ${before.y} -> ${after.y}`);
      await page.mouse.wheel(0, 100);
      await eventually(async () => assert.equal((await zoom(page)).toFixed(2), '0.99'));

      // Drag pans: the boxes move with the pointer, the focus stays.
      const start = await nodePoint(page, pageId);
      await page.mouse.move(start.x + 10, start.y + 10);
      await page.mouse.down();
      await page.mouse.move(start.x + 60, start.y + 40, { steps: 5 });
      await page.mouse.up();
      const moved = await nodePoint(page, pageId);
      assert.ok(
        Math.abs(moved.x - start.x - 50) < 2 && Math.abs(moved.y - start.y - 30) < 2,
        'panned by the drag',
      );
      await expectFocus(page, 'pages');

      // Search: names and configuration text; the rest is dimmed, the count is shown.
      await page.getByTestId('treemap-search').fill('title of widget 12345');
      await expectText(page.getByTestId('treemap-search-count'), 'Matches: 1');
      const expectedMatches = (query: string) => {
        const q = query.toLowerCase();
        const names = new Map(dump.widgetTemplates.map((t) => [t.uuid, t.name]));
        let n = widgetsOf(dump as unknown as Dump).filter((w) =>
          `${w.name}\n${names.get(w.widget_template_uuid ?? '') ?? ''}\n${JSON.stringify(w.configuration)}`
            .toLowerCase()
            .includes(q),
        ).length;
        // Templates shown under the default filters (used, with a schema).
        n += dump.widgetTemplates.filter(
          (t, i) => i < 36 && (t.schema?.length ?? 0) > 0 && `${t.name}\n${t.kind}`.toLowerCase().includes(q),
        ).length;
        n += dump.templates.filter((p) => (p.template_file ?? '').includes(q)).length;
        return n;
      };
      await page.getByTestId('treemap-search').fill('Custom Banner 3');
      await expectText(
        page.getByTestId('treemap-search-count'),
        `Matches: ${expectedMatches('Custom Banner 3').toLocaleString('en')}`,
      );
      await screenshot(page, 'widgets-visualization-search');
      await page.getByTestId('treemap-search').fill('pages/home');
      await expectText(
        page.getByTestId('treemap-search-count'),
        `Matches: ${expectedMatches('pages/home').toLocaleString('en')}`,
      );
      await page.getByTestId('treemap-search').fill('');
      await expectText(page.getByTestId('treemap-search-count'), '');

      // Reset View: back to the root at zoom 1.
      await clickNode(page, pageId);
      await expectFocus(page, pageId);
      await zoomIn.click();
      await page.getByTestId('treemap-reset-view').click();
      await expectFocus(page, 'root');
      await expectText(page.getByTestId('treemap-zoom-level'), 'Zoom 100%');
      assert.equal(await breadcrumbs(page), 'All');
      assert.match((await levelOptions(page))[0] ?? '', /^Pages, Pages · Widgets: \d{1,3}(,\d{3})+$/);

      // In Vietnamese the same numbers group thousands with '.' (issue 44): the statistics, the level list and the
      // load message (written when the file is read, so read again).
      await chooseLanguage(page, 'vi');
      await expectText(page.getByTestId('stat-statTotalWidgets'), 'Tổng số widget 20.000');
      await expectText(page.getByTestId('stat-statDropzones'), 'Vùng thả 2.000');
      assert.match(
        (await levelOptions(page))[0] ?? '',
        /^Các trang, Các trang · Số widget: \d{1,3}(\.\d{3})+$/,
      );
      await upload(page, 'dump-file', 'generated-20000.json', JSON.stringify(dump));
      await expectText(
        page.getByTestId('dump-file-ok'),
        'Đã tải generated-20000.json: 100 trang, 20.000 widget',
        15_000,
      );
    },
  },
  {
    name: 'Widgets Visualization: compare two dumps (added, removed, changed), the list of differences, Stop comparing',
    run: async ({ newPage, screenshot }) => {
      const page = await openVisualization(newPage);
      const before = generateWidgetsDump({
        pages: 3,
        regions: 2,
        directWidgets: 3,
        layouts: 1,
        widgetsPerDropzone: 2,
      });
      const after = structuredClone(before);
      const region = after.templates[1]!.snapshot.regions[0]!;
      // One widget added, one removed, one changed (as an import into the same store would).
      region.children.push({
        type: 'widget',
        uuid: 'w-new',
        name: 'Holiday Banner',
        widget_template_uuid: before.widgetTemplates[2]!.uuid,
        configuration: { title: 'Holidays' },
      });
      const removed = region.children.splice(0, 1)[0] as Widget;
      (region.children[0] as Widget).configuration = { title: 'Changed title' };
      const changedName = (region.children[0] as Widget).name;

      await upload(page, 'dump-file', 'before.json', JSON.stringify(before));
      await page.getByTestId('treemap-label').first().waitFor();
      await upload(page, 'compare-file', 'after.json', JSON.stringify(after));
      await expectText(page.getByTestId('compare-file-ok'), 'Comparing with after.json');
      await expectText(page.getByTestId('differences-summary'), 'Added: 1 · Removed: 1 · Changed: 1');
      const lines = await page.getByTestId('difference-text').allTextContents();
      assert.equal(lines.length, 3);
      const list = await textOf(page.getByTestId('differences-list'));
      assert.match(list, /Removed\s*Widget/);
      assert.ok(list.includes(removed.name ?? '?'), 'the removed widget is listed');
      assert.ok(list.includes('Holiday Banner'), 'the added widget is listed');
      assert.ok(list.includes(changedName ?? '?'), 'the changed widget is listed');
      assert.equal(
        await textOf(page.getByTestId('treemap-legend')),
        'Added Removed Changed Unchanged Holds changes',
      );
      await screenshot(page, 'widgets-visualization-compare');

      // Show: the treemap focuses where the difference is; its details say what it is.
      const rows = page.getByTestId('differences-list').locator('li');
      await rows.filter({ hasText: 'Removed' }).getByTestId('difference-show').click();
      await eventually(async () => assert.match((await focusId(page)) ?? '', /^pages\/1\/regions\/0$/));
      // The treemap, above the list, is brought into view.
      await eventually(async () => {
        const box = await page.getByTestId('treemap').boundingBox();
        const height = page.viewportSize()?.height ?? 0;
        assert.ok(box && box.y >= 0 && box.y < height, `the treemap is in view (top ${box?.y} of ${height})`);
      });
      const removedOption = page
        .getByTestId('treemap-level-list')
        .locator('[role="option"]')
        .filter({ hasText: removed.name ?? '?' });
      assert.equal(await removedOption.count(), 1);
      const removedId = (await removedOption.getAttribute('data-node-id'))!;
      await openDetails(page, removedId);
      await expectText(
        page.getByTestId('node-details').getByTestId('node-fields'),
        `Kind Widget Name ${removed.name} Contents Widget Difference Removed Template ${before.widgetTemplates.find((t) => t.uuid === removed.widget_template_uuid)?.name}`,
      );
      await page.getByTestId('node-details-close').click();

      await page.getByTestId('stop-compare').click();
      await page.getByTestId('differences').waitFor({ state: 'hidden' });
      assert.equal(
        await textOf(page.getByTestId('treemap-legend')),
        'Page Region Layout Dropzone Widget Template kind Widget template',
      );
    },
  },
  {
    name: "Widgets Visualization: a file that is not JSON raises the alert 'Error parsing JSON file: ...'; another dump is refused clearly",
    run: async ({ newPage }) => {
      const page = await openVisualization(newPage);
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await upload(page, 'dump-file', 'broken.json', '{"storeHash": "abc", ');
      await eventually(() => assert.equal(alerts.length, 1));
      // The parser's words said as a person would (issue 31); its own text stays behind "Details".
      assert.match(
        alerts[0]!,
        /^alert: Error parsing JSON file: the text (ends before the JSON is complete|is not JSON from .+)$/,
      );
      await expectText(page.getByTestId('dump-file-error'), alerts[0]!.slice('alert: '.length));
      const details = page.getByTestId('dump-file-details');
      assert.equal(await details.locator('pre').isVisible(), false);
      await details.getByText('Details').click();
      await expectText(details.locator('pre'), /JSON/);

      // Valid JSON, but a product dump: not a widgets dump, said plainly, no alert.
      await upload(
        page,
        'dump-file',
        'product-77.json',
        JSON.stringify({ id: 77, name: 'Chair', sku: 'CH-1' }),
      );
      await expectText(
        page.getByTestId('dump-file-error'),
        'product-77.json is not a widgets dump (the file Dump Widgets writes): The store hash is missing',
      );
      await page.getByTestId('dump-file-details').getByText('Details').click();
      await expectText(
        page.getByTestId('dump-file-details').locator('pre'),
        'storeHash: Invalid input: expected string, received undefined',
      );
      assert.equal(alerts.length, 1);
      assert.equal(await page.getByTestId('treemap').count(), 0);
    },
  },
];
