import { describe, expect, it } from 'vitest';
import { specLine } from '../spec-text.fixtures';
import { DEFAULT_TAB, TABS, TAB_IDS, listSidebarTabs, parseTabId, resolveVisibleTab } from './tabs';

/** The sidebar as the spec writes it (part 1 §2 "Tab ids (sidebar order)": `stores (Store Manager), ai-assistant, …`). */
function specSidebar(): string[] {
  const line = specLine(1, '### Tab ids (sidebar order)');
  // The notes in brackets dropped, the first sentence is the list.
  const list = line.replace(/\s*\([^)]*\)/g, '').split('.')[0] ?? '';
  return list.split(', ');
}

describe('tab ids', () => {
  it('lists the sidebar in the spec order, admin tab last and only for admins', () => {
    expect(specSidebar()).toHaveLength(15);
    const visitor = listSidebarTabs(false).map((tab) => tab.id);
    // Issue 32 adds Store History after the spec's last tool; issue 45 Spreadsheet Edit after Reset Page Title.
    const issueTabs = specSidebar().flatMap((id) =>
      id === 'keyword-extractor'
        ? [id, 'store-history']
        : id === 'reset-page-title'
          ? [id, 'spreadsheet-edit']
          : [id],
    );
    expect(visitor).toEqual(issueTabs.filter((id) => id !== 'admin-users'));
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
