// Small builders for Page Builder UI schemas ([WID components.schemas.widgetSchema]: tab, array and hidden entries,
// each setting `{type, label, id, default, typeMeta?, conditional?}`). Used by the built-in and demo templates.
import type { JsonObject } from './types';

export type Setting = JsonObject & { type: string; id: string };

export function setting(
  type: string,
  id: string,
  label: string,
  defaultValue: unknown,
  extra: JsonObject = {},
): Setting {
  return { type, label, id, default: defaultValue, ...extra };
}

/** A one-line text field. */
export function input(id: string, label: string, defaultValue = ''): Setting {
  return setting('input', id, label, defaultValue);
}

/** A multi-line text field. */
export function text(id: string, label: string, defaultValue = ''): Setting {
  return setting('text', id, label, defaultValue);
}

export function color(id: string, label: string, defaultValue: string): Setting {
  return setting('color', id, label, defaultValue);
}

export function toggle(id: string, label: string, defaultValue: boolean): Setting {
  return setting('toggle', id, label, defaultValue);
}

/** A horizontal alignment picker. */
export function alignment(id: string, label: string, horizontal: string): Setting {
  return setting('alignment', id, label, { horizontal });
}

/** The product picker, empty by default. */
export function productPicker(): Setting {
  return setting('productId', 'productId', 'Product', '');
}

export function select(
  id: string,
  label: string,
  options: readonly string[],
  defaultValue?: string,
): Setting {
  return setting('select', id, label, defaultValue ?? options[0] ?? '', {
    typeMeta: {
      selectOptions: options.map((value) => ({ label: value[0]?.toUpperCase() + value.slice(1), value })),
    },
  });
}

/** An Image Manager picker, empty by default. */
export function image(id: string, label: string): Setting {
  return setting('imageManager', id, label, { src: '', type: 'IMAGE_MANAGER' });
}

/** A slider; `rangeValues` holds its `min`, `max`, `step` and, when shown, its `unit`. */
export function range(id: string, label: string, defaultValue: number, rangeValues: JsonObject): Setting {
  return setting('range', id, label, defaultValue, { typeMeta: { rangeValues } });
}

/** Shows a setting only when `key` has one of `values` (the `IN` operator is the only one documented). */
export function when(target: Setting, key: string, values: readonly string[]): Setting {
  return { ...target, conditional: { key, operator: 'IN', value: [...values] } };
}

export function tab(label: string, sections: { label?: string; settings: Setting[] }[]): JsonObject {
  return { type: 'tab', label, sections };
}

/** A tab of one section without a label. */
function settingsTab(label: string, settings: Setting[]): JsonObject {
  return tab(label, [{ settings }]);
}

export function contentTab(...settings: Setting[]): JsonObject {
  return settingsTab('Content', settings);
}

export function designTab(...settings: Setting[]): JsonObject {
  return settingsTab('Design', settings);
}

/** Settings the merchant does not see. */
export function hidden(...settings: Setting[]): JsonObject {
  return { type: 'hidden', settings };
}

/** A list of `defaultCount` entries, each edited in a "Content" tab of `entrySettings`. */
export function arrayOf(
  id: string,
  label: string,
  entryLabel: string,
  defaultCount: number,
  entrySettings: Setting[],
  thumbnail?: string,
): JsonObject {
  const schema = [contentTab(...entrySettings)];
  const entry: JsonObject = { type: 'array', label, id, defaultCount, entryLabel, schema };
  if (thumbnail) entry.thumbnail = { type: 'image', valueKey: thumbnail };
  return entry;
}
