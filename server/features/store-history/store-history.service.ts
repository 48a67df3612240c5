// Store History's diff (issue 32): two snapshots of a store, item by item (added, removed, changed by content hash),
// and for the changed items of the page asked for, each field with its before and after (common/store-history).
import {
  SNAPSHOT_DIFF_PAGE_SIZE,
  SNAPSHOT_ITEM_KINDS,
  type SnapshotChange,
  type SnapshotDiffQuery,
  type SnapshotDiffResponse,
  type SnapshotItemKey,
  type SnapshotItemKind,
} from '../../../common/contracts/store-history';
import { fieldChanges } from '../../../common/store-history/field-diff';
import type { SnapshotItemRow, SnapshotRepository, SnapshotRow } from './snapshot-repository';

type Entry = { kind: SnapshotItemKind; key: string; before?: SnapshotItemRow; after?: SnapshotItemRow };

const KIND_ORDER = new Map(SNAPSHOT_ITEM_KINDS.map((kind, index) => [kind, index]));

function entryKey(row: SnapshotItemRow): string {
  return `${row.kind}\u0000${row.itemKey}`;
}

/** The items that differ, in kind order (products first) then key order. */
export function differingItems(
  before: readonly SnapshotItemRow[],
  after: readonly SnapshotItemRow[],
): Entry[] {
  const byKey = new Map<string, Entry>();
  for (const row of before) {
    byKey.set(entryKey(row), { kind: row.kind as SnapshotItemKind, key: row.itemKey, before: row });
  }
  for (const row of after) {
    const entry = byKey.get(entryKey(row));
    if (entry) entry.after = row;
    else byKey.set(entryKey(row), { kind: row.kind as SnapshotItemKind, key: row.itemKey, after: row });
  }
  return [...byKey.values()]
    .filter((entry) => !entry.before || !entry.after || entry.before.hash !== entry.after.hash)
    .sort(
      (a, b) =>
        (KIND_ORDER.get(a.kind) ?? 99) - (KIND_ORDER.get(b.kind) ?? 99) ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
}

function changeOf(entry: Entry): SnapshotChange['change'] {
  return !entry.before ? 'added' : !entry.after ? 'removed' : 'changed';
}

export async function diffSnapshots(
  repository: SnapshotRepository,
  from: SnapshotRow,
  to: SnapshotRow,
  query: SnapshotDiffQuery,
): Promise<SnapshotDiffResponse> {
  const entries = differingItems(await repository.items(from.id), await repository.items(to.id));
  const counts = Object.fromEntries(
    SNAPSHOT_ITEM_KINDS.map((kind) => [kind, { added: 0, removed: 0, changed: 0 }]),
  ) as SnapshotDiffResponse['counts'];
  for (const entry of entries) counts[entry.kind][changeOf(entry)]++;

  const search = query.search?.trim().toLowerCase() ?? '';
  const shown = entries.filter(
    (entry) =>
      (!query.kind || entry.kind === query.kind) &&
      (search === '' ||
        (entry.before?.search.includes(search) ?? false) ||
        (entry.after?.search.includes(search) ?? false)),
  );
  const offset = Math.max(0, Number.parseInt(query.cursor ?? '0', 10) || 0);
  const page = shown.slice(offset, offset + SNAPSHOT_DIFF_PAGE_SIZE);
  const changes = await Promise.all(
    page.map(async (entry): Promise<SnapshotChange> => {
      const change = changeOf(entry);
      const fields =
        change === 'changed'
          ? fieldChanges(
              await repository.readBlob(from.owner, entry.before!.hash),
              await repository.readBlob(to.owner, entry.after!.hash),
            )
          : [];
      return {
        kind: entry.kind,
        key: JSON.parse(entry.key) as SnapshotItemKey,
        name: (entry.after ?? entry.before)!.name,
        change,
        fields,
      };
    }),
  );
  const next = offset + page.length;
  return { changes, total: shown.length, nextCursor: next < shown.length ? String(next) : null, counts };
}
