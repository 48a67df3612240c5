// The searches behind the id pickers (issue 31): `POST /api/search-products`, `/api/search-categories` and
// `/api/search-brands`, each answering the store's matches for a query, as TanStack Query options.
import { queryOptions } from '@tanstack/react-query';
import { SEARCH_BRANDS_PATH, searchBrandsResponseSchema } from '../../../common/contracts/search-brands';
import {
  SEARCH_CATEGORIES_PATH,
  searchCategoriesResponseSchema,
} from '../../../common/contracts/search-categories';
import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_PRODUCTS_PATH,
  searchProductsResponseSchema,
  type SearchRequest,
} from '../../../common/contracts/search-products';
import type { LocalStore } from '../../../common/contracts/stores';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { apiPost } from '../../lib/api';
import type { EntityKind, EntityMatch } from './entity-picker-rules';

/** A search finds this many matches at most (the list under the field shows them all). */
export const PICKER_LIMIT = SEARCH_LIMIT_DEFAULT;

export async function searchEntities(
  kind: EntityKind,
  request: SearchRequest,
  signal?: AbortSignal,
): Promise<EntityMatch[]> {
  switch (kind) {
    case 'product':
      return (await apiPost(SEARCH_PRODUCTS_PATH, request, searchProductsResponseSchema, signal)).products;
    case 'category':
      return (await apiPost(SEARCH_CATEGORIES_PATH, request, searchCategoriesResponseSchema, signal))
        .categories;
    case 'brand':
      return (await apiPost(SEARCH_BRANDS_PATH, request, searchBrandsResponseSchema, signal)).brands;
  }
}

/**
 * The matches of `query` in the store. The key names the store and its token, never shows them (a changed token is a
 * new search); the last answer stays on screen while the next query runs, within the same store only.
 */
export function entitySearchQuery(kind: EntityKind, store: LocalStore | null, query: string | null) {
  const storeKey = [store?.id ?? null, store?.storeHash ?? null, store?.apiToken ?? null] as const;
  return queryOptions({
    queryKey: ['entity-search', kind, ...storeKey, query] as const,
    enabled: store !== null && query !== null,
    staleTime: 30_000,
    retry: false,
    placeholderData: (previous: EntityMatch[] | undefined, previousQuery) => {
      const key = previousQuery?.queryKey;
      const sameStore = key !== undefined && storeKey.every((part, i) => key[i + 2] === part);
      return sameStore ? previous : undefined;
    },
    queryFn: ({ signal }): Promise<EntityMatch[]> => {
      if (!store || query === null) return Promise.resolve([]);
      return searchEntities(
        kind,
        { storeCredentials: toStoreCredentials(store), query, limit: PICKER_LIMIT },
        signal,
      );
    },
  });
}
