import { useCallback, useState } from 'react';
import type { TabId } from '../../common/contracts/tabs';
import { readTabFromSearch, withTabInUrl } from './tab-location';

/** Tabs are state, not routes (spec part 1 §2); `?tab=` only keeps the current one across a reload. */
export function useRequestedTab(): [TabId, (tab: TabId) => void] {
  const [tab, setTabState] = useState<TabId>(() => readTabFromSearch(window.location.search));
  const setTab = useCallback((next: TabId) => {
    setTabState(next);
    writeTabToUrl(next);
  }, []);
  return [tab, setTab];
}

export function writeTabToUrl(tab: TabId): void {
  const next = withTabInUrl(window.location.href, tab);
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (next !== current) window.history.replaceState(window.history.state, '', next);
}
