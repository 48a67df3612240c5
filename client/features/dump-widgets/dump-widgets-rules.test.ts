import { describe, expect, it } from 'vitest';
import {
  buildWidgetsRequest,
  deselectAllTemplates,
  initialWidgetsForm,
  isMissingTemplates,
  parseChannelId,
  selectAllTemplates,
  toggleTemplate,
  validateWidgetsForm,
  type WidgetsForm,
} from './dump-widgets-rules';

const store = { storeHash: 'sandbox-demo', accessToken: 'demo-token' };
const selected = (over: Partial<WidgetsForm>): WidgetsForm => ({
  ...initialWidgetsForm,
  mode: 'selected',
  ...over,
});

describe('Dump Widgets form rules (spec part 1 §5)', () => {
  it('keeps the checklist in catalogue order and clears entity ids when a template is unchecked', () => {
    let form = toggleTemplate(selected({}), 'brand');
    form = toggleTemplate(form, 'home');
    expect(form.selected).toEqual(['home', 'brand']);
    form = { ...form, entityIds: { brand: '5, 6' } };
    form = toggleTemplate(form, 'brand');
    expect(form.selected).toEqual(['home']);
    expect(form.entityIds).toEqual({});
    form = toggleTemplate({ ...form, entityIds: { product: '7' } }, 'brand');
    expect(form.entityIds).toEqual({ product: '7' });
  });

  it('selects all 17 and deselects all (clearing every id)', () => {
    const all = selectAllTemplates(selected({ entityIds: { page: '1' } }));
    expect(all.selected).toHaveLength(17);
    expect(deselectAllTemplates(all)).toMatchObject({ selected: [], entityIds: {} });
  });

  it('disables submit only in selected mode with nothing checked', () => {
    expect(isMissingTemplates(selected({}))).toBe(true);
    expect(isMissingTemplates(selected({ selected: ['cart'] }))).toBe(false);
    expect(isMissingTemplates({ ...initialWidgetsForm, mode: 'all' })).toBe(false);
  });

  it('names the first problem', () => {
    expect(validateWidgetsForm(initialWidgetsForm, false)).toEqual({ kind: 'store' });
    expect(validateWidgetsForm(initialWidgetsForm, true)).toBeNull();
    expect(validateWidgetsForm(selected({}), true)).toEqual({ kind: 'templates' });
    expect(validateWidgetsForm(selected({ selected: ['home', 'product'] }), true)).toEqual({
      kind: 'entity-required',
      template: 'product',
    });
    expect(validateWidgetsForm(selected({ selected: ['page'], entityIds: { page: '1, x' } }), true)).toEqual({
      kind: 'entity-invalid',
      template: 'page',
      value: 'x',
    });
    expect(
      validateWidgetsForm(selected({ selected: ['page'], entityIds: { page: '1, 4' } }), true),
    ).toBeNull();
  });

  it('parses the channel id as an integer, blank or unreadable as none', () => {
    expect(parseChannelId('')).toBeUndefined();
    expect(parseChannelId(' 2 ')).toBe(2);
    expect(parseChannelId('1702953')).toBe(1702953);
    expect(parseChannelId('abc')).toBeUndefined();
    expect(parseChannelId('0')).toBeUndefined();
  });

  it('sends the spec request: checklist and entity ids only in selected mode', () => {
    expect(buildWidgetsRequest({ ...initialWidgetsForm, mode: 'all', channelId: '3' }, store)).toEqual({
      storeCredentials: store,
      dumpMode: 'all',
      channelId: 3,
    });
    expect(
      buildWidgetsRequest(
        selected({ selected: ['home', 'product'], entityIds: { product: '77,78' } }),
        store,
      ),
    ).toEqual({
      storeCredentials: store,
      dumpMode: 'selected',
      selectedTemplates: ['home', 'product'],
      entityIds: { product: '77,78' },
    });
  });
});
