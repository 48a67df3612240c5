import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  importWidgetsRequestSchema,
  type TargetWidgetTemplate,
  type WidgetsImportFile,
} from '../../../common/contracts/import-widgets';
import type { DumpedPage, DumpedWidgetTemplate } from '../../../common/dumps/widgets-dump';
import {
  buildImportRequest,
  buildPageTree,
  buildSelection,
  countMissingWidgets,
  findMissingTemplates,
  initialPagesForm,
  pageLabel,
  readImportFile,
  setEntityId,
  templateNamesByUuid,
  toggleAllPages,
  togglePage,
  widgetsToSkip,
} from './import-widgets-rules';

const template = (uuid: string, name: string, kind = 'custom'): DumpedWidgetTemplate => ({
  uuid,
  name,
  kind,
  template: '<p>{{text}}</p>',
  schema: [],
  storefront_api_query: null,
});

const widget = (name: string, uuid: string) => ({ type: 'widget', name, widget_template_uuid: uuid });

const home: DumpedPage = {
  template_file: 'pages/home',
  entity_id: null,
  entity_name: null,
  channel_id: 1,
  snapshot: {
    regions: [
      { name: 'home_below_menu', children: [widget('Promo', 'u-promo'), widget('Hero', 'u-hero')] },
      {
        name: 'home_below_featured_products',
        children: [
          {
            type: 'layout',
            name: 'Two columns',
            dropzones: [{ widgets: [widget('FAQ', 'u-faq')] }, { widgets: [widget('Promo 2', 'u-promo')] }],
          },
        ],
      },
      { name: 'home_empty', children: [] },
    ],
  },
};

const product: DumpedPage = {
  template_file: 'pages/product',
  entity_id: '77',
  entity_name: 'Harbour Mug',
  channel_id: 1,
  snapshot: { regions: [{ name: 'product_below_content', children: [widget('Badges', 'u-badges')] }] },
};

const file: WidgetsImportFile = {
  pages: [home, product],
  sourceWidgetTemplates: [
    template('u-promo', 'Promo Banner'),
    template('u-faq', 'FAQ Accordion'),
    template('u-badges', 'Trust Badges'),
    template('u-hero', 'Hero Banner', 'hero_banner'),
  ],
};

const named = (name: string, text: string) => ({ name, text: () => Promise.resolve(text) });

describe('reading the chosen file (spec part 1 §5)', () => {
  it('refuses a name that does not end in .json before reading it', async () => {
    const read = await readImportFile({
      name: 'widgets.txt',
      text: () => Promise.reject(new Error('not read')),
    });
    expect(read).toEqual({ ok: false, problem: 'notJsonFile' });
  });

  it('says Invalid JSON file for text that does not parse', async () => {
    expect(await readImportFile(named('dump.JSON', '{"templates": ['))).toEqual({
      ok: false,
      problem: 'invalidJson',
    });
  });

  it('says which rule the content breaks: the format, or no pages', async () => {
    expect(await readImportFile(named('a.json', '{"pages": []}'))).toEqual({
      ok: false,
      problem: 'invalidFormat',
    });
    expect(await readImportFile(named('a.json', '"text"'))).toEqual({ ok: false, problem: 'invalidFormat' });
    expect(await readImportFile(named('a.json', '{"templates": []}'))).toEqual({
      ok: false,
      problem: 'noPages',
    });
    expect(await readImportFile(named('a.json', '[]'))).toEqual({ ok: false, problem: 'noPages' });
  });

  it('reads a Dump Widgets file and a bare array of pages', async () => {
    const dump = await readImportFile(
      named(
        'dump.json',
        JSON.stringify({ storeHash: 'x', templates: [product], widgetTemplates: [template('u', 'T')] }),
      ),
    );
    expect(dump.ok && dump.file.pages.map((page) => page.entity_id)).toEqual(['77']);
    expect(dump.ok && dump.file.sourceWidgetTemplates.map((t) => t.name)).toEqual(['T']);
    const bare = await readImportFile(named('pages.json', JSON.stringify([home, product])));
    expect(bare.ok && bare.file.pages).toHaveLength(2);
    expect(bare.ok && bare.file.sourceWidgetTemplates).toEqual([]);
  });
});

