import { z } from 'zod';

// Tab ids of the tool page, in sidebar order (spec part 1 §2 "Tab ids (sidebar order)"); profile-settings is last
// because it is opened from the header profile control, not the sidebar. Tabs are state, not routes.
export const TAB_IDS = [
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
  'spreadsheet-edit',
  'video-converter',
  'video-h265-converter',
  'video-360-converter',
  'keyword-extractor',
  'store-history',
  'admin-users',
  'profile-settings',
] as const;

export const tabIdSchema = z.enum(TAB_IDS);
export type TabId = z.infer<typeof tabIdSchema>;

export const DEFAULT_TAB: TabId = 'stores';

/** The query parameter that keeps the current tab across a reload. */
export const TAB_QUERY_PARAM = 'tab';

export interface TabDefinition {
  readonly id: TabId;
  /** Catalogue key of the header title (spec part 2 §2 "Dashboard shell"). */
  readonly titleKey: `tabs.${TabId}.title`;
  /** Catalogue key of the sidebar label. */
  readonly labelKey: `tabs.${TabId}.label`;
  readonly isInSidebar: boolean;
  readonly isAdminOnly: boolean;
}

function defineTab(id: TabId): TabDefinition {
  return {
    id,
    titleKey: `tabs.${id}.title`,
    labelKey: `tabs.${id}.label`,
    isInSidebar: id !== 'profile-settings',
    isAdminOnly: id === 'admin-users',
  };
}

export const TABS: readonly TabDefinition[] = TAB_IDS.map(defineTab);

/** Sidebar entries a user with the given role sees, in order. */
export function listSidebarTabs(isAdmin: boolean): TabDefinition[] {
  return TABS.filter((tab) => tab.isInSidebar && (isAdmin || !tab.isAdminOnly));
}

/** Reads a tab id from untrusted text (a query parameter); anything unknown is the default tab. */
export function parseTabId(value: string | null | undefined): TabId {
  const parsed = tabIdSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_TAB;
}

/** The tab actually shown: admin-only tabs fall back to the default for everyone else. */
export function resolveVisibleTab(requested: TabId, isAdmin: boolean): TabId {
  return requested === 'admin-users' && !isAdmin ? DEFAULT_TAB : requested;
}
