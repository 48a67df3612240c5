import { createContext, useContext } from 'react';
import type { TabId } from '../../common/contracts/tabs';

/** Lets a screen open another tab (the store picker's "Open Store Manager"); the shell provides it. */
export const TabNavigationContext = createContext<(tab: TabId) => void>(() => undefined);

export function useOpenTab(): (tab: TabId) => void {
  return useContext(TabNavigationContext);
}