describe('missing custom templates (spec part 1 §4)', () => {
  it('lists the custom templates whose name the target lacks, compared without case, with their widgets', () => {
    const target: TargetWidgetTemplate[] = [
      { name: 'promo banner', uuid: 'other-uuid', kind: 'custom' },
      { name: 'Hero Banner', uuid: 'u-hero', kind: 'hero_banner' },
    ];
    const missing = findMissingTemplates(file, target);
    expect(missing).toEqual([
      { name: 'FAQ Accordion', uuid: 'u-faq', widgetsCount: 1 },
      { name: 'Trust Badges', uuid: 'u-badges', widgetsCount: 1 },
    ]);
  });

  it('never lists a built-in kind, even one the target does not list', () => {
    expect(findMissingTemplates(file, []).map((t) => t.name)).toEqual([
      'Promo Banner',
      'FAQ Accordion',
      'Trust Badges',
    ]);
  });

  it('lists a name once when the dump repeats it', () => {
    const repeated = { ...file, sourceWidgetTemplates: [template('a', 'Card'), template('b', 'CARD')] };
    expect(findMissingTemplates(repeated, []).map((t) => t.uuid)).toEqual(['a']);
  });

  it('counts the widgets of a page, inside layouts too, whose template is missing', () => {
    const missing = findMissingTemplates(file, []);
    expect(countMissingWidgets(home, missing)).toBe(3);
    expect(countMissingWidgets(product, missing)).toBe(1);
    expect(countMissingWidgets(home, [])).toBe(0);
  });

  it('is missing exactly when no target name matches ignoring case (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 8 }),
        (sourceNames, targetNames) => {
          const source = {
            pages: [],
            sourceWidgetTemplates: sourceNames.map((n, i) => template(`u${i}`, n)),
          };
          const missing = findMissingTemplates(
            source,
            targetNames.map((name) => ({ name })),
          );
          const lower = new Set(targetNames.map((name) => name.toLowerCase()));
          for (const m of missing) expect(lower.has(m.name.toLowerCase())).toBe(false);
          const expected = new Set(sourceNames.map((n) => n.toLowerCase()).filter((n) => !lower.has(n)));
          expect(new Set(missing.map((m) => m.name.toLowerCase()))).toEqual(expected);
        },
      ),
    );
  });
});

