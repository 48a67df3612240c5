import { describe, expect, it } from 'vitest';
import type { Preview } from '../../../common/contracts/jobs';
import { PreviewPanel } from './preview-panel';
import { byTestId, render, textOf } from '../../lib/render-test';

const longText = 'A very long description '.repeat(20).trim();

const preview: Preview = {
  total: 120,
  changing: 117,
  skipped: 1,
  notFound: [901, 902],
  sample: [
    { productId: 11, name: 'Shirt', current: 'Shirt | Sale', next: '' },
    { productId: 12, name: null, current: longText, next: 'New' },
  ],
};

describe('PreviewPanel', () => {
  it('shows the counts, the ids not found and the sample', () => {
    const html = render(<PreviewPanel preview={preview} />);
    expect(byTestId(html, 'preview-total')).toBe('120');
    expect(byTestId(html, 'preview-changing')).toBe('117');
    expect(byTestId(html, 'preview-skipped')).toBe('1');
    expect(byTestId(html, 'preview-not-found')).toBe('Not found in the store (reported as failed): 901, 902');
    expect(byTestId(html, 'preview-sample-note')).toBe('The first 2 of 117 products that would change:');
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(['Product ID', 'Name', 'Current value', 'New value']);
    const rows = [...html.matchAll(/<tr data-testid="preview-table-row">(.*?)<\/tr>/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1]),
    );
    expect(rows).toEqual([
      ['11', 'Shirt', 'Shirt | Sale', '(empty)'],
      ['12', 'N/A', longText, 'New'],
    ]);
  });

  it('reads its counts in the reader’s language: 1,260 in English, 1.260 in Vietnamese (issue 44)', () => {
    const many: Preview = { ...preview, total: 1260, changing: 1250 };
    const en = render(<PreviewPanel preview={many} />);
    expect(byTestId(en, 'preview-total')).toBe('1,260');
    expect(byTestId(en, 'preview-sample-note')).toBe('The first 2 of 1,250 products that would change:');
    const vi = render(<PreviewPanel preview={many} />, 'vi');
    expect(byTestId(vi, 'preview-total')).toBe('1.260');
    expect(byTestId(vi, 'preview-changing')).toBe('1.250');
  });

  it('shows descriptions as a person reads them, entities decoded, and page titles as they are', () => {
    const descriptions: Preview = {
      ...preview,
      sample: [
        {
          productId: 13,
          name: 'Mug',
          current: '<p>Tea &amp; coffee</p>',
          next: '<p>Big &mdash; &#8212; mug</p>',
        },
      ],
    };
    const html = render(<PreviewPanel preview={descriptions} isHtml />);
    const row = /<tr data-testid="preview-table-row">(.*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect(textOf(row)).toBe('13 Mug Tea &amp; coffee Big — — mug');
    expect(row).toContain('title="Big — — mug"');
    // Reset Page Title's values are text: an entity there is what the store holds.
    expect(textOf(render(<PreviewPanel preview={descriptions} />))).toContain('&lt;p&gt;Big &amp;mdash;');
  });

  it('cuts long values with CSS and keeps the whole text in the title', () => {
    const html = render(<PreviewPanel preview={preview} />);
    const cell = new RegExp(`<td class="([^"]*)" title="${longText}">`).exec(html);
    expect(cell?.[1]).toContain('truncate');
  });

  it('on a phone shows one card per product, its name whole and its values wrapped; the table from sm up', () => {
    const named: Preview = {
      ...preview,
      sample: [
        { productId: 11, name: 'Everyday Packable Pocket Tee, Long Sleeve', current: longText, next: '' },
      ],
    };
    const html = render(<PreviewPanel preview={named} />);
    const cards = /<ul class="([^"]*)" data-testid="preview-table-cards">(.*?)<\/ul>/.exec(html);
    expect(cards?.[1]).toBe('space-y-2 sm:hidden');
    const name = /<p class="([^"]*)" data-testid="preview-table-card-name">([^<]*)<\/p>/.exec(
      cards?.[2] ?? '',
    );
    expect(name?.[2]).toBe('Everyday Packable Pocket Tee, Long Sleeve');
    expect(name?.[1]).toContain('break-words');
    expect(name?.[1]).not.toContain('truncate');
    expect(textOf(cards?.[2] ?? '')).toBe(
      `Product ID 11 Everyday Packable Pocket Tee, Long Sleeve Current value ${longText} New value (empty)`,
    );
    expect(html).toMatch(/<div class="hidden [^"]*sm:block"><table data-testid="preview-table"/);
  });

  it('says when nothing would change, and takes its own title, testIds and actions', () => {
    const html = render(
      <PreviewPanel
        preview={{ total: 3, changing: 0, skipped: 3, notFound: [], sample: [] }}
        title="Undo preview"
        testId="undo-preview"
      >
        <button type="button">Restore</button>
      </PreviewPanel>,
    );
    expect(textOf(html)).toBe(
      'Undo preview In scope 3 Will change 0 Skipped 3 No product would change. Restore',
    );
    expect(byTestId(html, 'undo-preview-total')).toBe('3');
    expect(html).not.toContain('<table');
  });

  it('speaks Vietnamese', () => {
    const html = render(<PreviewPanel preview={preview} />, 'vi');
    expect(html).toContain('>Giá trị hiện tại<');
    expect(html).toContain('>(trống)<');
  });
});
