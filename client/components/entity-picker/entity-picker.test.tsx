import { describe, expect, it } from 'vitest';
import type { LocalStore } from '../../../common/contracts/stores';
import { render, textOf } from '../../lib/render-test';
import { EntityPicker, type EntityPickerProps } from './entity-picker';

const store: LocalStore = {
  id: 's1',
  name: 'Demo',
  storeHash: 'sandbox-demo',
  apiToken: 'demo-token',
  clientId: 'c',
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'local',
};

function html(props: Partial<EntityPickerProps>, language: 'en' | 'vi' = 'en'): string {
  return render(
    <EntityPicker
      kind="product"
      store={store}
      label="Search value"
      value="77"
      onValueChange={() => undefined}
      testId="search-value"
      {...props}
    />,
    language,
  );
}

describe('EntityPicker', () => {
  it('is a labelled combobox that controls a listbox of matches, closed until one types', () => {
    const markup = html({});
    const inputId = /<label for="([^"]+)"/.exec(markup)?.[1];
    const input = /<input [^>]*>/.exec(markup)?.[0] ?? '';
    expect(input).toContain(`id="${inputId}"`);
    expect(input).toContain('role="combobox"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).toContain('aria-expanded="false"');
    expect(input).toContain('value="77"');
    expect(input).toContain('data-testid="search-value"');
    expect(input).not.toContain('aria-activedescendant');
    const listId = /aria-controls="([^"]+)"/.exec(input)?.[1];
    expect(markup).toMatch(
      new RegExp(`<ul id="${listId}" role="listbox" aria-label="Matches" hidden=""[^>]*>`),
    );
    expect(markup).toContain('role="status"');
  });

  it('says what can be typed, in the field’s hint and in Vietnamese', () => {
    const described = /aria-describedby="([^"]+)"/.exec(html({ hint: 'Ids separated by commas' }))?.[1];
    const markup = html({ hint: 'Ids separated by commas' });
    expect(textOf(/<p id="[^"]+-hint"[^>]*>.*?<\/p>/.exec(markup)?.[0] ?? '')).toBe(
      'Ids separated by commas Search the store by typing part of a product name or SKU',
    );
    expect(described).toMatch(/-hint$/);
    expect(textOf(html({ kind: 'category' }, 'vi'))).toContain(
      'Tìm trong store bằng cách gõ một phần tên danh mục',
    );
  });

  it('is a plain id field without a store, with its error announced', () => {
    const markup = html({ store: null, error: 'Product ID must be a positive whole number' });
    expect(textOf(markup)).not.toContain('Search the store');
    expect(markup).toContain('aria-invalid="true"');
    expect(textOf(markup)).toContain('Product ID must be a positive whole number');
  });
});
