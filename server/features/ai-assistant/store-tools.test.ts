import { describe, expect, it } from 'vitest';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import {
  bounded,
  createStoreTools,
  MAX_TOOL_OUTPUT_CHARS,
  STORE_TOOL_NAMES,
  summariseSnapshot,
} from './store-tools';

describe('store tools', () => {
  it('are exactly the read-only ones', () => {
    const tools = createStoreTools({} as BigCommerceClient, new AbortController().signal);
    expect(Object.keys(tools).sort()).toEqual([...STORE_TOOL_NAMES].sort());
    for (const name of Object.keys(tools)) expect(name).toMatch(/^(lookup|list|count)_/);
  });

  it('summarise a page snapshot: regions, widgets (inside layouts too) and layouts', () => {
    const summary = summariseSnapshot({
      regions: [
        {
          name: 'home_below_menu',
          children: [
            { type: 'widget', name: 'Banner', widget_template_uuid: 't-1' },
            {
              type: 'layout',
              dropzones: [
                { widgets: [{ type: 'widget', name: 'Left', widget_template_uuid: 't-2' }] },
                { widgets: [] },
              ],
            },
          ],
        },
        { name: 'empty_region' },
      ],
    });
    expect(summary).toEqual({
      regions: ['home_below_menu', 'empty_region'],
      totalWidgets: 2,
      totalLayouts: 1,
      widgets: [
        { region: 'home_below_menu', name: 'Banner', templateUuid: 't-1', inLayout: false },
        { region: 'home_below_menu', name: 'Left', templateUuid: 't-2', inLayout: true },
      ],
    });
  });

  it('cut a long answer and say so', () => {
    expect(bounded({ a: 1 })).toBe('{"a":1}');
    const long = bounded({ text: 'x'.repeat(MAX_TOOL_OUTPUT_CHARS * 2) });
    expect(long.length).toBeLessThan(MAX_TOOL_OUTPUT_CHARS + 80);
    expect(long).toMatch(/… \(cut: the answer was \d+ characters\)$/);
  });
});