describe('the page selection and the request it builds (spec part 1 §4, §5, §7)', () => {
  const store = { storeHash: 'sandbox-empty', accessToken: 'empty-token', clientId: 'client-1' };

  it('starts with nothing ticked and the dump’s entity ids prefilled', () => {
    expect(initialPagesForm(file.pages)).toEqual({ selected: [], entityIds: ['', '77'] });
  });

  it('ticks pages in index order; select all ticks every page, and again unticks them', () => {
    let form = togglePage(initialPagesForm(file.pages), 1);
    form = togglePage(form, 0);
    expect(form.selected).toEqual([0, 1]);
    expect(togglePage(form, 1).selected).toEqual([0]);
    expect(toggleAllPages(togglePage(form, 1)).selected).toEqual([0, 1]);
    expect(toggleAllPages(form).selected).toEqual([]);
  });

  it('refuses an empty selection with the spec’s message key', () => {
    expect(buildSelection(initialPagesForm(file.pages), file.pages, '1')).toEqual({
      ok: false,
      problem: { kind: 'no-page' },
    });
  });

  it('holds per page the index, the new entity id and the channel (an invalid channel reads as 1)', () => {
    const form = setEntityId(toggleAllPages(initialPagesForm(file.pages)), 1, ' 81 ');
    expect(buildSelection(form, file.pages, '1702953')).toEqual({
      ok: true,
      selection: [
        { index: 0, newEntityId: null, channelId: 1702953 },
        { index: 1, newEntityId: '81', channelId: 1702953 },
      ],
    });
    for (const channel of ['', '0', '-3', '2.5', 'abc']) {
      const built = buildSelection(form, file.pages, channel);
      expect(built.ok && built.selection.map((s) => s.channelId)).toEqual([1, 1]);
    }
  });

  it('refuses a new entity id that is not a positive whole number, naming the page', () => {
    const form = togglePage(initialPagesForm(file.pages), 1);
    for (const value of ['', '0', 'abc', '7.5', '-2']) {
      expect(buildSelection(setEntityId(form, 1, value), file.pages, '1')).toEqual({
        ok: false,
        problem: { kind: 'entity-id', index: 1, value },
      });
    }
  });

  it('sends the selected pages with the new entity id, the channel, the regions and the dump’s templates', () => {
    const form = setEntityId(toggleAllPages(initialPagesForm(file.pages)), 1, '81');
    const built = buildSelection(togglePage(form, 0), file.pages, '2');
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const request = buildImportRequest(file, built.selection, store, true);
    expect(request).toEqual({
      store,
      pages: [
        { template_file: 'pages/product', entity_id: '81', channel_id: 2, regions: product.snapshot.regions },
      ],
      autoCreateMissingTemplates: true,
      sourceWidgetTemplates: file.sourceWidgetTemplates,
    });
    // The contract accepts what the screen sends.
    expect(importWidgetsRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('the details tree', () => {
  it('reads regions > layouts > dropzones > widgets, and widgets directly in regions', () => {
    expect(buildPageTree(home.snapshot.regions)).toEqual([
      {
        kind: 'region',
        name: 'home_below_menu',
        children: [
          { kind: 'widget', name: 'Promo', templateUuid: 'u-promo' },
          { kind: 'widget', name: 'Hero', templateUuid: 'u-hero' },
        ],
      },
      {
        kind: 'region',
        name: 'home_below_featured_products',
        children: [
          {
            kind: 'layout',
            name: 'Two columns',
            children: [
              {
                kind: 'dropzone',
                position: 1,
                children: [{ kind: 'widget', name: 'FAQ', templateUuid: 'u-faq' }],
              },
              {
                kind: 'dropzone',
                position: 2,
                children: [{ kind: 'widget', name: 'Promo 2', templateUuid: 'u-promo' }],
              },
            ],
          },
        ],
      },
      { kind: 'region', name: 'home_empty', children: [] },
    ]);
  });

  it('reads a child without type as a layout when it has dropzones', () => {
    const [region] = buildPageTree([{ name: 'r', children: [{ dropzones: [{ widgets: [] }] }] }]);
    expect(region?.kind === 'region' && region.children[0]?.kind).toBe('layout');
  });

  it('names templates from the dump first, then the target', () => {
    const names = templateNamesByUuid(
      [template('u1', 'From dump')],
      [
        { uuid: 'u1', name: 'From target' },
        { uuid: 'u2', name: 'Built-in' },
      ],
    );
    expect([names.get('u1'), names.get('u2'), names.get('u3')]).toEqual(['From dump', 'Built-in', undefined]);
  });

  it('labels a page by its template file and new entity id, the global regions by their own words', () => {
    expect(pageLabel({ templateFile: 'pages/product', entityId: '81' }, 'Global regions')).toBe(
      'pages/product #81',
    );
    expect(pageLabel({ templateFile: null, entityId: null }, 'Global regions')).toBe('Global regions');
  });
});

describe('the widgets an import will skip (issue 44)', () => {
  const missing = findMissingTemplates(file, []);
  const both = [
    { index: 0, newEntityId: null, channelId: 1 },
    { index: 1, newEntityId: '81', channelId: 1 },
  ];

  it('names, per selected page, the widgets whose custom template is missing, when it will not be created', () => {
    expect(widgetsToSkip(file, both, missing, false)).toEqual([
      {
        page: { templateFile: 'pages/home', entityId: null },
        widgets: [
          { name: 'Promo', template: 'Promo Banner' },
          { name: 'FAQ', template: 'FAQ Accordion' },
          { name: 'Promo 2', template: 'Promo Banner' },
        ],
      },
      {
        page: { templateFile: 'pages/product', entityId: '81' },
        widgets: [{ name: 'Badges', template: 'Trust Badges' }],
      },
    ]);
    expect(widgetsToSkip(file, both.slice(1), missing, false)).toHaveLength(1);
  });

  it('says nothing when the templates will be created, none is missing, or the target’s are not loaded', () => {
    expect(widgetsToSkip(file, both, missing, true)).toEqual([]);
    expect(widgetsToSkip(file, both, [], false)).toEqual([]);
    expect(widgetsToSkip(file, both, null, false)).toEqual([]);
  });
});
