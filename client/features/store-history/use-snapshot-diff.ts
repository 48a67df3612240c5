import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Snapshot, SnapshotItemKind } from '../../../common/contracts/store-history';
import { fetchSnapshotDiff } from './api';
import { comparable, defaultPair, LIVE } from './snapshot-format';

export { LIVE };

/** How long the search box waits for the typing to stop before it asks the server. */
export const SEARCH_DELAY_MS = 300;

interface Pair {
  from: string;
  to: string;
}

/**
 * Comparing two snapshots of one store: the pair chosen (defaultPair's until the user picks), the pair
 * compared (set by Compare), the kind filter and the search (sent to the server), and the pages of changes ("More"
 * asks for the next one with `nextCursor`).
 */
export function useSnapshotDiff(
  snapshots: readonly Snapshot[],
  live: {
    /** Takes the snapshot of the store now, for a compare from `from`. */
    start: (from: Snapshot) => void;
    /** The compare waiting for its snapshot of the store now, and that snapshot (once listed). */
    pending: { from: string; snapshotId: string } | null;
  },
) {
  const choices = comparable(snapshots);
  const fallback = defaultPair(snapshots);
  const [picked, setPicked] = useState<Partial<Pair>>({});
  const known = (id: string | undefined) =>
    id !== undefined && choices.some((s) => s.id === id) ? id : undefined;
  const from = known(picked.from) ?? fallback?.from ?? '';
  const to = picked.to === LIVE ? LIVE : (known(picked.to) ?? fallback?.to ?? '');
  // The pair Compare asked for; `to` is LIVE for the store now, until its snapshot is complete.
  const [asked, setAsked] = useState<Pair | null>(null);
  const [kind, setKind] = useState<SnapshotItemKind | null>(null);
  const [search, setSearch] = useState('');
  const [sentSearch, setSentSearch] = useState('');

  // The snapshot of the store now, once complete, is what a compare with the store now compares with.
  const liveState = live.pending
    ? snapshots.find((s) => s.id === live.pending?.snapshotId)?.state
    : undefined;
  const liveTo =
    liveState === 'done' && live.pending && live.pending.from === asked?.from
      ? live.pending.snapshotId
      : null;
  const compared: Pair | null =
    asked === null
      ? null
      : asked.to !== LIVE
        ? asked
        : liveTo !== null
          ? { from: asked.from, to: liveTo }
          : null;

  useEffect(() => {
    const timer = setTimeout(() => setSentSearch(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const diff = useInfiniteQuery({
    queryKey: ['snapshot-diff', compared?.from, compared?.to, kind, sentSearch],
    queryFn: ({ pageParam, signal }) =>
      fetchSnapshotDiff(
        compared?.from ?? '',
        {
          against: compared?.to ?? '',
          ...(pageParam ? { cursor: pageParam } : {}),
          ...(kind ? { kind } : {}),
          ...(sentSearch ? { search: sentSearch } : {}),
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: compared !== null,
    placeholderData: keepPreviousData,
    // Snapshots never change once complete, so a diff once read stays true: going back to a pair, a kind or a search
    // shows the pages already loaded, without asking again.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const pages = diff.data?.pages ?? [];
  return {
    choices,
    from,
    to,
    pick: (side: keyof Pair, id: string) => setPicked((current) => ({ ...current, [side]: id })),
    canCompare: from !== '' && to !== '' && from !== to,
    isSamePicked: from !== '' && from === to,
    compare: () => {
      if (from === '' || to === '' || from === to) return;
      setAsked({ from, to });
      const older = choices.find((s) => s.id === from);
      if (to === LIVE && older) live.start(older);
    },
    /** The compare with the store now is waiting for its snapshot. */
    isWaitingForLive: asked?.to === LIVE && (liveState === undefined || liveState === 'running'),
    compared,
    kind,
    setKind,
    search,
    setSearch,
    changes: pages.flatMap((page) => page.changes),
    total: pages[0]?.total ?? 0,
    counts: pages[0]?.counts ?? null,
    /** Pages either snapshot did not read (not compared). */
    unreadPages: pages[0]?.unreadPages ?? [],
    isLoading: diff.isPending && compared !== null,
    isFiltering: diff.isPlaceholderData,
    error: diff.error,
    hasMore: diff.hasNextPage,
    loadMore: () => void diff.fetchNextPage(),
    isLoadingMore: diff.isFetchingNextPage,
  };
}

export type SnapshotDiffFlow = ReturnType<typeof useSnapshotDiff>;
