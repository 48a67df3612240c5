// A realistic tour of every resource helper the client has, run against the sandbox so the contract test can check
// each exchange against the official OpenAPI files. It reads the generated demo store (`sandbox-demo`) and writes
// into a fresh empty store, and provokes the documented error answers (404, 409, 422) on the way.
import { isBigCommerceError, isPartialSave } from '../errors';
import type { BigCommerceClient } from '../client';
import { PRODUCT_INCLUDES, type Product } from '../resources/products';

export type WorkloadClients = {
  /** The generated demo store: read-mostly. */
  demo: BigCommerceClient;
  /** A fresh store of kind `empty`: every create and delete happens here. */
  scratch: BigCommerceClient;
};

/** Runs a call that is expected to fail with a BigCommerce error (the answer is recorded either way). */
async function expectFailure(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (isBigCommerceError(error)) return;
    throw error;
  }
  throw new Error('the workload expected this call to fail');
}

/** A 207: the client throws it as a PartialSaveError, never as a plain success. */
async function expectPartialSave(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (isPartialSave(error)) return;
    throw error;
  }
  throw new Error('the workload expected a 207 (saved in part)');
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`workload: no ${what} in the sandbox`);
  return value;
}

export async function runContractWorkload({ demo, scratch }: WorkloadClients): Promise<void> {
  // --- Store information (v2, unwrapped) ---
  await demo.store.get();

  // --- Products: lists with filters and field selection, one product with every include ---
  const firstPage = await demo.products.list({ limit: 5, query: { include_fields: 'name,sku,price' } });
  await demo.products.list({
    limit: 3,
    page: 2,
    query: { sort: 'name', direction: 'desc', is_visible: true },
  });
  await demo.products.list({ limit: 10, query: { include: 'variants,images,custom_fields' } });
  await demo.products.list({ limit: 5, query: { 'categories:in': '1,2', 'channel_id:in': 1 } });
  const firstId = must(firstPage.items[0], 'product').id;
  await demo.products.list({ query: { 'id:in': [firstId, firstId + 1, firstId + 2], keyword: 'a' } });
  await demo.products.get(firstId, { include: [...PRODUCT_INCLUDES] });
  await demo.products.get(firstId, { query: { exclude_fields: 'description' } });
  await expectFailure(() => demo.products.get(987_654));

  // A product with options, modifiers and reviews, for the sub-resource reads.
  const withOptions = must(
    (await demo.variants.list({ limit: 50 })).items.find((v) => (v.option_values?.length ?? 0) > 0),
    'variant with option values',
  ).product_id!;
  await demo.variants.list({ query: { 'product_id:in': withOptions } });
  const variants = await demo.products.variants.listAll(withOptions);
  await demo.products.variants.get(withOptions, must(variants[0], 'variant').id);
  const options = await demo.products.options.listAll(withOptions);
  const option = must(options[0], 'option');
  await demo.products.options.get(withOptions, option.id);
  await demo.products.optionValues.list(withOptions, option.id);
  await demo.products.modifiers.list(withOptions);
  await demo.products.images.list(withOptions);
  await demo.products.videos.list(withOptions);
  await demo.products.customFields.list(withOptions);
  await demo.products.bulkPricingRules.list(withOptions);
  await demo.products.reviews.list(withOptions, { query: { status: 1 } });

  // Pages with every kind of sub-resource, found through the includes on a list.
  const rich = await demo.products.list({
    limit: 250,
    query: { include: 'images,videos,custom_fields,bulk_pricing_rules,reviews' },
  });
  const withModifiers = (await demo.products.list({ limit: 10, query: { include: 'modifiers' } })).items.find(
    (p) => Array.isArray(p.modifiers) && p.modifiers.length > 0,
  );
  if (withModifiers) {
    const modifiers = await demo.products.modifiers.listAll(withModifiers.id);
    await demo.products.modifiers.get(withModifiers.id, must(modifiers[0], 'modifier').id);
  }
  const pick = (key: 'images' | 'videos' | 'custom_fields' | 'bulk_pricing_rules' | 'reviews') =>
    rich.items.find((p) => Array.isArray(p[key]) && (p[key] as unknown[]).length > 0);
  const imageProduct = pick('images');
  if (imageProduct) {
    const images = await demo.products.images.listAll(imageProduct.id);
    await demo.products.images.get(imageProduct.id, must(images[0], 'image').id);
  }
  const videoProduct = pick('videos');
  if (videoProduct) {
    const videos = await demo.products.videos.listAll(videoProduct.id);
    await demo.products.videos.get(videoProduct.id, must(videos[0], 'video').id);
  }
  const fieldProduct = pick('custom_fields');
  if (fieldProduct) {
    const fields = await demo.products.customFields.listAll(fieldProduct.id);
    await demo.products.customFields.get(fieldProduct.id, must(fields[0], 'custom field').id);
  }
  const ruleProduct = pick('bulk_pricing_rules');
  if (ruleProduct) {
    const rules = await demo.products.bulkPricingRules.listAll(ruleProduct.id);
    await demo.products.bulkPricingRules.get(ruleProduct.id, must(rules[0], 'bulk pricing rule').id);
  }
  const reviewProduct = pick('reviews');
  if (reviewProduct) {
    const reviews = await demo.products.reviews.listAll(reviewProduct.id);
    await demo.products.reviews.get(reviewProduct.id, must(reviews[0], 'review').id);
  }

  // --- Category trees, categories, brands, channels, assignments (reads) ---
  const trees = await demo.categoryTrees.listAll();
  const tree = must(trees[0], 'category tree');
  await demo.categoryTrees.listAll({ query: { 'channel_id:in': 1 } });
  await demo.categoryTrees.categories(tree.id, { depth: 2 });
  await expectFailure(() => demo.categoryTrees.categories(999_999));
  await demo.categories.list({ limit: 20, query: { 'tree_id:in': tree.id } });
  await demo.categories.list({ query: { 'name:like': 'a', is_visible: true } });
  const brands = await demo.brands.list({ limit: 10 });
  await demo.brands.get(must(brands.items[0], 'brand').id);
  await demo.brands.listAll({ query: { name: must(brands.items[0], 'brand').name } });
  const channels = await demo.channels.listAll({ query: { available: true, 'type:in': 'storefront' } });
  await demo.channels.get(must(channels[0], 'channel').id);
  await expectFailure(() => demo.channels.get(424_242));
  await demo.assignments.channels.listAll({ query: { 'product_id:in': [firstId, withOptions] } });
  await demo.assignments.categories.listAll({ query: { 'product_id:in': [firstId, withOptions] } });

  // --- Content: templates, widgets, placements, regions, page snapshots (reads) ---
  const templates = await demo.widgetTemplates.listAll({ query: { widget_template_kind: 'custom' } });
  const template = must(templates[0], 'widget template');
  await demo.widgetTemplates.get(template.uuid);
  if (template.current_version_uuid) {
    await demo.widgetTemplates.get(template.uuid, { versionUuid: template.current_version_uuid });
  }
  const widgets = await demo.widgets.listAll({ query: { 'channel_id:in': 1 } });
  await demo.widgets.get(must(widgets[0], 'widget').uuid);
  await demo.placements.listAll({ query: { template_file: 'pages/home' } });
  await demo.regions.list('pages/home');
  await demo.regions.list('pages/product', { channelId: 1 });
  await demo.pageWidgets.get({ channelId: 1, templateFile: 'pages/home' });
  await demo.pageWidgets.get({ channelId: 1 });

  // --- Writes, in a fresh store ---
  const scratchTrees = await scratch.categoryTrees.listAll();
  const scratchTree = must(scratchTrees[0], 'category tree in the scratch store');
  const created = await scratch.categories.create([
    { name: 'Contract Kettles', tree_id: scratchTree.id, is_visible: true },
    { name: 'Contract Teapots', tree_id: scratchTree.id },
  ]);
  const kettles = must(created.data?.[0], 'created category').category_id;
  await scratch.categories.update([{ category_id: kettles, page_title: 'Kettles | Contract' }]);
  // Partly saved: 207 in each endpoint's own shape (category-trees_catalog.v3.yml:187-192, 233-238).
  await expectPartialSave(() =>
    scratch.categories.create([
      { name: 'Contract Cups', tree_id: scratchTree.id },
      { name: 'Contract Orphans', tree_id: scratchTree.id, parent_id: 987_654 },
    ]),
  );
  await expectPartialSave(() =>
    scratch.categories.update([
      { category_id: kettles, description: '<p>Kettles.</p>' },
      { category_id: 987_654, description: 'Nobody' },
    ]),
  );
  await scratch.categories.listAll({ query: { 'category_id:in': kettles } });

  const brand = await scratch.brands.create({ name: 'Contract Brand', page_title: 'Contract Brand' });

  const product = await scratch.products.create({
    name: 'Contract Kettle',
    type: 'physical',
    sku: 'CK-1',
    price: 49.5,
    weight: 1.2,
    categories: [kettles],
    brand_id: brand.id,
    description: '<p>Boils water.</p>',
    custom_fields: [{ name: 'Material', value: 'Steel' }],
    images: [{ image_url: 'https://cdn.example.com/kettle.png', is_thumbnail: true }],
  });
  await expectFailure(() =>
    scratch.products.create({ name: 'Contract Kettle', type: 'physical', price: 1, weight: 1 }),
  );
  await expectFailure(() => scratch.products.create({ name: 'Contract Half' }));
  await scratch.products.update(product.id, { page_title: 'Contract Kettle | Shop', is_visible: true });

  const others: Product[] = [];
  for (let i = 1; i <= 3; i++) {
    others.push(
      await scratch.products.create({
        name: `Contract Mug ${i}`,
        type: 'physical',
        price: 9 + i,
        weight: 0.4,
      }),
    );
  }
  await scratch.updateProductsInBatches([
    { id: product.id, description: '<p>Boils water, fast.</p>' },
    ...others.map((p, i) => ({ id: p.id, page_title: `Mug ${i + 1}` })),
  ]);
  // A taken custom URL: saved except the URL, 207 (single and batch).
  await expectPartialSave(() =>
    scratch.products.update(others[0]!.id, { custom_url: product.custom_url, page_title: 'Mug one' }),
  );
  await scratch.updateProductsInBatches([
    { id: others[1]!.id, custom_url: product.custom_url },
    { id: others[2]!.id, page_title: 'Mug three' },
  ]);
  // One bad item: the batch answers 409, then the halves are sent again.
  await scratch.updateProductsInBatches([
    { id: others[0]!.id, description: 'ok' },
    { id: others[1]!.id, name: 'Contract Kettle' },
  ]);

  // Options, values and variants.
  const colour = await scratch.products.options.create(product.id, {
    display_name: 'Colour',
    type: 'rectangles',
    option_values: [
      { label: 'Red', sort_order: 0, is_default: true },
      { label: 'Blue', sort_order: 1 },
    ],
  });
  await scratch.products.options.update(product.id, colour.id, { display_name: 'Kettle colour' });
  const green = await scratch.products.optionValues.create(product.id, colour.id, {
    label: 'Green',
    sort_order: 2,
  });
  const red = must(
    colour.option_values?.find((v) => v.label === 'Red'),
    'option value',
  );
  const variant = await scratch.products.variants.create(product.id, {
    sku: 'CK-1-RED',
    price: 51,
    option_values: [{ id: red.id, option_id: colour.id }],
  });
  await scratch.products.variants.create(product.id, {
    sku: 'CK-1-GRN',
    option_values: [{ id: green.id, option_id: colour.id }],
  });
  await scratch.products.variants.update(product.id, variant.id, { price: 52, inventory_level: 4 });
  await expectFailure(() =>
    scratch.products.variants.create(product.id, {
      sku: 'ck-1-red',
      option_values: [{ id: green.id, option_id: colour.id }],
    }),
  );
  await scratch.products.variants.delete(product.id, variant.id);

  // Modifiers.
  const engraving = await scratch.products.modifiers.create(product.id, {
    display_name: 'Engraving',
    type: 'text',
    required: false,
    config: { text_characters_limited: true, text_min_length: 1, text_max_length: 20 },
  });
  await scratch.products.modifiers.update(product.id, engraving.id, {
    display_name: 'Engraved text',
    type: 'text',
    required: false,
  });
  await scratch.products.modifiers.delete(product.id, engraving.id);

  // Images, videos, custom fields, bulk pricing rules, reviews: create, update, delete.
  const image = await scratch.products.images.create(product.id, {
    image_url: 'https://cdn.example.com/kettle-side.png',
    description: 'Side',
  });
  await scratch.products.images.update(product.id, image.id, { description: 'From the side', sort_order: 2 });
  await scratch.products.images.delete(product.id, image.id);
  const video = await scratch.products.videos.create(product.id, {
    video_id: 'dQw4w9WgXcQ',
    title: 'Boiling',
    type: 'youtube',
  });
  await scratch.products.videos.update(product.id, video.id, { title: 'Boiling water' });
  await scratch.products.videos.delete(product.id, video.id);
  const field = await scratch.products.customFields.create(product.id, { name: 'Capacity', value: '1.7 l' });
  await scratch.products.customFields.update(product.id, field.id, { value: '1.8 l' });
  await scratch.products.customFields.delete(product.id, field.id);
  const rule = await scratch.products.bulkPricingRules.create(product.id, {
    quantity_min: 5,
    quantity_max: 9,
    type: 'percent',
    amount: 5,
  });
  // The spec's PUT schemas are whole objects (`id` included, API-NOTES §8): send every field.
  await scratch.products.bulkPricingRules.update(product.id, rule.id, {
    id: rule.id,
    quantity_min: 5,
    quantity_max: 9,
    type: 'percent',
    amount: 7,
  });
  await scratch.products.bulkPricingRules.delete(product.id, rule.id);
  const review = await scratch.products.reviews.create(product.id, {
    title: 'Fast',
    text: 'Boils in two minutes.',
    status: 'approved',
    rating: 5,
    name: 'Ana',
    email: 'ana@example.com',
    date_reviewed: '2026-01-10T09:00:00+00:00',
  });
  await scratch.products.reviews.update(product.id, review.id, {
    title: 'Fast',
    date_reviewed: '2026-01-10T09:00:00+00:00',
    rating: 4,
  });
  await scratch.products.reviews.delete(product.id, review.id);
  await scratch.products.options.delete(product.id, colour.id);

  // Assignments (204).
  await scratch.assignments.channels.assign([{ product_id: product.id, channel_id: 1 }]);
  await scratch.assignments.categories.assign(
    others.map((p) => ({ product_id: p.id, category_id: kettles })),
  );
  await scratch.assignments.channels.listAll({ query: { 'channel_id:in': 1 } });
  await scratch.assignments.categories.listAll({ query: { 'category_id:in': kettles } });

  // Content: a template (and a new version), a widget, a placement, a published page.
  const banner = await scratch.widgetTemplates.create({
    name: 'Contract Banner',
    channel_id: 1,
    template: '<div class="banner">{{text}}</div>',
    schema: [
      {
        type: 'tab',
        label: 'Content',
        sections: [{ label: 'Text', settings: [{ type: 'text', id: 'text', label: 'Text', default: 'Hi' }] }],
      },
    ],
  });
  // The client adds `create_new_version: true` to every template update.
  await scratch.widgetTemplates.update(banner.uuid, {
    name: 'Contract Banner',
    template: '<div class="banner big">{{text}}</div>',
  });
  const widget = await scratch.widgets.create({
    name: 'Contract Banner Widget',
    widget_template_uuid: banner.uuid,
    widget_configuration: { text: 'Hello' },
    channel_id: 1,
  });
  await scratch.widgets.update(widget.uuid, { description: 'A banner', upgrade: true });
  const placement = await scratch.placements.create({
    widget_uuid: widget.uuid,
    template_file: 'pages/home',
    channel_id: 1,
    region: 'home_below_menu',
    sort_order: 1,
    status: 'active',
  });
  await scratch.placements.update(placement.uuid, { status: 'inactive' });
  await scratch.pageWidgets.publish({
    channel_id: 1,
    template_file: 'pages/home',
    regions: [
      {
        name: 'home_below_menu',
        children: [
          {
            type: 'widget',
            widget_template_uuid: banner.uuid,
            name: 'Banner',
            description: 'Top banner',
            configuration: { text: 'Welcome' },
            storefront_api_query_params: {},
          },
        ],
      },
    ],
  });
  await scratch.pageWidgets.get({ channelId: 1, templateFile: 'pages/home' });

  // Clean-up deletes.
  await scratch.products.delete(others[2]!.id);
}
