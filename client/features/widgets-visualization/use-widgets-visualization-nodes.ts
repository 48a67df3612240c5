// What the Widgets Visualization screen says of a node (its contents, its difference in compare mode) and the
// node dialog, whose details the dump worker reads.
import { useCallback, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format';
import type { DiffStatus } from '../../../common/dumps/widgets-diff';
import type { HierarchyNode } from '../../../common/dumps/widgets-hierarchy';
import { ancestorIds } from './dump-lookup';
import type { DumpClient } from './dump-rpc';
import type { ViewReply } from './dump-session';
import type { OpenDialog } from './node-dialogs';

/** Ids that hold a difference (their ancestors), for the compare mode's outlines. */
function holdersOf(statusById: ReadonlyMap<string, DiffStatus>): Set<string> {
  const holders = new Set<string>();
  for (const [id, status] of statusById) {
    if (status === 'unchanged') continue;
    for (const holder of ancestorIds(id)) holders.add(holder);
  }
  holders.add('root');
  return holders;
}

/** What the tooltip, the screen-reader list and the dialogs say of a node: its contents and its difference. */
export function useNodeTexts(view: ViewReply | null) {
  const { t, i18n } = useTranslation();
  const counts = useMemo(() => new Map(view?.counts ?? []), [view]);
  const diff = view?.diff ?? null;
  const statusById = useMemo(() => (diff ? new Map(diff.statuses) : null), [diff]);
  const statusOf = useMemo(() => {
    if (!statusById) return null;
    const holders = holdersOf(statusById);
    return (id: string): DiffStatus | 'contains' | undefined =>
      statusById.get(id) ?? (holders.has(id) ? 'contains' : undefined);
  }, [statusById]);

  const describe = useCallback(
    (node: HierarchyNode) => {
      const kind = t(`widgetsVisualization.kinds.${node.kind}`);
      const count = formatNumber(counts.get(node.id) ?? 0, i18n.language);
      if (node.kind === 'widget') return kind;
      if (node.kind === 'template' || node.kind === 'template-kind' || node.kind === 'templates')
        return `${kind} · ${t('widgetsVisualization.usedBy', { n: count })}`;
      return `${kind} · ${t('widgetsVisualization.widgetsCount', { n: count })}`;
    },
    [counts, t, i18n.language],
  );
  const statusText = useCallback(
    (node: HierarchyNode) => {
      const value = statusOf?.(node.id);
      return value ? t(`widgetsVisualization.status.${value}`) : null;
    },
    [statusOf, t],
  );
  return { diff, statusOf, describe, statusText };
}

/** The node dialog: opened at once, its details filled in when the worker answers. */
export function useNodeDialog(worker: RefObject<DumpClient | null>) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const openDialog = useCallback(
    (kind: 'configuration' | 'schema' | 'details', node: HierarchyNode) => {
      setDialog({ kind, node });
      worker.current?.call({ method: 'node', id: node.id }).then(
        (details) => setDialog((current) => (current?.node === node ? { ...current, details } : current)),
        () => undefined,
      );
    },
    [worker],
  );
  const open = useCallback(
    (node: HierarchyNode) => openDialog(node.kind === 'widget' ? 'configuration' : 'schema', node),
    [openDialog],
  );
  const details = useCallback((node: HierarchyNode) => openDialog('details', node), [openDialog]);
  return { dialog, setDialog, open, details };
}
