// The demo catalogue: products with options, variants, modifiers, images, videos, custom fields, bulk pricing rules,
// reviews and channel assignments. Deterministic: the same seed always gives the same store.
import type { Faker } from '@faker-js/faker';
import {
  bcDate,
  defaultAdjusters,
  defaultProductFields,
  defaultVariant,
  emptyProductRecord,
  optionName,
  refreshDerived,
  slugify,
} from '../records';
import { nextId, type StoreData } from '../../core/store-state';
import type { Modifier, ModifierValue, OptionValue, ProductOption, ProductRecord, Variant } from '../types';
import { buildDescription } from './descriptions';
import { DEFAULT_CHANNEL_ID, OUTLET_CHANNEL_ID, type Structure } from './structure';
import {
  ADJECTIVES,
  BRANDS,
  CAPACITIES,
  COLOURS,
  CUSTOM_FIELD_NAMES,
  FINISHES,
  MATERIALS,
  REVIEW_TITLES,
  SERIES,
  SIZES,
  type OptionKind,
} from './word-lists';

const FROM = Date.UTC(2022, 1, 1);
const TO = Date.UTC(2025, 5, 30);
const NAME_SUFFIXES = ['Mk II', '2.0', 'Plus', 'Mk III', 'XL', 'Edition 2', 'Pro', 'Lite'];

type Ctx = { f: Faker; data: StoreData; names: Set<string> };

export function generateProducts(f: Faker, data: StoreData, structure: Structure, count: number): void {
  const ctx: Ctx = { f, data, names: new Set() };
  for (let i = 0; i < count; i++) {
    const record = generateProduct(ctx, structure, i);
    data.products.set(record.fields.id, record);
  }
}

function uniqueName(ctx: Ctx, base: string): string {
  let name = base;
  for (let n = 0; ctx.names.has(name.toLowerCase()); n++) {
    name = n < NAME_SUFFIXES.length ? `${base} ${NAME_SUFFIXES[n]}` : `${base} ${n}`;
  }
  ctx.names.add(name.toLowerCase());
  return name;
}

function money(f: Faker, min: number, max: number): number {
  const whole = f.number.int({ min, max });
  return f.helpers.arrayElement([whole + 0.99, whole + 0.5, whole, whole + 0.95]);
}

