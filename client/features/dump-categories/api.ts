import { queryOptions } from '@tanstack/react-query';
import {
  DUMP_CATEGORIES_PATH,
  dumpCategoriesResponseSchema,
  listCategoryTreesResponseSchema,
  treeListQuery,
  type CategoryTreeEntry,
  type DumpCategoriesRequest,
} from '../../../common/contracts/dump-categories';
import type { StoreCredentials } from '../../../common/contracts/stores';
import type { CategoryDump } from '../../../common/dumps/category-dump';
import { apiRequest } from '../../lib/api';
import { postTool, toolData } from '../../lib/tool-errors';

/** `GET /api/dump-categories?storeCredentials=…`: the store's trees, fetched again whenever the store changes. */
export function categoryTreesQuery(store: StoreCredentials | null) {
  return queryOptions({
    // The key names the store and its token, never shows them: a changed token is a new list.
    queryKey: [
      'dump-categories',
      'trees',
      store?.id ?? null,
      store?.storeHash ?? null,
      store?.accessToken ?? null,
    ],
    enabled: store !== null,
    staleTime: 0,
    retry: false,
    queryFn: async ({ signal }): Promise<CategoryTreeEntry[]> => {
      return toolData(
        await apiRequest({
          path: `${DUMP_CATEGORIES_PATH}${treeListQuery(store)}`,
          schema: listCategoryTreesResponseSchema,
          signal,
        }),
      );
    },
  });
}

/** `POST /api/dump-categories` (spec part 1 §7). */
export async function dumpCategories(request: DumpCategoriesRequest): Promise<CategoryDump> {
  return postTool(DUMP_CATEGORIES_PATH, request, dumpCategoriesResponseSchema);
}
