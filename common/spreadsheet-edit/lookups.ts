// The store's brands and categories as a sheet names them (issue 45): pure, so the server's preview and tests share it.
import type { CatalogLookups } from './columns';

/** The lookups of these brands and categories (pure: the preview's tests build them by hand). */
export function buildLookups(
  brands: readonly { id: number; name: string }[],
  categories: readonly { id: number; name: string; parentId: number }[],
): CatalogLookups {
  const brandIdByName = new Map<string, number>();
  const brandNameById = new Map<number, string>();
  for (const brand of brands) {
    brandNameById.set(brand.id, brand.name);
    const key = brand.name.trim().toLowerCase();
    if (!brandIdByName.has(key)) brandIdByName.set(key, brand.id);
  }
  const byId = new Map(categories.map((category) => [category.id, category]));
  const categoryPathById = new Map<number, string>();
  const pathOf = (id: number, seen: Set<number> = new Set()): string => {
    const known = categoryPathById.get(id);
    if (known !== undefined) return known;
    const category = byId.get(id);
    if (!category) return `#${id}`;
    const parent = category.parentId;
    // A cycle (never in a real store) ends the path rather than the process.
    const path =
      parent > 0 && byId.has(parent) && !seen.has(parent)
        ? `${pathOf(parent, new Set([...seen, id]))}/${category.name.trim()}`
        : category.name.trim();
    categoryPathById.set(id, path);
    return path;
  };
  const categoryIdsByPath = new Map<string, number[]>();
  for (const category of categories) {
    const key = pathOf(category.id).toLowerCase();
    categoryIdsByPath.set(key, [...(categoryIdsByPath.get(key) ?? []), category.id]);
  }
  return { brandIdByName, brandNameById, categoryIdsByPath, categoryPathById };
}