function generateProduct(ctx: Ctx, structure: Structure, i: number): ProductRecord {
  const { f, data } = ctx;
  const slot = structure.slots[i % structure.slots.length]!;
  const brandIndex = f.number.int({ min: 0, max: structure.brandIds.length - 1 });
  const brand = BRANDS[brandIndex]!;
  const brandId = structure.brandIds[brandIndex]!;
  const noun = f.helpers.arrayElement(slot.spec.nouns);
  const series = f.helpers.arrayElement(SERIES);
  const material = f.helpers.arrayElement(MATERIALS);
  const base = f.datatype.boolean({ probability: 0.5 })
    ? `${series} ${f.helpers.arrayElement(ADJECTIVES)} ${noun}`
    : `${brand.name} ${series} ${noun}`;
  const name = uniqueName(ctx, base);
  const created = f.date.between({ from: FROM, to: TO }).getTime();
  const modified = Math.min(TO, created + f.number.int({ min: 0, max: 400 }) * 86_400_000);

  const id = nextId(data, 'product');
  const fields = defaultProductFields(id, bcDate(created));
  fields.date_modified = bcDate(modified);
  fields.name = name;
  fields.sku = `${brand.prefix}-${slot.spec.code}-${1000 + i}`;
  fields.type = slot.spec.code === 'SDS' && i % 4 === 0 ? 'digital' : 'physical';
  fields.description = buildDescription(f, { name, noun, brand: brand.name, material }, i);
  fields.price = money(f, 6, slot.spec.options === 'none' ? 120 : 380);
  fields.cost_price = Math.round(fields.price * 45) / 100;
  fields.retail_price = f.datatype.boolean({ probability: 0.3 }) ? Math.round(fields.price * 125) / 100 : 0;
  fields.sale_price = f.datatype.boolean({ probability: 0.18 }) ? Math.round(fields.price * 80) / 100 : 0;
  fields.weight = f.number.float({ min: 0.1, max: 12, fractionDigits: 2 });
  fields.width = f.number.int({ min: 2, max: 60 });
  fields.height = f.number.int({ min: 2, max: 60 });
  fields.depth = f.number.int({ min: 1, max: 40 });
  fields.brand_id = brandId;
  fields.categories = categoriesFor(f, slot, structure);
  fields.inventory_level = f.number.int({ min: 0, max: 400 });
  fields.inventory_warning_level = f.helpers.arrayElement([0, 5, 10]);
  fields.inventory_tracking = 'product';
  fields.is_visible = f.datatype.boolean({ probability: 0.92 });
  fields.is_featured = f.datatype.boolean({ probability: 0.1 });
  fields.is_free_shipping = f.datatype.boolean({ probability: 0.15 });
  fields.total_sold = f.number.int({ min: 0, max: 2500 });
  fields.view_count = fields.total_sold * f.number.int({ min: 3, max: 40 });
  fields.sort_order = f.helpers.arrayElement([0, 0, 0, 1, 5, 10]);
  fields.condition = i % 97 === 13 ? 'Refurbished' : 'New';
  fields.mpn = f.datatype.boolean({ probability: 0.5 }) ? `${brand.prefix}${f.string.numeric(6)}` : '';
  fields.upc = f.datatype.boolean({ probability: 0.4 }) ? f.string.numeric(12) : '';
  fields.gtin = fields.upc ? `0${fields.upc}` : '';
  fields.bin_picking_number = f.datatype.boolean({ probability: 0.3 })
    ? `${slot.spec.code}-${f.string.numeric(3)}`
    : '';
  fields.warranty = f.datatype.boolean({ probability: 0.2 })
    ? `${f.helpers.arrayElement(['1', '2', '5'])}-year manufacturer warranty`
    : '';
  fields.page_title = f.datatype.boolean({ probability: 0.85 })
    ? f.helpers.arrayElement([`${name} | ${brand.name}`, `Buy ${name} Online`, `${name} – ${slot.spec.name}`])
    : '';
  fields.meta_description = f.datatype.boolean({ probability: 0.6 })
    ? `Shop the ${name} from ${brand.name}. ${f.helpers.arrayElement(['Free returns.', 'Fast delivery.', 'In stock now.'])}`
    : '';
  fields.meta_keywords = f.datatype.boolean({ probability: 0.4 })
    ? [noun.toLowerCase(), slot.spec.name.toLowerCase(), brand.name.toLowerCase()]
    : [];
  fields.search_keywords = f.datatype.boolean({ probability: 0.5 })
    ? `${noun.toLowerCase()}, ${material}, ${series.toLowerCase()}`
    : '';
  fields.custom_url = { url: `/${slugify(name)}/`, is_customized: false };
  fields.availability = i % 83 === 5 ? 'preorder' : 'available';
  if (fields.availability === 'preorder') {
    fields.preorder_release_date = bcDate(TO + 86_400_000 * 60);
    fields.preorder_message = 'Ships from %%DATE%%';
  }

  const record = emptyProductRecord(fields);
  record.channelIds = channelsFor(f, i);

  const optionKind = slot.spec.options;
  if (optionKind !== 'none' && f.datatype.boolean({ probability: 0.45 })) {
    addOptionsAndVariants(ctx, record, optionKind);
  } else {
    fields.base_variant_id = nextId(data, 'variant');
  }
  if (f.datatype.boolean({ probability: 0.2 })) addModifiers(ctx, record);
  if (f.datatype.boolean({ probability: 0.85 })) addImages(ctx, record, f.number.int({ min: 1, max: 4 }));
  if (f.datatype.boolean({ probability: 0.08 })) addVideos(ctx, record);
  if (f.datatype.boolean({ probability: 0.4 })) addCustomFields(ctx, record);
  if (f.datatype.boolean({ probability: 0.15 })) addBulkPricing(ctx, record);
  if (f.datatype.boolean({ probability: 0.3 })) addReviews(ctx, record, created);
  refreshDerived(record);
  return record;
}

