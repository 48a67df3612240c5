import { afterEach, describe, expect, it } from 'vitest';
import {
  summariseWidgetsDump,
  type SnapshotChild,
  type WidgetsDump,
} from '../../../common/dumps/widgets-dump';
import type { HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import { TWENTY_THOUSAND, generateWidgetsDump } from '../../../e2e/fixtures/widgets-dump-generator';
import { createDumpClient, serveDumpSession, type MessagePortLike } from './dump-rpc';
import { DIFFERENCES_LISTED, DumpSession, type ViewReply } from './dump-session';

// 3 pages x 2 regions x (2 direct widgets + 1 layout of 2 dropzones x 2 widgets) = 36 widgets, w-0 to w-35, using
// templates 0 to 35 once each; templates 6, 13, 20, 27 and 34 have an empty schema, 36 to 39 are unused.
const SMALL = { pages: 3, regions: 2, directWidgets: 2, layouts: 1, widgetsPerDropzone: 2 };
const main = generateWidgetsDump(SMALL, 'store-a');
const mainText = JSON.stringify(main);
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const SUMMARY = {
  totalWidgetTemplates: 40,
  totalTemplates: 3,
  totalWidgets: 36,
  uniqueWidgetTemplates: 36,
  totalRegions: 6,
  totalLayouts: 6,
  totalDropzones: 12,
};

function all(node: HierarchyNode): HierarchyNode[] {
  return [node, ...(node.children ?? []).flatMap(all)];
}
const ofKind = (view: ViewReply, kind: HierarchyNode['kind']) =>
  all(view.root).filter((n) => n.kind === kind);

function loaded(): DumpSession {
  const session = new DumpSession();
  const reply = session.load('main', mainText);
  if (!reply.ok) throw new Error(JSON.stringify(reply));
  return session;
}

/**
 * The "after" dump of the compare tests: w-0's configuration changed, w-7 (page 0, region 1, second direct widget)
 * removed, a new widget appended to page 2's first region.
 */
function compareDump(): WidgetsDump {
  const after = structuredClone(main);
  const home = after.templates[0]!.snapshot.regions;
  home[0]!.children[0]!.configuration = {
    title: 'Changed title',
    link: '/collections/item-0',
    colour: 'sand',
  };
  home[1]!.children.splice(1, 1);
  const added: SnapshotChild = {
    type: 'widget',
    uuid: 'w-new',
    name: 'Fresh widget',
    widget_template_uuid: uuid(0),
    configuration: { title: 'New' },
  };
  after.templates[2]!.snapshot.regions[0]!.children.push(added);
  return { ...after, summary: summariseWidgetsDump(after.templates, after.widgetTemplates) };
}

describe('DumpSession', () => {
  it('throws on view before a dump is loaded, and answers search and node with null', () => {
    const session = new DumpSession();
    expect(() => session.view({})).toThrow('No dump is loaded');
    expect(session.search('banner')).toBeNull();
    expect(session.node('pages/0')).toBeNull();
  });

  it('loads a dump and answers its summary and page count', () => {
    const session = new DumpSession();
    expect(session.load('main', mainText)).toEqual({ ok: true, summary: SUMMARY, pages: 3 });
  });

  it('answers a load error and keeps the dump it holds', () => {
    const session = loaded();
    expect(session.load('main', '{')).toMatchObject({ ok: false, kind: 'invalid-json' });
    expect(session.load('main', '{"id": 1}')).toEqual({
      ok: false,
      kind: 'not-widgets-dump',
      reason: 'storeHash: Invalid input: expected string, received undefined',
    });
    expect(new Map(session.view({}).counts).get('pages')).toBe(36);
  });

  it('views the tree without refs, with widget counts equal to the summary', () => {
    const view = loaded().view({});
    expect(view.diff).toBeNull();
    expect(view.root.id).toBe('root');
    expect(all(view.root).some((n) => 'ref' in n)).toBe(false);
    expect(ofKind(view, 'widget')).toHaveLength(SUMMARY.totalWidgets);
    const counts = new Map(view.counts);
    expect(counts.get('pages')).toBe(SUMMARY.totalWidgets);
    expect(counts.get('root')).toBe(SUMMARY.totalWidgets);
    expect(counts.get('pages/0')).toBe(12);
    expect(counts.get('pages/2/regions/1')).toBe(6);
    expect(counts.get('pages/2/regions/1/children/2')).toBe(4);
    expect(counts.get('pages/2/regions/1/children/2/dropzones/0')).toBe(2);
    // A template counts the widgets using it; widgets have no entry.
    expect(counts.get(`templates/custom/${uuid(0)}`)).toBe(1);
    expect(counts.get('templates/custom')).toBe(26);
    expect(counts.get('templates/banner')).toBe(5);
    expect(counts.get('templates')).toBe(31);
    expect(counts.has('pages/0/regions/0/children/0')).toBe(false);
  });

  it('shows the templates the filters let through', () => {
    const session = loaded();
    const names = (view: ViewReply) => ofKind(view, 'template').map((n) => n.name);
    const shown = names(session.view({}));
    expect(shown).toHaveLength(31);
    expect(shown).not.toContain('Custom Banner 7'); // template 6: empty schema
    expect(shown).not.toContain('Built-in Block 7'); // template 36: unused
    expect(names(session.view({ hideEmptySchemaTemplates: false, hideUnusedTemplates: false }))).toHaveLength(
      40,
    );
    const withEmpty = names(session.view({ hideEmptySchemaTemplates: false }));
    expect(withEmpty).toHaveLength(36);
    expect(withEmpty).toContain('Custom Banner 7');
    expect(withEmpty).not.toContain('Built-in Block 7');
    const withUnused = names(session.view({ hideUnusedTemplates: false }));
    expect(withUnused).toHaveLength(35);
    expect(withUnused).toContain('Built-in Block 7');
    expect(withUnused).not.toContain('Custom Banner 7');
    const counts = new Map(session.view({ hideUnusedTemplates: false }).counts);
    expect(counts.get(`templates/banner/${uuid(36)}`)).toBe(0);
    expect(counts.get('pages')).toBe(36);
  });

  it('answers a page, a widget, a template and any other node', () => {
    const session = loaded();
    session.view({});
    expect(session.node('pages/1')).toEqual({
      kind: 'page',
      page: { template_file: 'pages/product', entity_id: '101', entity_name: 'Entity 101', channel_id: 1 },
    });
    expect(session.node('pages/0')).toEqual({
      kind: 'page',
      page: { template_file: 'pages/home', entity_id: null, entity_name: null, channel_id: 1 },
    });
    const direct = session.node('pages/0/regions/0/children/0');
    expect(direct).toEqual({
      kind: 'widget',
      configuration: { title: 'Title of widget 0', link: '/collections/item-0', colour: 'sand' },
      templateUuid: uuid(0),
      templateName: 'Custom Banner 1',
    });
    expect(direct?.kind === 'widget' && direct.configuration).toEqual(
      main.templates[0]!.snapshot.regions[0]!.children[0]!.configuration,
    );
    // Page 1, region 1: w-18 and w-19 directly, w-20 to w-23 in the layout.
    expect(session.node('pages/1/regions/1/children/2/dropzones/1/widgets/1')).toEqual({
      kind: 'widget',
      configuration:
        main.templates[1]!.snapshot.regions[1]!.children[2]!.dropzones![1]!.widgets![1]!.configuration,
      templateUuid: uuid(23),
      templateName: 'Custom Banner 24',
    });
    expect(session.node(`templates/banner/${uuid(31)}`)).toEqual({
      kind: 'template',
      template: main.widgetTemplates[31],
    });
    for (const id of [
      'root',
      'pages',
      'templates',
      'templates/custom',
      'pages/0/regions/0',
      'pages/0/regions/0/children/2',
    ]) {
      expect(session.node(id), id).toEqual({ kind: 'other' });
    }
    expect(session.node('pages/9')).toBeNull();
    // Hidden by the filters of the last view: not in the tree.
    expect(session.node(`templates/custom/${uuid(6)}`)).toBeNull();
  });

  it('searches what the last view shows', () => {
    const session = loaded();
    expect(session.search('entity 101')).toBeNull(); // no view yet
    session.view({});
    expect(session.search('  ')).toBeNull();
    const page = session.search('Entity 101');
    expect(page?.matches).toEqual(['pages/1']);
    expect(page?.holders).toEqual(expect.arrayContaining(['root', 'pages']));
    const widget = session.search('title of widget 23"');
    expect(widget?.matches).toEqual(['pages/1/regions/1/children/2/dropzones/1/widgets/1']);
    expect(widget?.holders).toEqual(
      expect.arrayContaining([
        'root',
        'pages',
        'pages/1',
        'pages/1/regions/1',
        'pages/1/regions/1/children/2',
        'pages/1/regions/1/children/2/dropzones/1',
      ]),
    );
    // Template 6 (empty schema) is hidden: only its widget w-6 matches its name.
    expect(session.search('custom banner 7 ')?.matches).toEqual(['pages/0/regions/1/children/0']);
    session.view({ hideEmptySchemaTemplates: false });
    expect(session.search('custom banner 7 ')?.matches).toEqual([
      'pages/0/regions/1/children/0',
      `templates/custom/${uuid(6)}`,
    ]);
  });

  it('compares with a second dump: the merged tree, its statuses, differences and counts', () => {
    const session = loaded();
    expect(session.load('compare', JSON.stringify(compareDump()))).toMatchObject({ ok: true, pages: 3 });
    const view = session.view({});
    expect(view.diff).not.toBeNull();
    const diff = view.diff!;
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(diff.total).toBe(3);
    expect(new Map(diff.statuses)).toEqual(
      new Map([
        ['pages/0/regions/0/children/0', 'changed'],
        ['pages/0/regions/1/children/2', 'removed'],
        ['pages/2/regions/0/children/3', 'added'],
      ]),
    );
    expect(diff.differences).toEqual([
      {
        status: 'changed',
        subject: 'widget',
        name: 'Custom Banner 1 #0',
        where: 'pages/home › header_bottom',
        nodeId: 'pages/0/regions/0/children/0',
        changes: ['configuration'],
      },
      {
        status: 'removed',
        subject: 'widget',
        name: 'Custom Banner 8 #7',
        where: 'pages/home › home_below_menu',
        nodeId: 'pages/0/regions/1/children/2',
      },
      {
        status: 'added',
        subject: 'widget',
        name: 'Fresh widget',
        where: 'pages/category · Entity 102 (#102) › header_bottom',
        nodeId: 'pages/2/regions/0/children/3',
      },
    ]);
    // The merged tree: 36 - 1 removed + 1 added, the removed widget put back.
    const counts = new Map(view.counts);
    expect(counts.get('pages')).toBe(37);
    expect(counts.get('pages/0')).toBe(12);
    expect(counts.get('pages/2')).toBe(13);
    expect(ofKind(view, 'widget')).toHaveLength(37);
    // Nodes resolve in the merged dump: the removed widget and the changed configuration.
    expect(session.node('pages/0/regions/1/children/2')).toEqual({
      kind: 'widget',
      configuration: { title: 'Title of widget 7', link: '/collections/item-7', colour: 'navy' },
      templateUuid: uuid(7),
      templateName: 'Custom Banner 8',
    });
    expect(session.node('pages/0/regions/0/children/0')).toMatchObject({
      kind: 'widget',
      configuration: { title: 'Changed title' },
    });
    expect(session.search('fresh widget')?.matches).toEqual(['pages/2/regions/0/children/3']);

    session.stopCompare();
    const back = session.view({});
    expect(back.diff).toBeNull();
    expect(new Map(back.counts).get('pages')).toBe(36);
    expect(session.node('pages/0/regions/0/children/0')).toMatchObject({
      configuration: { title: 'Title of widget 0' },
    });
  });

  it('drops the compared dump when a new main dump is loaded', () => {
    const session = loaded();
    session.load('compare', JSON.stringify(compareDump()));
    expect(session.view({}).diff).not.toBeNull();
    session.load('main', mainText);
    expect(session.view({}).diff).toBeNull();
  });

  it(`lists at most ${DIFFERENCES_LISTED} differences and counts them all`, () => {
    const before = generateWidgetsDump({ ...SMALL, pages: 20 }, 'store-a');
    const after = structuredClone(before);
    for (const page of after.templates) {
      for (const region of page.snapshot.regions) {
        for (const child of region.children) {
          if (child.configuration) child.configuration = { ...child.configuration, colour: 'red' };
          for (const zone of child.dropzones ?? []) {
            for (const w of zone.widgets ?? []) w.configuration = { ...w.configuration, colour: 'red' };
          }
        }
      }
    }
    const session = new DumpSession();
    session.load('main', JSON.stringify(before));
    session.load('compare', JSON.stringify(after));
    const diff = session.view({}).diff!;
    expect(DIFFERENCES_LISTED).toBe(200);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 240 });
    expect(diff.total).toBe(240);
    expect(diff.differences).toHaveLength(200);
    expect(diff.statuses).toHaveLength(240);
    // 12 widgets a page: the 200th difference is page 16's 8th widget, region 1's second direct widget.
    expect(diff.differences[199]?.nodeId).toBe('pages/16/regions/1/children/1');
  });

  it('holds a 20,000-widget dump', () => {
    const big = generateWidgetsDump(TWENTY_THOUSAND);
    const session = new DumpSession();
    expect(session.load('main', JSON.stringify(big))).toMatchObject({
      ok: true,
      pages: 100,
      summary: { totalWidgets: 20_000, totalRegions: 500, totalLayouts: 1000, totalDropzones: 2000 },
    });
    const counts = new Map(session.view({}).counts);
    expect(counts.get('pages')).toBe(20_000);
    expect(counts.get('root')).toBe(20_000);
    expect(counts.get('pages/99')).toBe(200);
  });
});

