import { describe, expect, it } from 'vitest';
import { diffWidgetsDumps } from '../../../common/dumps/widgets-diff';
import { widgetsDumpSchema } from '../../../common/dumps/widgets-dump';
import {
  dumpedTemplateOf,
  pageCompareDumps,
  pageDump,
  pageKeyOf,
  readPageSide,
  templateUuidsOf,
  type ItemReader,
  type PageKey,
} from './page-dumps';

const HOME: PageKey = { channelId: 1, templateFile: 'pages/home', entityId: null };
const TEXT = '11111111-1111-4111-8111-111111111111';
const BANNER = '22222222-2222-4222-8222-222222222222';

/** A widget template as BigCommerce answers it (and a snapshot stores it). */
const template = (uuid: string, name: string) => ({
  uuid,
  name,
  kind: 'custom',
  template: `<p>{{${name}}}</p>`,
  schema: [],
  storefront_api_query: '',
  channel_id: 1,
  current_version_uuid: uuid.replace(/^1|^2/, '9'),
});

const widget = (name: string, uuid: string, configuration: Record<string, unknown>) => ({
  type: 'widget',
  name,
  widget_template_uuid: uuid,
  configuration,
});

/** The home page as the page-widgets API answers it: a text widget, and a banner inside a layout. */
const homeContent = (welcome: string) => ({
  regions: [
    { name: 'header_bottom', children: [widget('Welcome Text', TEXT, { text: welcome })] },
    {
      name: 'home_below_menu',
      children: [
        {
          type: 'layout',
          layout_template_uuid: 'layout-1',
          dropzones: [{ widgets: [widget('Hero', BANNER, { image: 'a.png' })] }],
        },
      ],
    },
  ],
});

const BEFORE_AT = '2026-03-01T10:00:00.000Z';
const AFTER_AT = '2026-03-02T11:30:00.000Z';

describe('a page of a snapshot as a widgets dump', () => {
  it('is a dump of that one page, in the format Dump Widgets downloads, with the templates its widgets use', () => {
    const dump = pageDump('abc123', HOME, {
      takenAt: BEFORE_AT,
      content: homeContent('Hello'),
      templates: [template(TEXT, 'Text'), template(BANNER, 'Banner')],
    });
    expect(widgetsDumpSchema.parse(dump)).toEqual(dump);
    expect(dump).toMatchObject({
      formatVersion: 1,
      kind: 'bc-toolbox/widgets-dump',
      dumpedAt: BEFORE_AT,
      storeHash: 'abc123',
      channelId: 1,
      dumpMode: 'selected',
      notes: [],
      summary: { totalTemplates: 1, totalWidgets: 2, totalWidgetTemplates: 2, uniqueWidgetTemplates: 2 },
    });
    expect(dump.templates).toEqual([
      {
        template_file: 'pages/home',
        entity_id: null,
        entity_name: null,
        channel_id: 1,
        snapshot: homeContent('Hello'),
      },
    ]);
    expect(dump.widgetTemplates.map((each) => [each.uuid, each.name, each.kind])).toEqual([
      [TEXT, 'Text', 'custom'],
      [BANNER, 'Banner', 'custom'],
    ]);
  });

  it('shows a page a snapshot does not hold as the same page, empty, and notes a template it lacks', () => {
    const empty = pageDump(
      'abc123',
      { channelId: 2, templateFile: 'pages/product', entityId: '77' },
      {
        takenAt: BEFORE_AT,
        content: null,
        templates: [],
      },
    );
    expect(empty.templates).toEqual([
      {
        template_file: 'pages/product',
        entity_id: '77',
        entity_name: null,
        channel_id: 2,
        snapshot: { regions: [] },
      },
    ]);
    expect(empty.summary.totalWidgets).toBe(0);
    expect(empty.notes).toEqual(['This snapshot does not hold this page: it is shown empty.']);

    const lacking = pageDump('abc123', HOME, {
      takenAt: AFTER_AT,
      content: homeContent('Hello'),
      templates: [template(TEXT, 'Text')],
    });
    expect(lacking.notes).toEqual([`The widget template ${BANNER} is not in this snapshot.`]);
    expect(lacking.summary).toMatchObject({ totalWidgets: 2, totalWidgetTemplates: 1 });
  });

  it('opens in the compare mode with the widget whose configuration changed, as the Widgets Visualization diffs it', () => {
    const templates = [template(TEXT, 'Text'), template(BANNER, 'Banner')];
    const { main, compare } = pageCompareDumps(
      'abc123',
      HOME,
      { takenAt: BEFORE_AT, content: homeContent('Hello'), templates },
      { takenAt: AFTER_AT, content: homeContent('Welcome back'), templates },
    );
    expect(main.fileName).toBe('bc-widgets-dump-abc123-2026-03-01T10-00-00-000Z.json');
    expect(compare.fileName).toBe('bc-widgets-dump-abc123-2026-03-02T11-30-00-000Z.json');
    const diff = diffWidgetsDumps(main.content, compare.content);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(diff.differences).toEqual([
      expect.objectContaining({
        status: 'changed',
        subject: 'widget',
        name: 'Welcome Text',
        changes: ['configuration'],
      }),
    ]);
  });

  it('shows an added page as every widget added (before: the page, empty)', () => {
    const { main, compare } = pageCompareDumps(
      'abc123',
      HOME,
      { takenAt: BEFORE_AT, content: null, templates: [] },
      { takenAt: AFTER_AT, content: homeContent('Hello'), templates: [template(TEXT, 'Text')] },
    );
    const diff = diffWidgetsDumps(main.content, compare.content);
    const widgets = diff.differences.filter((each) => each.subject === 'widget');
    expect(widgets.map((each) => [each.status, each.name])).toEqual([
      ['added', 'Welcome Text'],
      ['added', 'Hero'],
    ]);
  });
});

