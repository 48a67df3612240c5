import { describe, expect, it } from 'vitest';
import { dumpWidgetsRequestSchema } from './dump-widgets';

const store = { storeHash: 'abc123', accessToken: 't' };

describe('dump widgets request (spec part 1 §5)', () => {
  it('plans the selected pages in catalogue order, one per entity id', () => {
    const parsed = dumpWidgetsRequestSchema.parse({
      storeCredentials: store,
      dumpMode: 'selected',
      channelId: ' 2 ',
      selectedTemplates: ['brand', 'home', 'product', 'home'],
      entityIds: { product: '5, 6', brand: 9, home: '1' },
    });
    expect(parsed.channelId).toBe(2);
    expect(parsed.selected).toEqual([
      { template: 'home', entityId: null },
      { template: 'product', entityId: '5' },
      { template: 'product', entityId: '6' },
      { template: 'brand', entityId: '9' },
    ]);
  });

  it('defaults the channel to 1 and ignores the checklist outside selected mode', () => {
    for (const channelId of [undefined, null, '']) {
      const parsed = dumpWidgetsRequestSchema.parse({
        storeCredentials: store,
        dumpMode: 'all',
        channelId,
        selectedTemplates: [],
      });
      expect(parsed).toMatchObject({ channelId: 1, dumpMode: 'all', selected: [] });
    }
  });

  it('refuses with the spec messages', () => {
    const message = (input: unknown) => {
      const result = dumpWidgetsRequestSchema.safeParse(input);
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(message({ storeCredentials: store, dumpMode: 'selected' })).toBe(
      'Please select at least one template',
    );
    expect(message({ storeCredentials: store, dumpMode: 'selected', selectedTemplates: ['page'] })).toBe(
      'Please provide entity_id for template: page',
    );
    expect(message({ storeCredentials: store, dumpMode: 'global', channelId: 0 })).toBe(
      'Channel ID must be a whole number of at least 1',
    );
    expect(message({ storeCredentials: store, dumpMode: 'global', channelId: 1.5 })).toBe(
      'Channel ID must be a whole number of at least 1',
    );
    expect(message({ dumpMode: 'global' })).toBe('Please select a store');
  });
});
