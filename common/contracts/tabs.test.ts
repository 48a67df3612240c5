import { describe, expect, it } from 'vitest';
import { DEFAULT_TAB, TABS, TAB_IDS, listSidebarTabs, parseTabId, resolveVisibleTab } from './tabs';

describe('tab ids', () => {
  it('lists the sidebar in the spec order, admin tab last and only for admins', () => {
    const visitor = listSidebarTabs(false).map((tab) => tab.id);
    expect(visitor).toEqual([
      'stores',
      'ai-assistant',
      'dump-product',
      'dump-categories',
      'dump-widgets',
      'widgets-visualization',
      'import-product',
      'import-widgets',
      'copy-description',
      'reset-page-title',
      'video-converter',
      'video-h265-converter',
      'video-360-converter',
      'keyword-extractor',
    ]);
    expect(listSidebarTabs(true).map((tab) => tab.id)).toEqual([...visitor, 'admin-users']);
  });

  it('keeps profile-settings out of the sidebar but a valid tab', () => {
    expect(TAB_IDS).toContain('profile-settings');
    expect(listSidebarTabs(true).some((tab) => tab.id === 'profile-settings')).toBe(false);
    expect(parseTabId('profile-settings')).toBe('profile-settings');
  });

  it('names catalogue keys after the id', () => {
    const dump = TABS.find((tab) => tab.id === 'dump-widgets');
    expect(dump?.titleKey).toBe('tabs.dump-widgets.title');
    expect(dump?.labelKey).toBe('tabs.dump-widgets.label');
  });

  it('reads unknown or missing tab ids as the default tab, stores', () => {
    expect(DEFAULT_TAB).toBe('stores');
    expect(parseTabId('keyword-extractor')).toBe('keyword-extractor');
    expect(parseTabId('nope')).toBe('stores');
    expect(parseTabId('')).toBe('stores');
    expect(parseTabId(null)).toBe('stores');
    expect(parseTabId(undefined)).toBe('stores');
    expect(parseTabId('STORES')).toBe('stores');
  });

  it('shows the admin tab only to admins', () => {
    expect(resolveVisibleTab('admin-users', false)).toBe('stores');
    expect(resolveVisibleTab('admin-users', true)).toBe('admin-users');
    expect(resolveVisibleTab('dump-product', false)).toBe('dump-product');
  });
});
