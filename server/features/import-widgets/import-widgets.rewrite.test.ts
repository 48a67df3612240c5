import { describe, expect, it } from 'vitest';
import type { SnapshotRegion } from '../../../common/dumps/widgets-dump';
import { describeDropped, rewriteRegions, type TemplateResolution } from './import-widgets.rewrite';

const map: Record<string, TemplateResolution> = {
  'src-a': { uuid: 'tgt-a' },
  'src-b': { missing: 'Promo Banner', reason: 'auto-create is off' },
};
const resolve = (uuid: string): TemplateResolution => map[uuid] ?? { missing: uuid, reason: 'unknown' };

/** What the publish call takes of the Hero widget, as the source holds it. */
const hero = {
  name: 'Hero',
  description: '',
  configuration: { title: 'Hi', productId: 77 },
  storefront_api_query_params: { productId: 77 },
};

const regions: SnapshotRegion[] = [
  {
    name: 'home_below_menu',
    children: [
      { type: 'widget', widget_template_uuid: 'src-a', ...hero, uuid: 'id-set-by-the-store' },
      { type: 'widget', name: 'Promo', widget_template_uuid: 'src-b', configuration: {} },
      {
        type: 'layout',
        name: 'Layout',
        layout_template_uuid: '7d42d0b1-1152-4ce3-a6c1-3709f786f295',
        configuration: { numberOfDropzones: 2 },
        dropzones: [
          { configuration: { a: 1 }, widgets: [{ name: 'In zone', widget_template_uuid: 'src-a' }] },
          { widgets: [{ name: 'Gone', widget_template_uuid: 'src-b' }] },
        ],
      },
      // BigCommerce's own example leaves `type` out of a layout: it has dropzones.
      { name: 'Untyped layout', dropzones: [{ widgets: [] }] },
      { type: 'carousel-of-the-future', name: 'Unknown' },
      { type: 'widget', name: 'No template' },
    ],
  },
  { name: 'home_below_carousel', children: [] },
];

describe('the publish body of an imported page', () => {
  it('rewrites template uuids, skips missing templates, keeps only what the publish call takes', () => {
    const out = rewriteRegions(regions, resolve);
    expect(out.regions).toEqual([
      {
        name: 'home_below_menu',
        children: [
          { type: 'widget', widget_template_uuid: 'tgt-a', ...hero },
          {
            type: 'layout',
            name: 'Layout',
            configuration: { numberOfDropzones: 2 },
            dropzones: [
              {
                configuration: { a: 1 },
                widgets: [{ type: 'widget', widget_template_uuid: 'tgt-a', name: 'In zone' }],
              },
              { widgets: [] },
            ],
          },
          { type: 'layout', name: 'Untyped layout', dropzones: [{ widgets: [] }] },
        ],
      },
      { name: 'home_below_carousel', children: [] },
    ]);
    expect(out).toMatchObject({ widgets: 2, layouts: 2, unknownChildren: 1, sourceIdWidgets: ['Hero'] });
    expect(out.skipped).toEqual([
      { region: 'home_below_menu', widget: 'Promo', template: 'Promo Banner', reason: 'auto-create is off' },
      { region: 'home_below_menu', widget: 'Gone', template: 'Promo Banner', reason: 'auto-create is off' },
      {
        region: 'home_below_menu',
        widget: 'No template',
        template: '(none)',
        reason: 'it has no widget_template_uuid',
      },
    ]);
    expect(describeDropped(out.dropped)).toBe('layout.layout_template_uuid ×1, widget.uuid ×1');
    // The source is left untouched.
    expect(regions[0]?.children[0]?.widget_template_uuid).toBe('src-a');
  });

  it('keeps layout_template_uuid on a restore to the same store', () => {
    const out = rewriteRegions(regions, (uuid) => ({ uuid }), { keepLayoutTemplate: true });
    const layout = out.regions[0]?.children?.find((child) => child.type === 'layout');
    expect(layout).toMatchObject({ layout_template_uuid: '7d42d0b1-1152-4ce3-a6c1-3709f786f295' });
    expect(out.dropped.has('layout.layout_template_uuid')).toBe(false);
    expect(out.widgets).toBe(4);
  });
});
