import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ImportWidgetsResponse } from '../../../common/contracts/import-widgets';
import type { DumpedPage } from '../../../common/dumps/widgets-dump';
import { createI18n, type Language } from '../../lib/i18n';
import { textOf } from '../../lib/render-test';
import { ImportResults, resultsTone } from './import-results';
import { MissingTemplatesSection } from './missing-templates';
import { PageDetailsView } from './page-details-dialog';
import { PagesTable } from './pages-table';

function render(element: ReactElement, language: Language = 'en'): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createI18n(language)}>{element}</I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The texts of every element with the test id. */
const allByTestId = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(td|p|span|li|dd|a|button)>`, 'g'))].map(
    (match) => textOf(match[1] ?? ''),
  );

const noop = () => undefined;

describe('MissingTemplatesSection', () => {
  const missing = [
    { name: 'FAQ Accordion', uuid: 'u-faq', widgetsCount: 2 },
    { name: 'Trust Badges', uuid: 'u-badges', widgetsCount: 1 },
  ];

  it('marks each missing template MISSING: and says widgets are skipped without auto-create', () => {
    const html = render(
      <MissingTemplatesSection
        missing={missing}
        hasSourceTemplates
        autoCreate={false}
        onAutoCreateChange={noop}
      />,
    );
    expect(html.match(/data-testid="missing-template-row"/g)).toHaveLength(2);
    expect(textOf(html)).toContain('MISSING: FAQ Accordion u-faq 2');
    expect(textOf(html)).toContain('MISSING: Trust Badges u-badges 1');
    expect(allByTestId(html, 'auto-create-note')).toEqual([
      'Without it, the widgets that use a missing template are skipped; the rest of each page is imported.',
    ]);
    expect(html).toMatch(/<input type="checkbox"[^>]*data-testid="auto-create"/);
  });

  it('says what auto-create does when ticked, and in Vietnamese', () => {
    const html = render(
      <MissingTemplatesSection missing={missing} hasSourceTemplates autoCreate onAutoCreateChange={noop} />,
      'vi',
    );
    expect(allByTestId(html, 'auto-create-note')).toEqual([
      'Các template tùy chỉnh còn thiếu sẽ được tạo trong store đích trước khi ghi các trang.',
    ]);
    expect(textOf(html)).toContain('MISSING: FAQ Accordion');
  });

  it('asks to load the target’s templates before it knows; says when nothing is missing', () => {
    const before = render(
      <MissingTemplatesSection
        missing={null}
        hasSourceTemplates
        autoCreate={false}
        onAutoCreateChange={noop}
      />,
    );
    expect(before).toContain('data-testid="templates-not-loaded"');
    expect(before).not.toContain('MISSING:');
    const none = render(
      <MissingTemplatesSection
        missing={[]}
        hasSourceTemplates
        autoCreate={false}
        onAutoCreateChange={noop}
      />,
    );
    expect(textOf(none)).toContain('The target has every custom template of the file.');
  });

  it('has no checkbox for a bare array of pages (no templates to create)', () => {
    const html = render(
      <MissingTemplatesSection
        missing={[]}
        hasSourceTemplates={false}
        autoCreate={false}
        onAutoCreateChange={noop}
      />,
    );
    expect(html).toContain('data-testid="no-source-templates"');
    expect(html).not.toContain('data-testid="auto-create"');
  });
});

const pages: DumpedPage[] = [
  {
    template_file: null,
    entity_id: null,
    entity_name: null,
    channel_id: 1,
    snapshot: {
      regions: [
        { name: 'header_bottom--global', children: [{ name: 'Banner', widget_template_uuid: 'u1' }] },
      ],
    },
  },
  {
    template_file: 'pages/product',
    entity_id: '77',
    entity_name: 'Harbour Mug',
    channel_id: 1,
    snapshot: {
      regions: [
        {
          name: 'product_below_content',
          children: [
            { name: 'A', widget_template_uuid: 'u1' },
            { name: 'B', widget_template_uuid: 'u2' },
          ],
        },
      ],
    },
  },
];

describe('PagesTable', () => {
  const props = {
    pages,
    store: null,
    missing: [{ name: 'One', uuid: 'u1', widgetsCount: 2 }],
    invalidIndex: null,
    onToggle: noop,
    onToggleAll: noop,
    onEntityIdChange: noop,
    onDetails: noop,
  };

  it('shows per page the template file, entity, widgets, the prefilled new entity id and Details', () => {
    const html = render(<PagesTable {...props} form={{ selected: [1], entityIds: ['', '81'] }} />);
    expect(html.match(/data-testid="page-row"/g)).toHaveLength(2);
    expect(allByTestId(html, 'page-template-file')).toEqual(['Global regions', 'pages/product']);
    expect(allByTestId(html, 'page-widgets')).toEqual(['1', '2']);
    expect(allByTestId(html, 'page-missing-widgets')).toEqual([
      '1 with a missing template',
      '1 with a missing template',
    ]);
    expect(textOf(html)).toContain('77 Harbour Mug');
    // Only the page with an entity has the input, holding what was typed.
    expect(html.match(/data-testid="page-entity-id"/g)).toHaveLength(1);
    // A product's page: the store's product picker, its label for screen readers only (issue 31).
    expect(html).toMatch(
      /<label for="([^"]+)" class="sr-only">New entity ID for pages\/product #77<\/label>/,
    );
    expect(html).toMatch(/<input[^>]*role="combobox"[^>]*value="81"[^>]*>/);
    expect(html).toMatch(/<input[^>]*role="combobox"[^>]*data-testid="page-entity-id"/);
    expect(allByTestId(html, 'selected-count')).toEqual(['1 of 2 pages selected']);
    expect(html).toContain('aria-label="Details of pages/product #77"');
  });

  it('ticks select-all only when every page is ticked', () => {
    const some = render(<PagesTable {...props} form={{ selected: [1], entityIds: ['', '77'] }} />);
    expect(some).not.toMatch(/data-testid="select-all-pages"[^>]*checked=""/);
    const all = render(<PagesTable {...props} form={{ selected: [0, 1], entityIds: ['', '77'] }} />);
    expect(all).toMatch(/data-testid="select-all-pages"[^>]*checked=""/);
  });

  it('marks the refused entity id invalid', () => {
    const html = render(
      <PagesTable {...props} invalidIndex={1} form={{ selected: [1], entityIds: ['', 'x'] }} />,
    );
    expect(html).toMatch(/aria-invalid="true"[^>]*data-testid="page-entity-id"/);
  });
});

describe('PageDetailsView', () => {
  it('is a modal dialog titled by the page, with the tree of regions, layouts, dropzones and widgets', () => {
    const html = render(
      <PageDetailsView
        id="d"
        title="Widgets of pages/home"
        regions={[
          {
            name: 'home_below_menu',
            children: [{ type: 'widget', name: 'Promo', widget_template_uuid: 'u1' }],
          },
          {
            name: 'home_featured',
            children: [
              {
                type: 'layout',
                name: 'Columns',
                dropzones: [{ widgets: [{ name: 'Card', widget_template_uuid: 'u2' }] }, { widgets: [] }],
              },
            ],
          },
        ]}
        lookup={{ names: new Map([['u1', 'Promo Banner']]), missingUuids: new Set(['u1']) }}
        onClose={noop}
      />,
    );
    expect(html).toMatch(/^<dialog aria-modal="true" aria-labelledby="d-title"/);
    expect(html).toMatch(/<h2 id="d-title"[^>]*>Widgets of pages\/home<\/h2>/);
    const text = textOf(html);
    expect(text).toContain('Region: home_below_menu Promo · MISSING: Promo Banner');
    expect(text).toContain('Region: home_featured Layout: Columns Dropzone 1 Card · unknown template u2');
    expect(text).toContain('Dropzone 2 No widgets');
    // Branches are <details> with a <summary>: reachable and toggled from the keyboard.
    expect(html.match(/<details open="">/g)).toHaveLength(5);
    expect(html).toMatch(/<button type="button"[^>]*data-testid="page-details-close"[^>]*>Close<\/button>/);
  });
});

describe('ImportResults', () => {
  const response: ImportWidgetsResponse = {
    results: [
      {
        templateFile: 'pages/home',
        entityId: null,
        success: true,
        widgetsCount: 4,
        channelId: 1,
        error: null,
        logs: ['Created widget Promo', 'Published pages/home'],
        warnings: ['Region home_extra is not in the target theme'],
        backupId: 'b-1',
        skipped: [],
      },
      {
        templateFile: 'pages/product',
        entityId: '81',
        success: false,
        widgetsCount: 0,
        channelId: 1,
        error: 'No product with ID 81 was found in this store',
        skipped: [],
        logs: [],
        warnings: [],
        backupId: null,
      },
    ],
    createdTemplates: [{ name: 'FAQ Accordion', sourceUuid: 'u-faq', uuid: 'new-faq' }],
  };
  const store = { storeHash: 'sandbox-empty', accessToken: 't', clientId: 'c' };

  it('shows per page the result, warnings, logs, the created templates; backup and Restore where saved', () => {
    const html = render(<ImportResults response={response} store={store} storeName="Empty" />);
    expect(allByTestId(html, 'page-result-page')).toEqual(['pages/home', 'pages/product']);
    expect(allByTestId(html, 'page-result-status')).toEqual(['Imported', 'Failed']);
    expect(allByTestId(html, 'page-result-widgets')).toEqual(['4', '0']);
    expect(allByTestId(html, 'page-result-channel')).toEqual(['1', '1']);
    expect(allByTestId(html, 'page-result-error')).toEqual(['No product with ID 81 was found in this store']);
    expect(textOf(html)).toContain('Region home_extra is not in the target theme');
    expect(textOf(html)).toContain('Logs (2) Created widget Promo Published pages/home');
    expect(textOf(html)).toContain('1 of 2 pages imported');
    expect(textOf(html)).toContain('FAQ Accordion: u-faq → new-faq');
    expect(html.match(/data-testid="download-backup"/g)).toHaveLength(1);
    expect(html).toContain('href="/api/import-widgets/backups/b-1"');
    expect(html.match(/data-testid="restore-button"/g)).toHaveLength(1);
  });

  it('reads its counts in the reader’s language: 1,250 widgets in English, 1.250 in Vietnamese (issue 44)', () => {
    const first = response.results[0];
    if (!first) throw new Error('no first result');
    const many = { ...response, results: [{ ...first, widgetsCount: 1250 }] };
    const en = render(<ImportResults response={many} store={store} storeName="Empty" />);
    expect(allByTestId(en, 'page-result-widgets')).toEqual(['1,250']);
    const vi = render(<ImportResults response={many} store={store} storeName="Empty" />, 'vi');
    expect(allByTestId(vi, 'page-result-widgets')).toEqual(['1.250']);
  });

  it('lists the templates auto-create could not make, with BigCommerce’s reason', () => {
    const withFailure = {
      ...response,
      failedTemplates: [
        { name: 'Legacy Banner', sourceUuid: 'u-legacy', channelId: 1, error: 'Limit reached' },
      ],
    };
    const html = render(<ImportResults response={withFailure} store={store} storeName="Empty" />);
    expect(textOf(html)).toContain(
      'Templates that could not be created (the widgets that use them were skipped) Legacy Banner: Limit reached',
    );
  });

  it('is green when every page was imported, amber when some (or a template failed), red when none', () => {
    expect(resultsTone([{ success: true }, { success: true }])).toBe('success');
    expect(resultsTone([{ success: true }, { success: true }], 1)).toBe('warning');
    expect(resultsTone([{ success: true }, { success: false }])).toBe('warning');
    expect(resultsTone([{ success: false }])).toBe('error');
    // Issue 44: a page imported with skipped widgets is a warning.
    expect(resultsTone([{ success: true, skipped: [{}] }])).toBe('warning');
  });

  it('names the skipped widgets per page with their count, in English and Vietnamese (issue 44)', () => {
    const first = response.results[0];
    if (!first) throw new Error('no first result');
    const skipped = {
      ...response,
      results: [
        {
          ...first,
          skipped: [
            { widget: 'Promo', region: 'home_below_menu', template: 'Promo Banner' },
            { widget: 'FAQ', region: 'home_below_menu', template: 'FAQ Accordion' },
          ],
        },
      ],
    };
    expect(textOf(render(<ImportResults response={skipped} store={store} storeName="Empty" />))).toContain(
      'Widgets skipped: 2 on 1 page(s), because their custom template is missing in this store: pages/home: Promo (template Promo Banner), FAQ (template FAQ Accordion)',
    );
    expect(
      textOf(render(<ImportResults response={skipped} store={store} storeName="Empty" />, 'vi')),
    ).toContain('Widget đã bị bỏ qua: 2 trên 1 trang');
  });
});
