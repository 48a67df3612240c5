import { useCallback, useEffect, useState } from 'react';
import type { TabId } from '../../common/contracts/tabs';
import { readTabFromSearch, withTabInUrl } from './tab-location';

/**
 * The tab the address names (`?tab=`, spec part 1 §2). Choosing a tab is a history entry (issue 31: Back and Forward
 * move between the tabs visited, as in any site; a reload keeps the tab), and Back or Forward shows the tab the entry
 * names.
 */
export function useRequestedTab(): [TabId, (tab: TabId) => void] {
  const [tab, setTabState] = useState<TabId>(() => readTabFromSearch(window.location.search));
  const setTab = useCallback((next: TabId) => {
    setTabState(next);
    pushTabToUrl(next);
  }, []);
  useEffect(() => {
    const followHistory = () => setTabState(readTabFromSearch(window.location.search));
    window.addEventListener('popstate', followHistory);
    return () => window.removeEventListener('popstate', followHistory);
  }, []);
  return [tab, setTab];
}

const currentAddress = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** A new history entry for the tab, unless the address already names it. */
function pushTabToUrl(tab: TabId): void {
  const next = withTabInUrl(window.location.href, tab);
  if (next !== currentAddress()) window.history.pushState(null, '', next);
}

/** The address made to name the tab shown, in place (an unknown or hidden tab's address corrected, no new entry). */
export function writeTabToUrl(tab: TabId): void {
  const next = withTabInUrl(window.location.href, tab);
  if (next !== currentAddress()) window.history.replaceState(window.history.state, '', next);
}
