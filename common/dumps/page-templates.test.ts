import { describe, expect, it } from 'vitest';
import {
  ENTITY_PAGE_TEMPLATE_IDS,
  PAGE_TEMPLATE_IDS,
  STATIC_PAGE_TEMPLATE_IDS,
  isEntityId,
  needsEntityId,
  pageTemplateIdOf,
  parseEntityIds,
  templateFileOf,
} from './page-templates';

describe('page template catalogue (spec part 1 §9)', () => {
  it('has the 17 templates, five of which need an entity id', () => {
    expect(PAGE_TEMPLATE_IDS).toHaveLength(17);
    expect(PAGE_TEMPLATE_IDS.filter(needsEntityId)).toEqual([...ENTITY_PAGE_TEMPLATE_IDS]);
    expect(ENTITY_PAGE_TEMPLATE_IDS).toEqual(['product', 'category', 'brand', 'page', 'blog-post']);
    expect(STATIC_PAGE_TEMPLATE_IDS).toHaveLength(12);
    expect(STATIC_PAGE_TEMPLATE_IDS).not.toContain('product');
  });

  it('maps ids to Stencil template files and back', () => {
    expect(templateFileOf('blog-post')).toBe('pages/blog-post');
    expect(templateFileOf('order-confirmation')).toBe('pages/order-confirmation');
    for (const id of PAGE_TEMPLATE_IDS) expect(pageTemplateIdOf(templateFileOf(id))).toBe(id);
    expect(pageTemplateIdOf('pages/account/orders/all')).toBeUndefined();
    expect(pageTemplateIdOf('home')).toBeUndefined();
  });
});

describe('isEntityId', () => {
  it('checks entity ids are positive integers written as strings', () => {
    expect(isEntityId('77')).toBe(true);
    expect(isEntityId('0')).toBe(false);
    expect(isEntityId('07')).toBe(false);
    expect(isEntityId('-1')).toBe(false);
    expect(isEntityId('abc')).toBe(false);
  });
});

describe('parseEntityIds', () => {
  it('reads one or several comma-separated ids, once each, in order', () => {
    expect(parseEntityIds('77')).toEqual({ ok: true, ids: ['77'] });
    expect(parseEntityIds(' 77, 78 ,,77, 9 ')).toEqual({ ok: true, ids: ['77', '78', '9'] });
    expect(parseEntityIds(' , ')).toEqual({ ok: true, ids: [] });
    expect(parseEntityIds('')).toEqual({ ok: true, ids: [] });
  });

  it('names the first value that is not a positive whole number', () => {
    expect(parseEntityIds('1, x2, 3')).toEqual({ ok: false, invalid: 'x2' });
    expect(parseEntityIds('0')).toEqual({ ok: false, invalid: '0' });
    expect(parseEntityIds('-4')).toEqual({ ok: false, invalid: '-4' });
    expect(parseEntityIds('1.5')).toEqual({ ok: false, invalid: '1.5' });
  });
});
