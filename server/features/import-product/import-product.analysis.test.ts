// The pure parts of Import Product: image matching and sources, variant bodies, dates, the fields not carried over.
import { describe, expect, it } from 'vitest';
import { productDumpSchema } from '../../../common/dumps/product-dump';
import { productDumpHead } from '../../../common/dumps/product-dump.fixtures';
import { imageKey, imageMadeFrom, imageSource, imageSourceUrl } from './image-source';
import { describeFailure } from './import-run';
import { notCarriedFields } from './plan-checks';
import { atomDate } from './steps/modifiers';
import { variantBody } from './steps/variants';

describe('image matching', () => {
  it('recognises an image BigCommerce made from a URL, and only that one', () => {
    const key = imageKey('https://cdn11.example.com/s-x/products/77/210/pocket-tee__60212.1590000.png?c=1');
    expect(key).toBe('pockettee602121590000');
    expect(imageMadeFrom('q/517/pocket-tee-60212-1590000__48213.png', key)).toBe(true);
    expect(imageMadeFrom('q/517/pocket-tee-60213-1590000__48213.png', key)).toBe(false);
    expect(imageMadeFrom('q/517/other__48213.png', key)).toBe(false);
    // BigCommerce cuts long names: a prefix on either side still matches.
    expect(imageMadeFrom('q/1/pocket-tee-602__9.png', key)).toBe(true);
    expect(imageMadeFrom('q/1/ab__9.png', imageKey('https://x/ab.png'))).toBe(true);
    expect(imageMadeFrom('q/1/abc__9.png', imageKey('https://x/ab.png'))).toBe(false);
  });

  it("imports from the image's own URL when the dump has one, else the largest copy, and says which", () => {
    expect(imageSource({ url_standard: 'https://a/s.png', url_zoom: 'https://a/z.png' })).toEqual({
      url: 'https://a/z.png',
      size: 'zoom',
    });
    expect(
      imageSource({ url_zoom: 'https://a/z.png', image_url: 'https://shop.example/full/poster.jpg' }),
    ).toEqual({ url: 'https://shop.example/full/poster.jpg', size: 'original' });
    // An image_url that is one of the resized copies is no original.
    expect(imageSource({ url_zoom: 'https://a/z.png', image_url: 'https://a/z.png' })).toEqual({
      url: 'https://a/z.png',
      size: 'zoom',
    });
    expect(imageSource({ url_thumbnail: 'https://a/t.png' })).toEqual({
      url: 'https://a/t.png',
      size: 'thumbnail',
    });
    expect(imageSourceUrl({ url_zoom: '', image_url: 'http://a/i.jpg' })).toBe('http://a/i.jpg');
    expect(imageSourceUrl({ url_zoom: 'ftp://a/z.png', description: 'x' })).toBe('');
  });
});

describe('variant body', () => {
  it('copies prices and weight exactly: 0 stays 0, null ("the product\'s") stays null; drops ids and computed fields', () => {
    // The prices and weight as the source holds them, 0 and null among them.
    const kept = {
      price: 0,
      sale_price: 12.5,
      retail_price: null,
      cost_price: 0,
      map_price: null,
      weight: 0,
    };
    expect(
      variantBody({
        id: 5,
        product_id: 7,
        sku_id: 9,
        sku: 'A-1',
        ...kept,
        calculated_price: 20,
        gtin: 123,
        image_url: '',
        inventory_level: 4,
      }),
    ).toEqual({ ...kept, gtin: '123', inventory_level: 4 });
    expect(variantBody({ price: null, sale_price: 0, weight: null })).toEqual({
      price: null,
      sale_price: 0,
      weight: null,
    });
  });
});

describe('modifier dates', () => {
  it('writes dates as ISO-8601 ATOM, keeping an ATOM date as it is; no date is null', () => {
    expect(atomDate('2025-08-15T15:52:01+07:00')).toBe('2025-08-15T15:52:01+07:00');
    expect(atomDate('2025-08-15')).toBe('2025-08-15T00:00:00+00:00');
    expect(atomDate('2025-08-15T15:52:01.250Z')).toBe('2025-08-15T15:52:01+00:00');
    expect(atomDate('')).toBeNull();
    expect(atomDate('soon')).toBeNull();
    expect(atomDate(undefined)).toBeNull();
  });
});

describe('fields not carried over', () => {
  it('names the read-only fields and the ids that belong to the source store', () => {
    const dump = productDumpSchema.parse({
      ...productDumpHead('abc', 1, 'N', '2026-11-23T10:00:00.000Z'),
      sku: '',
      type: 'physical',
      brand_id: null,
      brand_name: null,
      date_created: 'x',
      calculated_price: 3,
      tax_class_id: 4,
      related_products: [12, 13],
      a_new_field: true,
      price: 3,
    });
    const notes = notCarriedFields(dump);
    expect(notes).toContain('date_created: set by BigCommerce');
    expect(notes).toContain('calculated_price: computed by BigCommerce');
    expect(notes).toContain('a_new_field: not written by the import');
    expect(notes.some((note) => note.startsWith('tax_class_id 4'))).toBe(true);
    expect(notes.some((note) => note.startsWith('related_products'))).toBe(true);
    expect(notes.some((note) => note.startsWith('price'))).toBe(false);
  });

  it('describes a failure in one line', () => {
    expect(describeFailure(new Error('boom'))).toBe('boom');
  });
});
