import { describe, expect, it } from 'vitest';
import { nameUuid, isUuid } from './ids';
import { PAGE_TEMPLATE_IDS, templateFileOf } from '../../../common/dumps/page-templates';
import { acceptsEntityId, isKnownTemplateFile, pageRegionNames, themeRegionNames } from './template-files';

describe('template files', () => {
  it('knows every toolbox page template as pages/<id>, but pages/checkout, which takes no widgets', () => {
    expect(PAGE_TEMPLATE_IDS).toHaveLength(17);
    for (const template of PAGE_TEMPLATE_IDS)
      expect(isKnownTemplateFile(templateFileOf(template))).toBe(template !== 'checkout');
  });

  it('accepts custom templates of the four entity types and nothing made up', () => {
    expect(isKnownTemplateFile('pages/custom/product/wide-gallery')).toBe(true);
    expect(isKnownTemplateFile('pages/custom/page/landing.html')).toBe(true);
    expect(isKnownTemplateFile('pages/custom/blog/x')).toBe(false);
    expect(isKnownTemplateFile('pages/homepage')).toBe(false);
    expect(isKnownTemplateFile('home')).toBe(false);
    expect(isKnownTemplateFile('pages/account/orders/all')).toBe(true);
  });

  it('takes entity ids on product, category, brand, page and custom templates only', () => {
    const withEntity = PAGE_TEMPLATE_IDS.filter((template) => acceptsEntityId(templateFileOf(template)));
    expect(withEntity).toEqual(['product', 'category', 'brand', 'page']);
    expect(acceptsEntityId('pages/custom/category/sale')).toBe(true);
  });

  it('lists page regions in render order, without global ones', () => {
    expect(pageRegionNames('pages/home')).toEqual([
      'header_bottom',
      'home_below_menu',
      'home_below_carousel',
      'home_below_featured_products',
      'home_below_top_products',
      'home_below_new_products',
      'product_item_below_price',
    ]);
    expect(pageRegionNames('pages/page')).toEqual(['header_bottom', 'page_builder_content']);
    expect(pageRegionNames('pages/custom/category/sale')).toEqual(pageRegionNames('pages/category'));
    expect(pageRegionNames('pages/blog')).toEqual(['header_bottom']);
  });

  it('lists theme regions with the global ones around the page', () => {
    expect(themeRegionNames('pages/cart')).toEqual([
      'header_bottom--global',
      'header_navigation_bottom--global',
      'header_bottom',
      'cart_below_totals',
      'ssl_site_seal--global',
    ]);
    expect(themeRegionNames('pages/order-confirmation')).toEqual([]);
  });
});

describe('nameUuid', () => {
  it('is a stable version-5 UUID per name', () => {
    expect(nameUuid('a')).toBe(nameUuid('a'));
    expect(nameUuid('a')).not.toBe(nameUuid('b'));
    expect(isUuid(nameUuid('a'))).toBe(true);
    expect(nameUuid('a')[14]).toBe('5');
    expect(['8', '9', 'a', 'b']).toContain(nameUuid('a')[19]);
  });
});
