import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TabId } from '../../common/contracts/tabs';

/**
 * The screen of each built tool, loaded lazily (one chunk per feature). A tab missing here shows the "not built yet"
 * panel. Later tools add a line such as:
 *   stores: lazy(() => import('../features/stores/stores-screen')),
 */
export const tabScreens: Partial<Record<TabId, LazyExoticComponent<ComponentType>>> = {
  stores: lazy(() => import('../features/stores/store-manager-screen')),
  'ai-assistant': lazy(() => import('../features/ai-assistant/ai-assistant-screen')),
  'dump-product': lazy(() => import('../features/dump-product/dump-product-screen')),
  'dump-categories': lazy(() => import('../features/dump-categories/dump-categories-screen')),
  'dump-widgets': lazy(() => import('../features/dump-widgets/dump-widgets-screen')),
  'widgets-visualization': lazy(
    () => import('../features/widgets-visualization/widgets-visualization-screen'),
  ),
  'import-product': lazy(() => import('../features/import-product/import-product-screen')),
  'import-widgets': lazy(() => import('../features/import-widgets/import-widgets-screen')),
  'copy-description': lazy(() => import('../features/copy-description/copy-description-screen')),
  'reset-page-title': lazy(() => import('../features/reset-page-title/reset-page-title-screen')),
  'spreadsheet-edit': lazy(() => import('../features/spreadsheet-edit/spreadsheet-edit-screen')),
  'video-converter': lazy(() => import('../features/video-converter/video-converter-screen')),
  'video-h265-converter': lazy(() => import('../features/video-h265-converter/video-h265-screen')),
  'video-360-converter': lazy(() => import('../features/video-360-converter/video-360-screen')),
  'keyword-extractor': lazy(() => import('../features/keyword-extractor/keyword-extractor-screen')),
  'store-history': lazy(() => import('../features/store-history/store-history-screen')),
  'admin-users': lazy(() => import('../features/admin-users/admin-users-screen')),
  'profile-settings': lazy(() => import('../features/profile-settings/profile-settings-screen')),
};