function categoriesFor(f: Faker, slot: Structure['slots'][number], structure: Structure): number[] {
  const ids: number[] = [];
  if (slot.childIds.length > 0 && f.datatype.boolean({ probability: 0.5 })) {
    ids.push(f.helpers.arrayElement(slot.childIds), slot.categoryId);
  } else {
    ids.push(slot.categoryId);
  }
  if (f.datatype.boolean({ probability: 0.25 })) ids.push(slot.departmentId);
  if (f.datatype.boolean({ probability: 0.22 }))
    ids.push(f.helpers.arrayElement(structure.outletCategoryIds));
  return ids;
}

function channelsFor(f: Faker, i: number): number[] {
  if (i % 37 === 3) return [OUTLET_CHANNEL_ID];
  return f.datatype.boolean({ probability: 0.35 })
    ? [DEFAULT_CHANNEL_ID, OUTLET_CHANNEL_ID]
    : [DEFAULT_CHANNEL_ID];
}

type OptionSpec = {
  displayName: string;
  type: ProductOption['type'];
  values: { label: string; code: string; hex?: string }[];
};

function optionSpecs(f: Faker, kind: Exclude<OptionKind, 'none'>): OptionSpec[] {
  const colours = () =>
    f.helpers
      .arrayElements(COLOURS, { min: 2, max: 4 })
      .map((c) => ({ label: c.label, code: c.code, hex: c.hex }));
  switch (kind) {
    case 'apparel': {
      const start = f.number.int({ min: 0, max: 2 });
      const sizes = SIZES.slice(start, start + f.number.int({ min: 3, max: 4 }));
      return [
        { displayName: 'Size', type: 'rectangles', values: sizes.map((s) => ({ label: s, code: s })) },
        { displayName: 'Colour', type: 'swatch', values: colours().slice(0, 3) },
      ];
    }
    case 'colour':
      return [{ displayName: 'Colour', type: 'swatch', values: colours() }];
    case 'finish':
      return [
        {
          displayName: 'Finish',
          type: 'radio_buttons',
          values: f.helpers
            .arrayElements(FINISHES, { min: 2, max: 3 })
            .map((l) => ({ label: l, code: slugify(l).slice(0, 3).toUpperCase() })),
        },
      ];
    case 'capacity':
      return [
        {
          displayName: 'Size',
          type: 'dropdown',
          values: CAPACITIES.default!.slice(0, f.number.int({ min: 2, max: 3 })).map((l) => ({
            label: l,
            code: l.charAt(0),
          })),
        },
      ];
  }
}

