import { TAB_QUERY_PARAM, parseTabId, type TabId } from '../../common/contracts/tabs';

/** The tab named by a location's `?tab=`; missing or unknown → the default tab (stores). */
export function readTabFromSearch(search: string): TabId {
  return parseTabId(new URLSearchParams(search).get(TAB_QUERY_PARAM));
}

/**
 * The same URL with `?tab=` set to the tab (other parameters and the hash kept). The default tab is written too, so a
 * reload of an unknown `?tab=` shows a clean, valid address.
 */
export function withTabInUrl(href: string, tab: TabId): string {
  const url = new URL(href);
  url.searchParams.set(TAB_QUERY_PARAM, tab);
  return `${url.pathname}${url.search}${url.hash}`;
}
