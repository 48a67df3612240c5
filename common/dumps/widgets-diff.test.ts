import { describe, expect, it } from 'vitest';
import { containerStatus, diffWidgetsDumps, sameJson, type WidgetsDumpDiff } from './widgets-diff';
import {
  dumpedPageSchema,
  summariseWidgetsDump,
  widgetsDumpSchema,
  type SnapshotRegion,
  type WidgetsDump,
} from './widgets-dump';
import { allNodes, layout, makeDump, page, template, widget } from './widgets-dump.fixtures';
import { buildWidgetsHierarchy } from './widgets-hierarchy';

/** A deep copy of `dump` changed by `change`, its summary recomputed. */
function edit(dump: WidgetsDump, change: (copy: WidgetsDump) => void): WidgetsDump {
  const copy = structuredClone(dump);
  change(copy);
  return { ...copy, summary: summariseWidgetsDump(copy.templates, copy.widgetTemplates) };
}
const regionsOf = (dump: WidgetsDump, pageIndex: number): SnapshotRegion[] =>
  dump.templates[pageIndex]!.snapshot.regions;
const childrenOf = (dump: WidgetsDump, pageIndex: number, regionIndex: number) =>
  regionsOf(dump, pageIndex)[regionIndex]!.children;

const noFilters = { hideEmptySchemaTemplates: false, hideUnusedTemplates: false };
/** The differences as [status, subject, name, where, nodeId, changes]. */
const rows = (diff: WidgetsDumpDiff) =>
  diff.differences.map((d) => [d.status, d.subject, d.name, d.where, d.nodeId, d.changes]);

/** The merged dump is valid, its summary recomputed, and every status names a node of its hierarchy. */
function expectConsistent(diff: WidgetsDumpDiff) {
  expect(widgetsDumpSchema.parse(diff.merged)).toEqual(diff.merged);
  expect(diff.merged.summary).toEqual(
    summariseWidgetsDump(diff.merged.templates, diff.merged.widgetTemplates),
  );
  const ids = new Set(allNodes(buildWidgetsHierarchy(diff.merged, noFilters)).map((n) => n.id));
  for (const id of diff.statusById.keys()) expect(ids, id).toContain(id);
  expect(diff.statusById).toEqual(new Map(diff.differences.map((d) => [d.nodeId, d.status])));
  const tally = { added: 0, removed: 0, changed: 0 };
  for (const d of diff.differences) tally[d.status]++;
  expect(diff.counts).toEqual(tally);
}

// Home: a hero, an intro and a two-column layout below the menu, a footer note below the content; a product page;
// the global regions. Templates: t-hero (custom), t-text (built-in), t-old (custom, unused).
const before = makeDump(
  [
    page('pages/home', [
      {
        name: 'home_below_menu',
        children: [
          widget('t-hero', 'Big hero', { title: 'Hi', colors: { a: 1, b: [1, 2] } }),
          widget('t-text', 'Intro', { text: 'a' }),
          layout([widget('t-text', 'Col A')], [widget('t-text', 'Col B')]),
        ],
      },
      { name: 'home_below_content', children: [widget('t-text', 'Footer note')] },
    ]),
    page('pages/product', [{ name: 'product_below_content', children: [widget('t-hero')] }], {
      id: '12',
      name: 'Blue shirt',
    }),
    page(null, [{ name: 'header_bottom--global', children: [widget('t-text', 'Banner')] }]),
  ],
  [
    template('t-hero', 'Hero banner', 'custom'),
    template('t-text', 'Text', 'text'),
    template('t-old', 'Old promo', 'custom'),
  ],
);
const HOME = 'pages/home';

