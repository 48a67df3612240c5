import { describe, expect, it } from 'vitest';
import { allVariants } from '../product-record';
import { DEMO_PRODUCT_COUNT, generateStoreData } from './index';

describe('generateStoreData (demo)', () => {
  const data = generateStoreData('sandbox-demo', 'demo');
  const products = [...data.products.values()];
  const share = (pred: (p: (typeof products)[number]) => boolean) =>
    products.filter(pred).length / products.length;

  it('is deterministic: two runs give identical stores', () => {
    const again = generateStoreData('sandbox-demo', 'demo');
    expect(JSON.stringify([...again.products.values()])).toBe(JSON.stringify(products));
    expect(JSON.stringify([...again.categories.values()])).toBe(
      JSON.stringify([...data.categories.values()]),
    );
    expect(again.seq).toEqual(data.seq);
  });

  it('has at least 1,200 products with realistic ids, names and SKUs', () => {
    expect(products.length).toBe(DEMO_PRODUCT_COUNT);
    expect(products.length).toBeGreaterThanOrEqual(1200);
    expect(products[0]!.fields.id).toBe(77);
    const names = new Set(products.map((p) => p.fields.name.toLowerCase()));
    expect(names.size).toBe(products.length);
    const skus = products
      .flatMap((p) => [p.fields.sku, ...p.variants.map((v) => v.sku)])
      .map((s) => s.toLowerCase());
    expect(new Set(skus).size).toBe(skus.length);
    expect(products[0]!.fields.sku).toMatch(/^[A-Z]{3}-[A-Z]{3}-\d{4}$/);
  });

  it('has several categories with 12 or more products, in two nested trees', () => {
    const counts = new Map<number, number>();
    for (const p of products) for (const c of p.fields.categories) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n >= 12).length).toBeGreaterThanOrEqual(10);
    expect(data.trees.size).toBe(2);
    for (const tree of data.trees.values()) {
      const cats = [...data.categories.values()].filter((c) => c.tree_id === tree.id);
      expect(cats.some((c) => c.parent_id !== 0)).toBe(true);
      // Every tree's categories hold products.
      expect(cats.some((c) => (counts.get(c.category_id) ?? 0) >= 12)).toBe(true);
    }
    const depth3 = [...data.categories.values()].filter((c) => {
      const parent = data.categories.get(c.parent_id);
      return parent !== undefined && parent.parent_id !== 0;
    });
    expect(depth3.length).toBeGreaterThan(0);
  });

  it('gives a good share of products options, variants, modifiers, media, custom fields, pricing rules and reviews', () => {
    expect(share((p) => p.options.length > 0 && p.variants.length >= 2)).toBeGreaterThan(0.25);
    expect(share((p) => p.modifiers.length > 0)).toBeGreaterThan(0.1);
    expect(share((p) => p.images.length > 0)).toBeGreaterThan(0.7);
    expect(share((p) => p.videos.length > 0)).toBeGreaterThan(0.03);
    expect(share((p) => p.customFields.length > 0)).toBeGreaterThan(0.25);
    expect(share((p) => p.bulkPricingRules.length > 0)).toBeGreaterThan(0.08);
    expect(share((p) => p.reviews.length > 0)).toBeGreaterThan(0.2);
    expect(share((p) => p.fields.page_title !== '')).toBeGreaterThan(0.75);
    expect(share((p) => p.fields.page_title === '')).toBeGreaterThan(0.05);
  });

  it('writes HTML descriptions with lists, entities and the odd script and style block', () => {
    const html = products.map((p) => p.fields.description);
    expect(html.every((h) => h.startsWith('<'))).toBe(true);
    expect(html.filter((h) => h.includes('<ul>')).length).toBeGreaterThan(500);
    expect(html.filter((h) => /&(amp|mdash|rsquo|nbsp|#39);/.test(h)).length).toBeGreaterThan(300);
    const scripts = html.filter((h) => h.includes('<script>')).length;
    const styles = html.filter((h) => h.includes('<style>')).length;
    expect(scripts).toBeGreaterThan(10);
    expect(scripts).toBeLessThan(60);
    expect(styles).toBeGreaterThan(10);
  });

  it('assigns products to two channels, with brands on every product', () => {
    expect(data.channels.size).toBe(2);
    const [first, second] = [...data.channels.keys()];
    expect(share((p) => p.channelIds.includes(first!))).toBeGreaterThan(0.9);
    expect(share((p) => p.channelIds.includes(second!))).toBeGreaterThan(0.3);
    expect(products.every((p) => data.brands.has(p.fields.brand_id))).toBe(true);
  });

  it('keeps variants consistent with options, and simple products with a base variant', () => {
    for (const p of products) {
      if (p.variants.length === 0) {
        expect(p.fields.base_variant_id).not.toBeNull();
        expect(allVariants(p)).toHaveLength(1);
        continue;
      }
      expect(p.fields.base_variant_id).toBeNull();
      const combos = p.options.reduce((n, o) => n * o.option_values.length, 1);
      expect(p.variants).toHaveLength(combos);
      for (const v of p.variants) {
        for (const ov of v.option_values) {
          const option = p.options.find((o) => o.id === ov.option_id);
          expect(option?.option_values.some((x) => x.id === ov.id && x.label === ov.label)).toBe(true);
        }
      }
    }
  });
});

describe('generateStoreData (empty)', () => {
  it('has no products but the same channels and a category tree with other ids', () => {
    const demo = generateStoreData('sandbox-demo', 'demo');
    const empty = generateStoreData('sandbox-empty', 'empty');
    expect(empty.products.size).toBe(0);
    expect([...empty.channels.keys()]).toEqual([...demo.channels.keys()]);
    const names = (d: typeof demo) => [...d.categories.values()].map((c) => c.name).sort();
    expect(names(empty)).toEqual(names(demo));
    const demoIds = new Set(demo.categories.keys());
    expect([...empty.categories.keys()].some((id) => demoIds.has(id))).toBe(false);
  });
});
