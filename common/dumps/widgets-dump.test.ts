import { describe, expect, it } from 'vitest';
import { listSnapshotWidgets, summariseWidgetsDump, type SnapshotRegion } from './widgets-dump';

const widget = (uuid: string) => ({
  type: 'widget',
  widget_template_uuid: uuid,
  name: uuid,
  configuration: {},
});
const layout = (...columns: string[][]) => ({
  type: 'layout',
  layout_template_uuid: 'l',
  dropzones: columns.map((uuids) => ({ widgets: uuids.map(widget) })),
});

describe('widgets dump summary (spec part 1 §3)', () => {
  const regions: SnapshotRegion[] = [
    { name: 'a', children: [widget('t1'), layout(['t2'], ['t1', 't3'])] },
    { name: 'b', children: [] },
    // Without `type`, a child with dropzones is a layout (as the sandbox and BigCommerce treat it).
    { name: 'c', children: [{ dropzones: [{ widgets: [widget('t4')] }] }] },
  ];

  it('counts widgets in regions and inside layouts', () => {
    expect(listSnapshotWidgets(regions).map((w) => w.widget_template_uuid)).toEqual([
      't1',
      't2',
      't1',
      't3',
      't4',
    ]);
  });

  it('summarises pages and templates', () => {
    const pages = [
      { snapshot: { regions } },
      { snapshot: { regions: [{ name: 'x', children: [widget('t1')] }] } },
    ];
    expect(summariseWidgetsDump(pages, [{}, {}, {}])).toEqual({
      totalWidgetTemplates: 3,
      totalTemplates: 2,
      totalWidgets: 6,
      uniqueWidgetTemplates: 4,
    });
  });
});
