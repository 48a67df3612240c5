import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { toolErrorText } from '../../lib/tool-errors';
import { entitySearchQuery } from './api';
import type { EntityKind, SearchState } from './entity-picker-rules';

/** Typing pauses this long before the store is searched (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 250;

/** The value, once it has stayed the same for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The store's matches for what is being typed (`query` null: nothing to search), as the picker reads them. */
export function useEntitySearch(
  kind: EntityKind,
  store: LocalStore | null,
  query: string | null,
): SearchState {
  const { t } = useTranslation();
  const settled = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useQuery(entitySearchQuery(kind, store, settled));
  if (!store || query === null) return { status: 'idle' };
  if (search.isError) return { status: 'failed', text: toolErrorText(search.error, t) };
  if (search.data === undefined) return settled === query ? { status: 'searching' } : { status: 'idle' };
  return {
    status: 'done',
    matches: search.data,
    isCurrent: settled === query && !search.isPlaceholderData,
  };
}