function addOptionsAndVariants(ctx: Ctx, record: ProductRecord, kind: Exclude<OptionKind, 'none'>): void {
  const { f, data } = ctx;
  const p = record.fields;
  const built: { option: ProductOption; codes: string[] }[] = optionSpecs(f, kind).map((spec, sortOrder) => {
    const optionId = nextId(data, 'option');
    const values: OptionValue[] = spec.values.map((v, vi) => ({
      id: nextId(data, 'optionValue'),
      label: v.label,
      sort_order: vi,
      value_data: v.hex ? { colors: [v.hex] } : null,
      is_default: false,
    }));
    const option: ProductOption = {
      id: optionId,
      product_id: p.id,
      name: optionName(spec.displayName, p.id, Date.parse(p.date_created)),
      display_name: spec.displayName,
      type: spec.type,
      config: {},
      sort_order: sortOrder,
      option_values: values,
    };
    return { option, codes: spec.values.map((v) => v.code) };
  });
  record.options = built.map((b) => b.option);

  // Cartesian product of the option values: one variant per combination.
  let combos: { values: { option: ProductOption; value: OptionValue; code: string }[] }[] = [{ values: [] }];
  for (const { option, codes } of built) {
    combos = combos.flatMap((combo) =>
      option.option_values.map((value, vi) => ({
        values: [...combo.values, { option, value, code: codes[vi]! }],
      })),
    );
  }
  record.variants = combos.map((combo, ci) => {
    const variant: Variant = defaultVariant(
      nextId(data, 'variant'),
      p.id,
      `${p.sku}-${combo.values.map((v) => v.code).join('-')}`,
    );
    variant.sku_id = nextId(data, 'skuId');
    variant.option_values = combo.values.map(({ option, value }) => ({
      id: value.id,
      label: value.label,
      option_id: option.id,
      option_display_name: option.display_name,
    }));
    if (kind === 'capacity') variant.price = Math.round((p.price + ci * 10) * 100) / 100;
    variant.inventory_level = f.number.int({ min: 0, max: 80 });
    variant.purchasing_disabled = variant.inventory_level === 0 && ci % 3 === 0;
    return variant;
  });
  p.inventory_tracking = 'variant';
  p.inventory_level = record.variants.reduce((sum, v) => sum + (v.inventory_level ?? 0), 0);
  p.base_variant_id = null;
}

function addModifiers(ctx: Ctx, record: ProductRecord): void {
  const { f, data } = ctx;
  const p = record.fields;
  const kinds = f.helpers.arrayElements(['text', 'checkbox', 'dropdown'] as const, { min: 1, max: 2 });
  const sortBase = record.options.length;
  record.modifiers = kinds.map((kind, index): Modifier => {
    const id = nextId(data, 'option');
    const display = kind === 'text' ? 'Engraving' : kind === 'checkbox' ? 'Gift wrap' : 'Extended warranty';
    const value = (
      label: string,
      sortOrder: number,
      price: number,
      valueData: Record<string, unknown> | null,
    ): ModifierValue => {
      const adjusters = defaultAdjusters();
      if (price > 0) adjusters.price = { adjuster: 'relative', adjuster_value: price };
      return {
        id: nextId(data, 'optionValue'),
        option_id: id,
        label,
        sort_order: sortOrder,
        value_data: valueData,
        is_default: sortOrder === 0,
        adjusters,
      };
    };
    const modifier: Modifier = {
      id,
      product_id: p.id,
      name: optionName(display, p.id, Date.parse(p.date_created)),
      display_name: display,
      type: kind,
      required: false,
      sort_order: sortBase + index,
      config: {},
      option_values: [],
    };
    if (kind === 'text') {
      modifier.config = {
        default_value: '',
        text_characters_limited: true,
        text_min_length: 0,
        text_max_length: 30,
      };
    } else if (kind === 'checkbox') {
      modifier.config = { checkbox_label: 'Gift wrap this item', checked_by_default: false };
      modifier.option_values = [
        value('Yes', 0, 4.5, { checked_value: true }),
        value('No', 1, 0, { checked_value: false }),
      ];
      modifier.option_values[0]!.is_default = false;
      modifier.option_values[1]!.is_default = true;
    } else {
      modifier.option_values = [
        value('None', 0, 0, null),
        value('2 years', 1, 15, null),
        value('3 years', 2, 25, null),
      ];
    }
    return modifier;
  });
}

function addImages(ctx: Ctx, record: ProductRecord, count: number): void {
  const { f, data } = ctx;
  const p = record.fields;
  const slug = slugify(p.name).slice(0, 40);
  const views = ['Front view', 'Side view', 'Detail', 'In use', 'Packaging'];
  for (let n = 0; n < count; n++) {
    const id = nextId(data, 'image');
    record.images.push({
      id,
      product_id: p.id,
      is_thumbnail: n === 0,
      sort_order: n,
      description: n === 0 ? p.name : views[n % views.length]!,
      image_file: imageFileName(slug, id, f.number.int({ min: 10000, max: 99999 })),
      date_modified: p.date_modified,
      source_url: null,
    });
  }
}