describe('serveDumpSession and createDumpClient', () => {
  const ports: MessagePort[] = [];
  afterEach(() => {
    for (const port of ports.splice(0)) port.close();
  });

  /** A served session on one end of a MessageChannel and a client on the other. */
  function connect() {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    serveDumpSession(port2, new DumpSession());
    const client = createDumpClient(port1);
    port1.start();
    port2.start();
    return client;
  }

  it('loads a Blob, views, searches and describes a node over a MessageChannel', async () => {
    const client = connect();
    const file = new Blob([mainText], { type: 'application/json' });
    expect(await client.call({ method: 'load', slot: 'main', file })).toEqual({
      ok: true,
      summary: SUMMARY,
      pages: 3,
    });
    const view = await client.call({ method: 'view', filters: {} });
    expect(view.root.children?.map((n) => n.id)).toEqual(['pages', 'templates']);
    expect(new Map(view.counts).get('pages')).toBe(36);
    expect(view.diff).toBeNull();
    const found = await client.call({ method: 'search', query: 'Entity 101' });
    expect(found?.matches).toEqual(['pages/1']);
    expect(await client.call({ method: 'node', id: 'pages/0/regions/0/children/0' })).toEqual({
      kind: 'widget',
      configuration: { title: 'Title of widget 0', link: '/collections/item-0', colour: 'sand' },
      templateUuid: uuid(0),
      templateName: 'Custom Banner 1',
    });

    const compare = new Blob([JSON.stringify(compareDump())]);
    expect(await client.call({ method: 'load', slot: 'compare', file: compare })).toMatchObject({ ok: true });
    const compared = await client.call({ method: 'view', filters: {} });
    expect(compared.diff?.counts).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(await client.call({ method: 'stopCompare' })).toBeNull();
    expect((await client.call({ method: 'view', filters: {} })).diff).toBeNull();
  });

  it('answers in arrival order', async () => {
    const client = connect();
    const [load, view, found] = await Promise.all([
      client.call({ method: 'load', slot: 'main', file: new Blob([mainText]) }),
      client.call({ method: 'view', filters: {} }),
      client.call({ method: 'search', query: 'custom banner 2 #1' }),
    ]);
    expect(load.ok).toBe(true);
    expect(new Map(view.counts).get('root')).toBe(36);
    expect(found?.matches).toEqual(['pages/0/regions/0/children/1']);
  });

  it('rejects with the error the session throws, and answers load errors', async () => {
    const client = connect();
    await expect(client.call({ method: 'view', filters: {} })).rejects.toThrow('No dump is loaded');
    expect(await client.call({ method: 'load', slot: 'main', file: new Blob(['']) })).toEqual({
      ok: false,
      kind: 'invalid-json',
      message: 'Unexpected end of JSON input',
    });
    expect(await client.call({ method: 'node', id: 'pages/0' })).toBeNull();
    // The session still answers after an error.
    expect(await client.call({ method: 'load', slot: 'main', file: new Blob([mainText]) })).toMatchObject({
      ok: true,
    });
    expect((await client.call({ method: 'view', filters: {} })).root.id).toBe('root');
  });

  it('answers a file that cannot be read as invalid JSON with the reading error', async () => {
    const answers: unknown[] = [];
    let deliver: ((event: MessageEvent) => void) | undefined;
    const port: MessagePortLike = {
      postMessage: (message) => answers.push(message),
      addEventListener: (_type, listener) => {
        deliver = listener;
      },
    };
    serveDumpSession(port, new DumpSession());
    const unreadable = { text: () => Promise.reject(new Error('The file could not be read')) };
    deliver!({
      data: { id: 7, request: { method: 'load', slot: 'main', file: unreadable } },
    } as MessageEvent);
    deliver!({ data: { id: 8, request: { method: 'view', filters: {} } } } as MessageEvent);
    await expect.poll(() => answers.length).toBe(2);
    expect(answers).toEqual([
      {
        id: 7,
        ok: true,
        result: { ok: false, kind: 'invalid-json', message: 'The file could not be read' },
      },
      { id: 8, ok: false, error: 'No dump is loaded' },
    ]);
  });

  it('fails the open calls and any later call once closed', async () => {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    // Nothing serves port2: the call stays open until the client is closed.
    const client = createDumpClient(port1);
    port1.start();
    const open = client.call({ method: 'view', filters: {} });
    client.close();
    await expect(open).rejects.toThrow('The file reader has stopped');
    await expect(client.call({ method: 'stopCompare' })).rejects.toThrow('The file reader has stopped');
  });
});

describe('DumpSession.load with filters', () => {
  it('answers the first view with the load (one round trip to a first frame)', () => {
    const session = new DumpSession();
    const reply = session.load('main', mainText, {
      hideEmptySchemaTemplates: false,
      hideUnusedTemplates: false,
    });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.view?.root.id).toBe('root');
    expect(reply.view).toEqual(session.view({ hideEmptySchemaTemplates: false, hideUnusedTemplates: false }));
    expect(new Map(reply.view?.counts).get('root')).toBe(main.summary.totalWidgets);
    expect(reply.view?.counts.filter(([id]) => id === 'root')).toHaveLength(1);
    // Without filters, no view is built.
    expect('view' in new DumpSession().load('main', mainText)).toBe(false);
  });
});