describe('sameJson', () => {
  it('compares JSON values deeply, whatever the order of object keys', () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(
      true,
    );
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 3 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});

describe('diffWidgetsDumps', () => {
  it('finds no difference between identical dumps, even with configuration keys in another order', () => {
    const same = diffWidgetsDumps(before, before);
    expect(same.differences).toEqual([]);
    expect(same.statusById.size).toBe(0);
    expect(same.counts).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(same.merged).toEqual(before);

    const reordered = edit(before, (d) => {
      childrenOf(d, 0, 0)[0]!.configuration = { colors: { b: [1, 2], a: 1 }, title: 'Hi' };
    });
    expect(diffWidgetsDumps(before, reordered).differences).toEqual([]);
  });

  it('sees an inserted widget as one added widget, leaving the widgets after it unchanged', () => {
    const after = edit(before, (d) => {
      childrenOf(d, 0, 0).unshift(widget('t-text', 'New'));
    });
    const diff = diffWidgetsDumps(before, after);
    expect(diff.differences).toEqual([
      {
        status: 'added',
        subject: 'widget',
        name: 'New',
        where: `${HOME} › home_below_menu`,
        nodeId: 'pages/0/regions/0/children/0',
      },
    ]);
    expect(diff.counts).toEqual({ added: 1, removed: 0, changed: 0 });
    expect(diff.statusById).toEqual(new Map([['pages/0/regions/0/children/0', 'added']]));
    expect(diff.merged).toEqual(after);
    expectConsistent(diff);
  });

  it('sees an identical copy inserted before a widget as one added widget, and one in a dropzone too', () => {
    const after = edit(before, (d) => {
      const children = childrenOf(d, 0, 0);
      children.splice(1, 0, widget('t-text', 'Intro', { text: 'a' }));
      const zone = (children[3] as ReturnType<typeof layout>).dropzones[0]!;
      zone.widgets.unshift(widget('t-text', 'Col A'));
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff)).toEqual([
      ['added', 'widget', 'Intro', `${HOME} › home_below_menu`, 'pages/0/regions/0/children/2', undefined],
      [
        'added',
        'widget',
        'Col A',
        `${HOME} › home_below_menu`,
        'pages/0/regions/0/children/3/dropzones/0/widgets/1',
        undefined,
      ],
    ]);
    expect(diff.counts).toEqual({ added: 2, removed: 0, changed: 0 });
  });

  it('puts a removed widget back at the end of its region, with status removed', () => {
    const after = edit(before, (d) => {
      childrenOf(d, 0, 0).splice(1, 1); // Intro
    });
    const frozen = structuredClone(after);
    const diff = diffWidgetsDumps(before, after);
    const nodeId = 'pages/0/regions/0/children/2';
    expect(diff.differences).toEqual([
      { status: 'removed', subject: 'widget', name: 'Intro', where: `${HOME} › home_below_menu`, nodeId },
    ]);
    expect(diff.statusById.get(nodeId)).toBe('removed');
    expect(childrenOf(diff.merged, 0, 0).map((c) => c.name ?? c.type)).toEqual([
      'Big hero',
      'layout',
      'Intro',
    ]);
    expect(childrenOf(diff.merged, 0, 0)[2]).toEqual(widget('t-text', 'Intro', { text: 'a' }));
    const node = allNodes(buildWidgetsHierarchy(diff.merged, noFilters)).find((n) => n.id === nodeId);
    expect(node).toMatchObject({ kind: 'widget', name: 'Intro' });
    expect(diff.merged.summary.totalWidgets).toBe(before.summary.totalWidgets);
    expect(after).toEqual(frozen); // inputs are not changed
    expectConsistent(diff);
  });

  it('puts a widget removed from a layout back as a direct child, and appends a region the after page lacks', () => {
    const after = edit(before, (d) => {
      const children = childrenOf(d, 0, 0);
      (children[2] as ReturnType<typeof layout>).dropzones[1]!.widgets = []; // Col B
      regionsOf(d, 0).pop(); // home_below_content and its Footer note
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff)).toEqual([
      ['changed', 'page', HOME, '', 'pages/0', ['regions']],
      ['removed', 'widget', 'Col B', `${HOME} › home_below_menu`, 'pages/0/regions/0/children/3', undefined],
      [
        'removed',
        'widget',
        'Footer note',
        `${HOME} › home_below_content`,
        'pages/0/regions/1/children/0',
        undefined,
      ],
    ]);
    expect(regionsOf(diff.merged, 0).map((r) => r.name)).toEqual(['home_below_menu', 'home_below_content']);
    expect(diff.counts).toEqual({ added: 0, removed: 2, changed: 1 });
    expectConsistent(diff);
  });

  it('sees a new configuration as a changed widget with the reason', () => {
    const after = edit(before, (d) => {
      childrenOf(d, 0, 0)[0]!.configuration = { title: 'Hello', colors: { a: 1, b: [1, 2] } };
    });
    const diff = diffWidgetsDumps(before, after);
    expect(diff.differences).toEqual([
      {
        status: 'changed',
        subject: 'widget',
        name: 'Big hero',
        where: `${HOME} › home_below_menu`,
        nodeId: 'pages/0/regions/0/children/0',
        changes: ['configuration'],
      },
    ]);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(diff.merged).toEqual(after);
  });

  it('sees a widget moved to another dropzone or into a layout as changed position', () => {
    const after = edit(before, (d) => {
      const children = childrenOf(d, 0, 0);
      const [intro] = children.splice(1, 1);
      const zones = (children[1] as ReturnType<typeof layout>).dropzones;
      const [colA] = zones[0]!.widgets.splice(0, 1);
      zones[1]!.widgets.push(colA!);
      zones[0]!.widgets.push(intro as ReturnType<typeof widget>);
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff)).toEqual([
      [
        'changed',
        'widget',
        'Intro',
        `${HOME} › home_below_menu`,
        'pages/0/regions/0/children/1/dropzones/0/widgets/0',
        ['position'],
      ],
      [
        'changed',
        'widget',
        'Col A',
        `${HOME} › home_below_menu`,
        'pages/0/regions/0/children/1/dropzones/1/widgets/1',
        ['position'],
      ],
    ]);
  });

  it('moves nothing when a layout is inserted before another one, but the page layouts change', () => {
    const after = edit(before, (d) => {
      childrenOf(d, 0, 0).splice(2, 0, layout([widget('t-text', 'Col A')], []));
    });
    const diff = diffWidgetsDumps(before, after);
    // The old layout is paired with the after layout sharing Col A and Col B, not with the first one holding a Col A.
    expect(rows(diff)).toEqual([
      ['changed', 'page', HOME, '', 'pages/0', ['layouts']],
      [
        'added',
        'widget',
        'Col A',
        `${HOME} › home_below_menu`,
        'pages/0/regions/0/children/2/dropzones/0/widgets/0',
        undefined,
      ],
    ]);
  });

  it('adds and removes pages with all their widgets, removed pages after the after pages', () => {
    const after = edit(before, (d) => {
      d.templates.splice(1, 1); // the product page
      d.templates.push(
        dumpedPageSchema.parse(
          page('pages/cart', [{ name: 'cart_top', children: [widget('t-text', 'Free shipping')] }]),
        ),
      );
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff)).toEqual([
      ['added', 'page', 'pages/cart', '', 'pages/2', undefined],
      ['removed', 'page', 'pages/product · Blue shirt (#12)', '', 'pages/3', undefined],
      [
        'added',
        'widget',
        'Free shipping',
        'pages/cart › cart_top',
        'pages/2/regions/0/children/0',
        undefined,
      ],
      [
        'removed',
        'widget',
        'Hero banner',
        'pages/product · Blue shirt (#12) › product_below_content',
        'pages/3/regions/0/children/0',
        undefined,
      ],
    ]);
    expect(diff.merged.templates.map((p) => p.template_file)).toEqual([
      'pages/home',
      null,
      'pages/cart',
      'pages/product',
    ]);
    expect(diff.merged.templates[3]).toEqual(before.templates[1]);
    expect(diff.counts).toEqual({ added: 2, removed: 2, changed: 0 });
    expectConsistent(diff);
  });

  it('matches pages by template file, entity and channel', () => {
    const after = edit(before, (d) => {
      d.templates[1]!.entity_name = 'Red shirt';
      d.templates[2]!.channel_id = 2;
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff).filter((r) => r[1] === 'page')).toEqual([
      ['changed', 'page', 'pages/product · Red shirt (#12)', '', 'pages/1', ['entity name']],
      ['added', 'page', 'Global regions', '', 'pages/2', undefined],
      ['removed', 'page', 'Global regions', '', 'pages/3', undefined],
    ]);
    expect(diff.statusById.get('pages/1/regions/0/children/0')).toBeUndefined();
    expect(diff.statusById.get('pages/2/regions/0/children/0')).toBe('added');
    expect(diff.statusById.get('pages/3/regions/0/children/0')).toBe('removed');
  });

  it('sees widget templates added, removed and changed, by uuid then by kind and name', () => {
    const after = edit(before, (d) => {
      const [hero, text] = d.widgetTemplates;
      hero!.template = '<section></section>';
      hero!.storefront_api_query = 'query { site { id } }';
      text!.schema = [{ type: 'tab', sections: [] }];
      text!.name = 'Rich text';
      d.widgetTemplates.splice(2, 1); // t-old
      d.widgetTemplates.push(template('t-new', 'New promo', 'custom'));
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff)).toEqual([
      [
        'changed',
        'template',
        'Hero banner',
        'custom',
        'templates/custom/t-hero',
        ['template source', 'storefront API query'],
      ],
      ['changed', 'template', 'Rich text', 'text', 'templates/text/t-text', ['name', 'schema']],
      ['added', 'template', 'New promo', 'custom', 'templates/custom/t-new', undefined],
      ['removed', 'template', 'Old promo', 'custom', 'templates/custom/t-old', undefined],
    ]);
    expect(diff.merged.widgetTemplates.map((t) => t.uuid)).toEqual(['t-hero', 't-text', 't-new', 't-old']);
    expect(diff.merged.widgetTemplates[3]).toEqual(before.widgetTemplates[2]);
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 2 });
    expectConsistent(diff);
  });

  it('matches another store by template kind and name: its widgets match, and keep the after uuid', () => {
    // The target store after an import: the custom templates got new uuids, the hero widget of home was not imported.
    const after = edit(before, (d) => {
      for (const t of d.widgetTemplates) if (t.kind === 'custom') t.uuid = `x-${t.uuid.slice(2)}`;
      for (const p of d.templates) {
        for (const region of p.snapshot.regions) {
          for (const c of region.children)
            if (c.widget_template_uuid === 't-hero') c.widget_template_uuid = 'x-hero';
        }
      }
      childrenOf(d, 0, 0).shift(); // Big hero
      d.templates.splice(1, 1); // the product page
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff)).toEqual([
      ['removed', 'page', 'pages/product · Blue shirt (#12)', '', 'pages/2', undefined],
      [
        'removed',
        'widget',
        'Big hero',
        `${HOME} › home_below_menu`,
        'pages/0/regions/0/children/2',
        undefined,
      ],
      [
        'removed',
        'widget',
        'Hero banner',
        'pages/product · Blue shirt (#12) › product_below_content',
        'pages/2/regions/0/children/0',
        undefined,
      ],
    ]);
    // Put back with the uuid of the template merged holds, so the treemap names and counts it.
    expect(childrenOf(diff.merged, 0, 0)[2]?.widget_template_uuid).toBe('x-hero');
    expect(childrenOf(diff.merged, 2, 0)[0]?.widget_template_uuid).toBe('x-hero');
    expect(diff.merged.widgetTemplates.map((t) => t.uuid)).toEqual(['x-hero', 't-text', 'x-old']);
    expect(diff.statusById.has('templates/custom/x-hero')).toBe(false);
    expectConsistent(diff);
  });

  it('matches widgets by their uuid first, whatever their order, region or name', () => {
    const card = (uuid: string, n: number) => widget('t-text', 'Card', { n }, { uuid });
    const withCards = (cards: ReturnType<typeof widget>[], elsewhere: ReturnType<typeof widget>[] = []) =>
      makeDump(
        [
          page(HOME, [
            { name: 'top', children: cards },
            { name: 'bottom', children: elsewhere },
          ]),
        ],
        [template('t-text', 'Text', 'text')],
      );
    const old = withCards([card('u1', 1), card('u2', 2), card('u3', 3)]);

    expect(
      diffWidgetsDumps(old, withCards([card('u2', 2), card('u1', 1), card('u3', 3)])).differences,
    ).toEqual([]);

    const renamedAndMoved = withCards(
      [card('u1', 1), card('u3', 3)],
      [widget('t-text', 'Big card', { n: 2 }, { uuid: 'u2' })],
    );
    expect(rows(diffWidgetsDumps(old, renamedAndMoved))).toEqual([
      [
        'changed',
        'widget',
        'Big card',
        `${HOME} › bottom`,
        'pages/0/regions/1/children/0',
        ['name', 'position'],
      ],
    ]);

    // Two widgets that both have a uuid never match by their key.
    expect(rows(diffWidgetsDumps(old, withCards([card('u1', 1), card('u2', 2), card('u9', 3)])))).toEqual([
      ['added', 'widget', 'Card', `${HOME} › top`, 'pages/0/regions/0/children/2', undefined],
      ['removed', 'widget', 'Card', `${HOME} › top`, 'pages/0/regions/0/children/3', undefined],
    ]);

    // Uuids are a store's own: in the same store new uuids are new widgets, in another store they are ignored.
    const renewed = withCards([card('v1', 1), card('v2', 2), card('v3', 3)]);
    expect(diffWidgetsDumps(old, renewed).counts).toEqual({ added: 3, removed: 3, changed: 0 });
    expect(diffWidgetsDumps(old, { ...renewed, storeHash: 'other' }).differences).toEqual([]);
    const otherSwapped = { ...withCards([card('v2', 2), card('v1', 1), card('v3', 3)]), storeHash: 'other' };
    expect(diffWidgetsDumps(old, otherSwapped).differences.map((d) => [d.nodeId, d.changes])).toEqual([
      ['pages/0/regions/0/children/0', ['configuration']],
      ['pages/0/regions/0/children/1', ['configuration']],
    ]);

    // Without uuids, the same swap is matched by occurrence: two configurations changed.
    const plain = (n: number) => widget('t-text', 'Card', { n });
    const swapped = diffWidgetsDumps(withCards([plain(1), plain(2)]), withCards([plain(2), plain(1)]));
    expect(swapped.differences.map((d) => [d.nodeId, d.changes])).toEqual([
      ['pages/0/regions/0/children/0', ['configuration']],
      ['pages/0/regions/0/children/1', ['configuration']],
    ]);

    // A widget that has a uuid matches, by key, one that has none.
    const half = diffWidgetsDumps(withCards([plain(1)]), withCards([card('u1', 1)]));
    expect(half.differences).toEqual([]);
  });

  it('lists pages, then widgets in page and region order, then templates, and counts them', () => {
    const after = edit(before, (d) => {
      d.templates[2]!.snapshot.regions[0]!.children.push(widget('t-hero', 'Promo'));
      childrenOf(d, 0, 1)[0]!.configuration = { text: 'b' }; // Footer note
      childrenOf(d, 0, 0).splice(1, 1); // Intro
      d.templates.unshift(dumpedPageSchema.parse(page('pages/search', [])));
      d.widgetTemplates[0]!.schema = null;
    });
    const diff = diffWidgetsDumps(before, after);
    expect(rows(diff)).toEqual([
      ['added', 'page', 'pages/search', '', 'pages/0', undefined],
      ['removed', 'widget', 'Intro', `${HOME} › home_below_menu`, 'pages/1/regions/0/children/2', undefined],
      [
        'changed',
        'widget',
        'Footer note',
        `${HOME} › home_below_content`,
        'pages/1/regions/1/children/0',
        ['configuration'],
      ],
      [
        'added',
        'widget',
        'Promo',
        'Global regions › header_bottom--global',
        'pages/3/regions/0/children/1',
        undefined,
      ],
      ['changed', 'template', 'Hero banner', 'custom', 'templates/custom/t-hero', ['schema']],
    ]);
    expect(diff.counts).toEqual({ added: 2, removed: 1, changed: 2 });
    expectConsistent(diff);
  });
});