/** `image_file` paths look like BigCommerce's: `<letter>/<3 digits>/<slug>__<5 digits>.png`. */
export function imageFileName(slug: string, id: number, salt: number): string {
  const letter = slug.charAt(0) || 'x';
  return `${letter}/${String(id % 1000).padStart(3, '0')}/${slug || 'image'}__${salt}.png`;
}

function addVideos(ctx: Ctx, record: ProductRecord): void {
  const { f, data } = ctx;
  const p = record.fields;
  const count = f.number.int({ min: 1, max: 2 });
  for (let n = 0; n < count; n++) {
    record.videos.push({
      id: nextId(data, 'video'),
      product_id: p.id,
      type: 'youtube',
      video_id: f.string.alphanumeric(11),
      title: n === 0 ? `${p.name} — first look` : `How to care for your ${p.name}`,
      description: n === 0 ? 'A quick tour of the details.' : 'Tips to keep it looking new.',
      sort_order: n,
      length: `0${f.number.int({ min: 0, max: 9 })}:${String(f.number.int({ min: 5, max: 59 })).padStart(2, '0')}`,
    });
  }
}

function addCustomFields(ctx: Ctx, record: ProductRecord): void {
  const { f, data } = ctx;
  for (const field of f.helpers.arrayElements(CUSTOM_FIELD_NAMES, { min: 1, max: 4 })) {
    record.customFields.push({
      id: nextId(data, 'customField'),
      name: field.name,
      value: f.helpers.arrayElement(field.values),
    });
  }
}

function addBulkPricing(ctx: Ctx, record: ProductRecord): void {
  const { f, data } = ctx;
  const type = f.helpers.arrayElement(['percent', 'price', 'fixed'] as const);
  const tiers: [number, number, number][] =
    type === 'percent'
      ? [
          [2, 4, 5],
          [5, 9, 10],
          [10, 0, 15],
        ]
      : type === 'price'
        ? [
            [3, 9, 1],
            [10, 0, 2.5],
          ]
        : [[5, 0, Math.round(record.fields.price * 85) / 100]];
  for (const [min, max, amount] of tiers) {
    record.bulkPricingRules.push({
      id: nextId(data, 'bulkPricingRule'),
      quantity_min: min,
      quantity_max: max,
      type,
      amount,
    });
  }
}

function addReviews(ctx: Ctx, record: ProductRecord, created: number): void {
  const { f, data } = ctx;
  const count = f.number.int({ min: 1, max: 5 });
  for (let n = 0; n < count; n++) {
    const reviewed = bcDate(Math.min(TO, created + f.number.int({ min: 2, max: 300 }) * 86_400_000));
    const first = f.person.firstName();
    const last = f.person.lastName();
    record.reviews.push({
      id: nextId(data, 'review'),
      product_id: record.fields.id,
      title: f.helpers.arrayElement(REVIEW_TITLES),
      text: f.lorem.sentences({ min: 1, max: 3 }),
      status: f.helpers.weightedArrayElement([
        { weight: 8, value: 'approved' as const },
        { weight: 2, value: 'pending' as const },
        { weight: 1, value: 'disapproved' as const },
      ]),
      rating: f.helpers.weightedArrayElement([
        { weight: 1, value: 1 },
        { weight: 1, value: 2 },
        { weight: 2, value: 3 },
        { weight: 4, value: 4 },
        { weight: 5, value: 5 },
      ]),
      email: f.internet.email({ firstName: first, lastName: last, provider: 'example.com' }).toLowerCase(),
      name: `${first} ${last.charAt(0)}.`,
      date_reviewed: reviewed,
      date_created: reviewed,
      date_modified: reviewed,
    });
  }
}
