// Names of the files the dump tools download (spec part 1 §9 "Dump file names"). Pure, so the client names the
// download and tests can check it.
//
// The timestamp is the UTC ISO time with `:` and `.` replaced by `-` (`2024-06-11T09-05-03-120Z`): sortable, the
// same on every machine, and legal in file names on Windows, macOS and Linux (a colon is not).

export function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** Keeps letters, digits, `.`, `_` and `-`; anything else (a `/` in a SKU, spaces) becomes `_`. */
export function fileNamePart(value: string): string {
  const cleaned = value
    .trim()
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_');
  return (cleaned || '_').slice(0, 80);
}

/** `product_{value}_{timestamp}.json`: the value searched by (product ID or SKU). */
export function productDumpFileName(searchValue: string, date: Date): string {
  return `product_${fileNamePart(searchValue)}_${fileTimestamp(date)}.json`;
}

/** One tree: `category_tree_{treeId}_{timestamp}.json`; every tree: `category_trees_all_{timestamp}.json`. */
export function categoryDumpFileName(treeId: number | 'all', date: Date): string {
  return treeId === 'all'
    ? `category_trees_all_${fileTimestamp(date)}.json`
    : `category_tree_${treeId}_${fileTimestamp(date)}.json`;
}

/** `bc-widgets-dump-{hash}-{timestamp}.json` */
export function widgetsDumpFileName(storeHash: string, date: Date): string {
  return `bc-widgets-dump-${fileNamePart(storeHash)}-${fileTimestamp(date)}.json`;
}