describe('containerStatus', () => {
  it('marks every container above a node with a status, and nothing else', () => {
    const after = edit(before, (d) => {
      childrenOf(d, 0, 0).splice(2, 1); // the layout: Col A and Col B removed
      d.widgetTemplates.push(template('t-new', 'New promo', 'custom'));
    });
    const diff = diffWidgetsDumps(before, after);
    const root = buildWidgetsHierarchy(diff.merged, noFilters);
    const containers = containerStatus(root, diff.statusById);
    expect([...containers.keys()].sort()).toEqual([
      'pages',
      'pages/0',
      'pages/0/regions/0',
      'root',
      'templates',
      'templates/custom',
    ]);
    expect(new Set(containers.values())).toEqual(new Set(['contains-changes']));
    expect(containerStatus(root, new Map([['pages/0', 'unchanged']])).size).toBe(0);
  });
});

describe('a large pair of dumps', () => {
  it('diffs 20,000 widgets per dump', () => {
    const templates = ['a', 'b', 'c', 'd', 'e'].map((k) => template(`t-${k}`, k.toUpperCase(), 'custom'));
    const regionChildren = (p: number, r: number) => {
      let n = 0;
      const next = () => {
        n++;
        return widget(`t-${'abcde'[n % 5]}`, `w${n % 7}`, { p, r, n });
      };
      const layouts = [0, 1].map(() =>
        layout(Array.from({ length: 10 }, next), Array.from({ length: 10 }, next)),
      );
      return [...layouts, ...Array.from({ length: 60 }, next)];
    };
    const pages = Array.from({ length: 50 }, (_, p) =>
      page(
        'pages/product',
        ['a', 'b', 'c', 'd'].map((name, r) => ({ name, children: regionChildren(p, r) })),
        { id: String(p), name: `Product ${p}` },
      ),
    );
    const big = makeDump(pages, templates);
    expect(big.summary.totalWidgets).toBe(20_000);

    const after = edit(big, (d) => {
      d.templates.forEach((_, p) => {
        childrenOf(d, p, 0).unshift(widget('t-a', 'inserted'));
        childrenOf(d, p, 1).pop();
        const firstLayout = childrenOf(d, p, 2)[0] as ReturnType<typeof layout>;
        firstLayout.dropzones[0]!.widgets[0]!.configuration = { edited: true };
      });
    });
    const diff = diffWidgetsDumps(big, after);
    expect(diff.counts).toEqual({ added: 50, removed: 50, changed: 50 });
    expect(diff.statusById.get('pages/7/regions/0/children/0')).toBe('added');
    expect(diff.statusById.get('pages/7/regions/1/children/61')).toBe('removed');
    expect(diff.statusById.get('pages/7/regions/2/children/0/dropzones/0/widgets/0')).toBe('changed');
    expect(diff.merged.summary.totalWidgets).toBe(20_050);
  });
});
