import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from '../built-in-templates';
import { snapshotWidgets, type ContentState } from '../content-state';
import { DEMO_WEB_PAGE_IDS_WITH_CONTENT, EMPTY_DEMO_TEMPLATES } from './demo-content';
import { createContentState, type ContentRefs } from '../index';
import { PAGE_TEMPLATE_IDS, templateFileOf } from '../../../../common/dumps/page-templates';

const refs: ContentRefs = {
  productIds: [77, 78, 79, 80, 81],
  categoryIds: [18, 19, 20],
  brandIds: [36, 37, 38],
  channelIds: [1, 2],
  demo: true,
};

/** Everything a client can read, for comparing two states. */
function everything(state: ContentState) {
  return {
    templates: state.listTemplates(),
    widgets: state.listWidgets(),
    placements: state.listPlacements(),
    pages: state.pagesWithContent(),
    webPages: state.listWebPages(),
    blogPosts: state.blogPosts.list(),
    redirects: state.redirects.list(),
  };
}

describe('demo content', () => {
  it('is the same for the same refs and seed', () => {
    expect(everything(createContentState(refs))).toEqual(everything(createContentState(refs)));
    expect(everything(createContentState({ ...refs, seed: 7 }))).toEqual(
      everything(createContentState({ ...refs, seed: 7 })),
    );
  });

  it('changes values but not structure with another seed', () => {
    const a = everything(createContentState(refs));
    const b = everything(createContentState({ ...refs, seed: 7 }));
    expect(b.templates.map((t) => t.uuid)).not.toEqual(a.templates.map((t) => t.uuid));
    expect(b.templates.map((t) => t.name)).toEqual(a.templates.map((t) => t.name));
    expect(b.pages.map((p) => [p.template_file, p.entity_id, snapshotWidgets(p.regions).length])).toEqual(
      a.pages.map((p) => [p.template_file, p.entity_id, snapshotWidgets(p.regions).length]),
    );
    expect(JSON.stringify(b.pages)).not.toEqual(JSON.stringify(a.pages));
  });

  it('has the built-in templates and 11 custom ones (10 on channel 1, 1 on channel 2)', () => {
    const templates = createContentState(refs).listTemplates();
    expect(templates.filter((t) => t.kind !== 'custom')).toHaveLength(BUILT_IN_TEMPLATES.length);
    const custom = templates.filter((t) => t.kind === 'custom');
    expect(custom.filter((t) => t.channel_id === 1).map((t) => t.name)).toEqual([
      'Header Images',
      'Simple List',
      'Promo Banner',
      'Testimonial Slider',
      'Featured Product Card',
      'FAQ Accordion',
      'Newsletter Signup',
      'Trust Badges',
      'Seasonal Countdown',
      'Legacy Banner',
    ]);
    expect(custom.filter((t) => t.channel_id === 2).map((t) => t.name)).toEqual(['Channel Announcement']);
    expect(custom.find((t) => t.name === 'Featured Product Card')?.storefront_api_query).toContain(
      '$productId: Int!',
    );
    expect(custom.find((t) => t.name === 'Trust Badges')?.schema).toEqual([]);
    for (const template of custom) expect(template.template).not.toBe('');
  });

  it('puts content on 10 of the 17 toolbox templates plus the global regions, and leaves 7 empty', () => {
    const pages = createContentState(refs).pagesWithContent();
    const channelOne = pages.filter((p) => p.channel_id === 1);
    const withContent = new Set(channelOne.map((p) => p.template_file));
    const toolbox = PAGE_TEMPLATE_IDS.map(templateFileOf);
    expect(toolbox.filter((file) => withContent.has(file))).toEqual([
      'pages/home',
      'pages/product',
      'pages/category',
      'pages/brand',
      'pages/brands',
      'pages/page',
      'pages/blog',
      'pages/cart',
      'pages/search',
      'pages/contact-us',
    ]);
    expect(toolbox.filter((file) => !withContent.has(file))).toEqual([...EMPTY_DEMO_TEMPLATES]);
    expect(withContent.has('')).toBe(true);

    const entities = (file: string) =>
      channelOne.filter((p) => p.template_file === file).map((p) => p.entity_id);
    expect(entities('pages/product')).toEqual(['', '77', '78', '79']);
    expect(entities('pages/category')).toEqual(['18', '19']);
    expect(entities('pages/brand')).toEqual(['36', '37']);
    expect(entities('pages/page')).toEqual(DEMO_WEB_PAGE_IDS_WITH_CONTENT.map(String));
    expect(pages.filter((p) => p.channel_id === 2).map((p) => p.template_file)).toEqual(['pages/home']);
  });

  it('has fixed counts of pages, regions, layouts, dropzones and widgets', () => {
    const pages = createContentState(refs).pagesWithContent();
    const regions = pages.flatMap((p) => p.regions);
    const layouts = regions.flatMap((r) => r.children).filter((c) => c.type === 'layout');
    expect(pages).toHaveLength(18);
    expect(regions).toHaveLength(28);
    expect(layouts).toHaveLength(11);
    expect(layouts.flatMap((l) => (l.type === 'layout' ? l.dropzones : []))).toHaveLength(21);
    expect(pages.reduce((sum, p) => sum + snapshotWidgets(p.regions).length, 0)).toBe(45);
    const home = pages.find((p) => p.channel_id === 1 && p.template_file === 'pages/home');
    expect(home?.regions.map((r) => r.name)).toEqual([
      'header_bottom',
      'home_below_menu',
      'home_below_carousel',
      'home_below_featured_products',
      'home_below_new_products',
    ]);
  });

  it('resolves every widget template uuid of every page to a template of its channel', () => {
    const state = createContentState(refs);
    const templates = new Map(state.listTemplates().map((t) => [t.uuid, t]));
    const used = new Set<string>();
    for (const page of state.pagesWithContent()) {
      for (const widget of snapshotWidgets(page.regions)) {
        const template = templates.get(widget.widget_template_uuid);
        expect(template, widget.widget_template_uuid).toBeDefined();
        expect([0, page.channel_id]).toContain(template?.channel_id);
        used.add(widget.widget_template_uuid);
      }
    }
    const unused = [...templates.values()]
      .filter((t) => t.kind === 'custom' && !used.has(t.uuid))
      .map((t) => t.name);
    // Legacy Banner is only used by a REST widget; Seasonal Countdown by nothing.
    expect(unused).toEqual(['Seasonal Countdown', 'Legacy Banner']);
  });

  it('points product widgets at catalogue products', () => {
    const state = createContentState(refs);
    const productTemplates = new Set(
      state
        .listTemplates()
        .filter((t) => t.storefront_api_query.includes('$productId'))
        .map((t) => t.uuid),
    );
    const productWidgets = state
      .pagesWithContent()
      .flatMap((p) => snapshotWidgets(p.regions))
      .filter((w) => productTemplates.has(w.widget_template_uuid));
    // 3 on the home page, 1 on each of 3 product pages, 2 on each of 2 category pages.
    expect(productWidgets.length).toBe(10);
    for (const widget of productWidgets) {
      expect(refs.productIds).toContain(Number(widget.configuration.productId));
      expect(widget.storefront_api_query_params).toEqual({
        productId: Number(widget.configuration.productId),
      });
    }
  });

  it('has REST widgets and placements, one widget on an old template version', () => {
    const state = createContentState(refs);
    const widgets = state.listWidgets();
    expect(widgets.map((w) => w.name)).toEqual([
      'Home Header Images',
      'Category Promo',
      'Cart Reminder',
      'Legacy Banner (v1)',
      'Draft Testimonials',
    ]);
    const legacy = widgets.find((w) => w.name === 'Legacy Banner (v1)');
    expect(legacy?.version_uuid).not.toBe(legacy?.widget_template.current_version_uuid);
    expect(legacy?.widget_template.template).toBe('<div class="legacy-banner">{{message}}</div>');
    const placements = state.listPlacements();
    expect(placements.map((p) => [p.template_file, p.entity_id, p.region, p.status])).toEqual([
      ['pages/home', '', 'home_below_menu', 'active'],
      ['pages/category', '18', 'category_below_header', 'active'],
      ['pages/cart', '', 'cart_below_totals', 'inactive'],
      ['pages/brands', '', 'brands_below_header', 'active'],
    ]);
  });

  it('has web pages to name pages/page entities', () => {
    // getPages documents no order: sorted here.
    const pages = createContentState(refs)
      .listWebPages()
      .sort((a, b) => a.id - b.id);
    expect(pages.map((p) => [p.id, p.name, p.type])).toEqual([
      [1, 'Shipping & Returns', 'page'],
      [2, 'Contact Us', 'contact_form'],
      [3, 'Blog', 'blog'],
      [4, 'About Us', 'page'],
      [5, 'Size Guide', 'page'],
      [6, 'Privacy Policy', 'page'],
    ]);
  });

  it('gives the empty store built-in templates only', () => {
    const state = createContentState({ ...refs, demo: false });
    expect(state.listTemplates().map((t) => t.uuid)).toEqual(BUILT_IN_TEMPLATES.map((t) => t.uuid));
    expect(state.listTemplates({ kind: 'custom' })).toEqual([]);
    expect(state.pagesWithContent()).toEqual([]);
    expect(state.listWidgets()).toEqual([]);
    expect(state.listPlacements()).toEqual([]);
    expect(state.listWebPages()).toEqual([]);
    expect(state.blogPosts.list()).toEqual([]);
    expect(state.redirects.list()).toEqual([]);
  });

  it('has 5 blog posts (one a draft) and redirects of every target type pointing at the store own ids', () => {
    const state = createContentState(refs);
    const posts = state.blogPosts.list();
    expect(posts).toHaveLength(5);
    expect(posts.filter((p) => !p.is_published).map((p) => p.title)).toEqual(['Autumn Collection Preview']);
    const redirects = state.redirects.list({ sort: 'id' });
    expect(new Set(redirects.map((r) => r.to.type))).toEqual(
      new Set(['product', 'category', 'brand', 'page', 'post', 'url']),
    );
    const target = (type: string) => redirects.filter((r) => r.to.type === type).map((r) => r.to.entity_id);
    expect(target('product')).toEqual([77, 78]);
    expect(target('category')).toEqual([18]);
    expect(target('brand')).toEqual([36]);
    expect(target('page')).toEqual([1, 4]);
    expect(target('post')).toEqual([1]);
    expect(new Set(redirects.map((r) => r.site_id))).toEqual(new Set([1000, 1001]));
  });

  it('copes with a catalogue without products, categories or brands and a single channel', () => {
    const state = createContentState({
      productIds: [],
      categoryIds: [],
      brandIds: [],
      channelIds: [1],
      demo: true,
    });
    const files = state.pagesWithContent().map((p) => `${p.template_file}|${p.entity_id}`);
    expect(files).not.toContain('pages/category|18');
    expect(files.filter((f) => f.startsWith('pages/product'))).toEqual(['pages/product|']);
    expect(state.listTemplates({ kind: 'custom' })).toHaveLength(10);
  });
});
