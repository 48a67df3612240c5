// The checks of an import plan that need only the dump: BigCommerce's limits, the writes counted, the notes. No store.
import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMITS } from '../../../common/contracts/import-product';
import { productDumpSchema, type ProductDump } from '../../../common/dumps/product-dump';
import { productDumpHead } from '../../../common/dumps/product-dump.fixtures';
import { renderImportMessage } from '../../../common/import-product/message-texts';
import {
  planLimits as limitMessages,
  planNotes as noteMessages,
  planSteps,
  type PlanFacts,
} from './plan-checks';

/** The limits and notes in English, as the plan sends them beside the messages. */
const planLimits = (product: ProductDump) => limitMessages(product).map(renderImportMessage);
const planNotes = (facts: PlanFacts) => noteMessages(facts).map(renderImportMessage);

function dump(fields: Record<string, unknown> = {}): ProductDump {
  return productDumpSchema.parse({
    ...productDumpHead('abc', 7, 'Kettle', '2026-11-23T10:00:00.000Z'),
    sku: 'K-1',
    type: 'physical',
    brand_id: null,
    brand_name: null,
    ...fields,
  });
}

const times = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));

function facts(product: ProductDump, more: Partial<PlanFacts> = {}): PlanFacts {
  return {
    dump: product,
    action: 'create',
    clashes: [],
    copy: null,
    listed: new Map(),
    categories: [],
    brand: null,
    ...more,
  };
}

describe('plan limits', () => {
  it('names none for a dump within them', () => {
    expect(planLimits(dump({ images: [{ id: 1, url_zoom: 'https://a/z.png' }] }))).toEqual([]);
  });

  it('names each limit the dump breaks, with its count', () => {
    const longUrl = `https://a/${'x'.repeat(PRODUCT_LIMITS.imageUrlLength)}.png`;
    const product = dump({
      custom_fields: times(PRODUCT_LIMITS.customFields + 1, (i) => ({ name: `f${i}`, value: 'v' })),
      bulk_pricing_rules: times(PRODUCT_LIMITS.bulkPricingRules + 2, (i) => ({
        quantity_min: i * 10 + 1,
        quantity_max: i * 10 + 9,
        type: 'price',
        amount: 1,
      })),
      options: [
        {
          display_name: 'Size',
          type: 'dropdown',
          option_values: times(PRODUCT_LIMITS.optionValues + 1, (i) => ({ label: `S${i}` })),
        },
      ],
      images: [{ url_zoom: longUrl }],
      videos: [{ video_id: 'v'.repeat(PRODUCT_LIMITS.videoIdLength + 1) }],
    });
    expect(planLimits(product)).toEqual([
      '201 custom fields (BigCommerce allows 200 per product)',
      '52 bulk pricing rules (BigCommerce allows 50 per product)',
      '"Size" has 251 values (BigCommerce allows 250)',
      '1 image URLs longer than 255 characters',
      '1 video ids longer than 25 characters',
    ]);
  });

  it('counts as SKUs only the variants with option values', () => {
    const variants = [
      { sku: 'base' },
      ...times(PRODUCT_LIMITS.skus + 1, (i) => ({ sku: `V${i}`, option_values: [{ label: 'a' }] })),
    ];
    expect(planLimits(dump({ variants }))).toEqual(['601 SKUs (BigCommerce allows 600 per product)']);
  });
});

describe('plan steps', () => {
  const product = dump({
    options: [{ display_name: 'Size', type: 'dropdown', option_values: [{ label: 'S' }] }],
    variants: [{ sku: 'base' }, { sku: 'K-1-S', option_values: [{ label: 'S' }] }],
    modifiers: [{ display_name: 'Note', type: 'text', required: false }],
    images: [{ url_zoom: 'https://a/z.png' }, { url_zoom: 'https://a/y.png' }],
    videos: [{ video_id: 'abc' }],
    custom_fields: [{ name: 'a', value: 'b' }],
    bulk_pricing_rules: [{ quantity_min: 1, quantity_max: 5, type: 'price', amount: 2 }],
    reviews: [{ title: 'Good' }],
  });

  it('counts the product, then every item of every step, and one write for the channels', () => {
    expect(planSteps(product, 'create', [])).toBe(1 + 1 + 1 + 1 + 2 + 1 + 1 + 1 + 1);
    expect(planSteps(product, 'update', [{}, {}])).toBe(11);
    expect(planSteps(product, 'copy', [])).toBe(10);
  });

  it('counts nothing for a skip', () => {
    expect(planSteps(product, 'skip', [{}])).toBe(0);
  });
});

describe('plan notes', () => {
  it('says nothing about a bare dump', () => {
    expect(planNotes(facts(dump()))).toEqual([]);
  });

  it('says what the dump alone tells: the URL kept, images fetched, resized copies', () => {
    const product = dump({
      custom_url: { url: '/kettle/' },
      images: [
        { url_zoom: 'https://a/z.png' },
        { url_zoom: 'https://a/y.png', image_url: 'https://b/full.png' },
      ],
    });
    expect(planNotes(facts(product))).toEqual([
      'The product keeps its URL /kettle/ when the target does not already use it; otherwise BigCommerce gives it one of its own and the result says so.',
      'Images are fetched by the target from their URLs; BigCommerce refuses files over 8 MB and those are reported.',
      "1 images are copied from BigCommerce's resized copies (url_zoom: at most 1280 x 1280 px): its API gives no address of an image's original file.",
    ]);
    // A skipped product keeps nothing, so its URL is not spoken of.
    expect(planNotes(facts(product, { action: 'skip' }))[0]).toMatch(/^Images are fetched/);
  });

  it('says what the look-ups found, in order: an earlier copy, a name clash, listed values, categories, the brand', () => {
    const product = dump({
      options: [
        {
          display_name: 'Bundle',
          type: 'product_list',
          option_values: [
            { label: 'Lid', value_data: { product_id: 40 } },
            { label: 'Cup', value_data: { product_id: 41 } },
          ],
        },
      ],
    });
    const copy = planNotes(facts(product, { action: 'copy', copy: { key: 'K-1-copy', id: 9 } }));
    expect(copy).toEqual([
      'A copy with SKU K-1-copy already exists (#9): it is updated rather than copied again.',
    ]);
    const notes = planNotes(
      facts(product, {
        clashes: [{ kind: 'name', value: 'Kettle', productId: 3, productName: 'Kettle' }],
        listed: new Map([
          [40, { sourceId: 40, sku: 'LID', reason: 'not_in_target' }],
          [41, { sourceId: 41, sku: 'CUP', reason: null }],
        ]),
        categories: [
          { sourceId: 5, path: ['Kitchen', 'Kettles'], targetId: null },
          { sourceId: 6, path: [], targetId: null },
          { sourceId: 8, path: ['Home'], targetId: 80 },
        ],
        brand: { name: 'Acme', targetId: null, willCreate: true },
      }),
    );
    expect(notes).toEqual([
      'The target already has a product named "Kettle" with another SKU: creating it will fail.',
      '"Bundle": the value "Lid" is left out: no product with SKU LID (#40 in the source) is in the target.',
      '2 categories do not exist in the target and are not assigned: Kitchen > Kettles; #6.',
      'The brand "Acme" does not exist in the target and will be created.',
    ]);
    // A name clash only matters to a create.
    expect(planNotes(facts(product, { action: 'update', clashes: [] }))).toEqual([]);
  });
});
