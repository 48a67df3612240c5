import { describe, expect, it } from 'vitest';
import { missingFromTitle, missingFromTitles, missingFromTitlesCsv } from './missing-from-title';

const product = (id: number, name: string, description: string, page_title = '') => ({
  id,
  name,
  description,
  page_title,
});

describe('keywords missing from page titles', () => {
  it("lists a product's top description keywords that its page title lacks", () => {
    const line = missingFromTitle(
      product(
        7,
        'Summit Headphones',
        '<p>Wireless headphones. Wireless charging, <b>wireless</b> pairing. Leather cushions, leather band.</p>',
        'Summit Wireless Headphones',
      ),
    );
    expect(line.title).toBe('Summit Wireless Headphones');
    expect(line.topKeywords).toEqual(['wireless', 'leather']);
    expect(line.missing).toContain('leather');
    expect(line.missing).not.toContain('wireless');
    expect(line.missing).not.toContain('headphones');
  });

  it('leaves out words the description uses only once', () => {
    const line = missingFromTitle(product(9, 'Mug', '<p>Stoneware mug, glazed by hand.</p>'));
    expect(line.topKeywords).toEqual([]);
    expect(line.missing).toEqual([]);
  });

  it('reads the name when the page title is empty, as BigCommerce does; Vietnamese words stay whole', () => {
    const line = missingFromTitle(product(8, 'Giày da nam', '<p>Giày da thật. Giày da bò, đế cao su.</p>'));
    expect(line.title).toBe('Giày da nam');
    expect(line.topKeywords.slice(0, 2)).toEqual(['da', 'giày']);
    expect(line.missing).not.toContain('giày');
    expect(line.missing).not.toContain('da');
  });

  it('keeps only products that lack something, most missing first, and writes CSV', () => {
    const lines = missingFromTitles([
      product(1, 'Oak Desk', '<p>Oak desk.</p>', 'Oak Desk'),
      product(2, 'Lamp', '<p>Brass lamp, linen shade, brass base. Linen cord.</p>'),
    ]);
    expect(lines.map((line) => line.id)).toEqual([2]);
    expect(missingFromTitlesCsv(lines)).toBe(
      'product_id,name,page_title,missing_keywords\r\n2,Lamp,Lamp,brass linen\r\n',
    );
  });
});