describe('the parts of a page dump', () => {
  it("reads a diff's page key, and nothing else", () => {
    expect(pageKeyOf({ channelId: 1, templateFile: 'pages/home', entityId: null })).toEqual(HOME);
    expect(pageKeyOf({ channelId: 1, templateFile: null, entityId: null })).toEqual({
      channelId: 1,
      templateFile: null,
      entityId: null,
    });
    expect(pageKeyOf({ id: 77 })).toBeNull();
    expect(pageKeyOf({ channelId: '1', templateFile: 'pages/home', entityId: null })).toBeNull();
  });

  it('lists the templates a page uses once each, in the order they appear, and none for what is not a page', () => {
    const base = homeContent('Hi');
    const twice = {
      regions: [
        { name: 'header_bottom', children: [...base.regions[0]!.children, widget('Another text', TEXT, {})] },
        ...base.regions.slice(1),
      ],
    };
    expect(templateUuidsOf(twice)).toEqual([TEXT, BANNER]);
    expect(templateUuidsOf(null)).toEqual([]);
    expect(templateUuidsOf({ regions: 'x' })).toEqual([]);
  });

  it('takes a template as BigCommerce answered it, filling what it left out as Dump Widgets does', () => {
    expect(dumpedTemplateOf({ uuid: TEXT, name: 'Text' })).toEqual({
      uuid: TEXT,
      name: 'Text',
      kind: 'custom',
      template: '',
      schema: null,
      storefront_api_query: null,
    });
    expect(dumpedTemplateOf(template(BANNER, 'Banner'))).toMatchObject({ uuid: BANNER, schema: [] });
    expect(dumpedTemplateOf({ name: 'no uuid' })).toBeNull();
    expect(dumpedTemplateOf(null)).toBeNull();
  });
});

describe('reading one side of the compare', () => {
  /** A snapshot's items by kind and key; what it was asked, in order. */
  const fakeSnapshot = (items: Record<string, unknown>) => {
    const asked: string[] = [];
    const read: ItemReader = (snapshotId, kind, key) => {
      const name = `${snapshotId}:${kind}:${JSON.stringify(key)}`;
      asked.push(name);
      return Promise.resolve(items[name] ?? null);
    };
    return { read, asked };
  };

  it('reads the page, then the templates it uses, leaving out one the snapshot does not hold', async () => {
    const { read, asked } = fakeSnapshot({
      [`s1:page:${JSON.stringify(HOME)}`]: homeContent('Hello'),
      [`s1:widget-template:{"id":"${TEXT}"}`]: template(TEXT, 'Text'),
    });
    const side = await readPageSide(read, { id: 's1', createdAt: BEFORE_AT }, HOME, true);
    expect(side).toEqual({
      takenAt: BEFORE_AT,
      content: homeContent('Hello'),
      templates: [template(TEXT, 'Text')],
    });
    expect(asked).toEqual([
      `s1:page:${JSON.stringify(HOME)}`,
      `s1:widget-template:{"id":"${TEXT}"}`,
      `s1:widget-template:{"id":"${BANNER}"}`,
    ]);
  });

  it('asks nothing of a snapshot that does not hold the page', async () => {
    const { read, asked } = fakeSnapshot({});
    expect(await readPageSide(read, { id: 's2', createdAt: AFTER_AT }, HOME, false)).toEqual({
      takenAt: AFTER_AT,
      content: null,
      templates: [],
    });
    expect(asked).toEqual([]);
  });
});
