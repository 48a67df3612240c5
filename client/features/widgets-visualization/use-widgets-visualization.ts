// The Widgets Visualization screen's state: the dump worker, the dump and the compared dump, the view the worker
// builds under the filters, the search, the focus of the treemap and the open dialog. The panels only show it.
import type { JsonFileStatus } from '../../components/tool/json-file-input';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format';
import { readableJsonError, readableServerIssue } from '../../lib/zod-issues';
import type { WidgetsDifference } from '../../../common/dumps/widgets-diff';
import type {
  HierarchyFilters,
  HierarchyNode,
  VisualizationSummary,
} from '../../../common/dumps/widgets-hierarchy';
import { handedOffDump } from '../../lib/dump-handoff';
import { isLit } from './dump-lookup';
import { startDumpWorker, type DumpClient } from './dump-rpc';
import type { LoadReply, ViewReply } from './dump-session';
import { pathToNearest } from './treemap-layout';
import { useLocalisedTree } from './node-names';
import { useNodeDialog, useNodeTexts } from './use-widgets-visualization-nodes';
import { opensModal } from './use-widgets-visualization-treemap';

/** The largest dump read (a 20,000-widget dump is about 5 MB): a bigger file is refused before it is read. */
export const MAX_DUMP_BYTES = 100 * 1024 * 1024;

export type FileStatus = JsonFileStatus;

type Loaded = { fileName: string; serial: number; summary: VisualizationSummary };
type Compared = { fileName: string; serial: number };
type Found = { matches: Set<string>; holders: Set<string> };
type DumpWorkerRef = RefObject<DumpClient | null>;

/** Which view a reply is: of which dump, compared with which, under which filters. */
function viewKeyOf(
  mainSerial: number,
  compareSerial: number | undefined,
  filters: Required<HierarchyFilters>,
) {
  return `${mainSerial}|${compareSerial ?? ''}|${filters.hideEmptySchemaTemplates}|${filters.hideUnusedTemplates}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The dump worker: started with the screen, stopped with it. */
function useDumpWorker(): DumpWorkerRef {
  const worker = useRef<DumpClient | null>(null);
  useEffect(() => {
    const started = startDumpWorker();
    worker.current = started;
    return () => {
      worker.current = null;
      started.terminate();
    };
  }, []);
  return worker;
}

/** The view (the tree to lay out, counts, differences): it follows the dump, the compared dump and the filters. */
function useDumpView(
  worker: DumpWorkerRef,
  viewKey: string,
  filters: Required<HierarchyFilters>,
  setStatus: Dispatch<SetStateAction<FileStatus>>,
) {
  const [shownView, setView] = useState<{ key: string; reply: ViewReply } | null>(null);
  const view = shownView?.key === viewKey ? shownView.reply : null;
  const hasView = view !== null;
  useEffect(() => {
    if (!viewKey || hasView || !worker.current) return;
    let current = true;
    worker.current.call({ method: 'view', filters }).then(
      (reply) => {
        if (current) setView({ key: viewKey, reply });
      },
      (error: unknown) => {
        if (current) setStatus({ tone: 'error', text: errorText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [worker, viewKey, hasView, filters, setStatus]);
  return { view, setView };
}

/** The search: it runs in the worker, on the view shown. */
function useDumpSearch(worker: DumpWorkerRef, view: ViewReply | null) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [found, setFound] = useState<{ query: string; view: ViewReply; result: Found | null } | null>(null);
  const searchText = deferredQuery.trim();
  useEffect(() => {
    if (!view || !worker.current || searchText === '') return;
    let current = true;
    worker.current.call({ method: 'search', query: searchText }).then(
      (reply) => {
        if (!current) return;
        const result = reply && { matches: new Set(reply.matches), holders: new Set(reply.holders) };
        setFound({ query: searchText, view, result });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [worker, view, searchText]);

  const search =
    searchText !== '' && found?.view === view && found.query === searchText ? found.result : null;
  const lit = useMemo(() => (search ? (id: string) => isLit(search, id) : null), [search]);
  return { query, setQuery, search, lit };
}

/**
 * Widgets Visualization (spec part 1 §2, §3, §4, §5, §9): upload a widgets dump (read and validated in a Web Worker),
 * explore it as a treemap with the statistics, a legend, filters, a search that lights what matches, and a compare
 * mode that colours what another dump added, removed or changed.
 */
export function useWidgetsVisualization() {
  const { t, i18n } = useTranslation();
  const worker = useDumpWorker();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [status, setStatus] = useState<FileStatus>(null);
  const [compare, setCompare] = useState<Compared | null>(null);
  const [compareStatus, setCompareStatus] = useState<FileStatus>(null);
  const [filters, setFilters] = useState<Required<HierarchyFilters>>({
    hideEmptySchemaTemplates: true,
    hideUnusedTemplates: true,
  });
  const [focusId, setFocusId] = useState('root');
  const [resetToken, setResetToken] = useState(0);
  const serial = useRef(0);

  const viewKey = loaded ? viewKeyOf(loaded.serial, compare?.serial, filters) : '';
  const { view, setView } = useDumpView(worker, viewKey, filters, setStatus);
  const { query, setQuery, search, lit } = useDumpSearch(worker, view);
  const { diff, statusOf, describe, statusText } = useNodeTexts(view);
  const { dialog, setDialog, open, details } = useNodeDialog(worker);

  const root = useLocalisedTree(view?.root ?? null);
  const path = useMemo(() => (root ? pathToNearest(root, focusId) : []), [root, focusId]);

  // The parser's words become a sentence; they stay behind the status line's "Details" (issue 31).
  const loadFailure = (reply: Extract<LoadReply, { ok: false }>, fileName: string) =>
    reply.kind === 'invalid-json'
      ? {
          text: t('widgetsVisualization.parseError', { message: readableJsonError(reply.message, t) }),
          detail: reply.message,
        }
      : {
          text: t('widgetsVisualization.notWidgetsDump', {
            name: fileName,
            reason: readableServerIssue(reply.reason, t) ?? t('zodIssues.wrongData'),
          }),
          detail: reply.reason,
        };

  const tooLarge = (name: string) =>
    t('widgetsVisualization.tooLarge', {
      name,
      mb: formatNumber(MAX_DUMP_BYTES / 1024 / 1024, i18n.language),
    });

  /** Reads the main dump; answers its serial once it is shown (null when it is not). */
  const loadFile = async (file: File): Promise<number | null> => {
    const client = worker.current;
    if (!client) return null;
    const attempt = ++serial.current;
    if (file.size > MAX_DUMP_BYTES) {
      setStatus({ tone: 'error', text: tooLarge(file.name) });
      return null;
    }
    performance.clearMarks('treemap-file-chosen');
    performance.mark('treemap-file-chosen');
    setStatus({ tone: 'busy', text: t('widgetsVisualization.reading', { name: file.name }) });
    let reply: LoadReply;
    try {
      reply = await client.call({ method: 'load', slot: 'main', file, filters });
    } catch (error) {
      reply = { ok: false, kind: 'invalid-json', message: errorText(error) };
    }
    if (attempt !== serial.current) return null;
    performance.mark('treemap-dump-read');
    if (!reply.ok) {
      const failure = loadFailure(reply, file.name);
      setStatus({ tone: 'error', ...failure });
      // The worker dropped the dump it held: nothing is shown until a good file is chosen.
      setLoaded(null);
      setView(null);
      if (reply.kind === 'invalid-json') window.alert(failure.text);
      return null;
    }
    setLoaded({ fileName: file.name, serial: attempt, summary: reply.summary });
    if (reply.view) {
      setView({
        key: viewKeyOf(attempt, undefined, filters),
        reply: reply.view,
      });
    }
    setCompare(null);
    setCompareStatus(null);
    setFocusId('root');
    setDialog(null);
    setStatus({
      tone: 'ok',
      text: t('widgetsVisualization.loaded', {
        name: file.name,
        pages: formatNumber(reply.pages, i18n.language),
        widgets: formatNumber(reply.summary.totalWidgets, i18n.language),
      }),
    });
    return attempt;
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) await loadFile(file);
  };

  const chooseCompare = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) await loadCompare(file, loaded?.serial);
  };

  /** Reads the dump compared with the main one (shown as the main dump of serial `mainSerial`). */
  const loadCompare = async (file: File, mainSerial: number | undefined) => {
    const client = worker.current;
    if (!client) return;
    const attempt = ++serial.current;
    if (file.size > MAX_DUMP_BYTES) {
      setCompareStatus({ tone: 'error', text: tooLarge(file.name) });
      return;
    }
    setCompareStatus({ tone: 'busy', text: t('widgetsVisualization.reading', { name: file.name }) });
    let reply: LoadReply;
    try {
      reply = await client.call({ method: 'load', slot: 'compare', file, filters });
    } catch (error) {
      reply = { ok: false, kind: 'invalid-json', message: errorText(error) };
    }
    if (attempt !== serial.current) return;
    if (!reply.ok) {
      const failure = loadFailure(reply, file.name);
      setCompareStatus({ tone: 'error', ...failure });
      if (reply.kind === 'invalid-json') window.alert(failure.text);
      return;
    }
    setCompare({ fileName: file.name, serial: attempt });
    if (reply.view && mainSerial !== undefined) {
      setView({
        key: viewKeyOf(mainSerial, attempt, filters),
        reply: reply.view,
      });
    }
    setCompareStatus({ tone: 'ok', text: t('widgetsVisualization.comparing', { name: file.name }) });
  };

  // A dump handed over by Dump Widgets (issue 31, client/lib/dump-handoff.ts) is read as if its file were chosen; one
  // handed over with a dump to compare it with (a Store History page, issue 32) opens in compare mode at once.
  const [handed] = useState(() => handedOffDump('widgets-visualization'));
  useEffect(() => {
    if (!handed) return;
    const asFile = (content: unknown, name: string) =>
      new File([JSON.stringify(content)], name, { type: 'application/json' });
    const { compare: compared } = handed;
    const open = async () => {
      const mainSerial = await loadFile(asFile(handed.content, handed.fileName));
      if (compared && mainSerial !== null) {
        await loadCompare(asFile(compared.content, compared.fileName), mainSerial);
      }
    };
    // After the effects of this mount (the worker has started); a mount undone at once reads nothing.
    const timer = window.setTimeout(() => void open(), 0);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, with the functions of that render
  }, [handed]);

  const stopComparing = () => {
    serial.current++;
    void worker.current?.call({ method: 'stopCompare' });
    setCompare(null);
    setCompareStatus(null);
  };

  const onPathChange = useCallback((next: HierarchyNode[]) => {
    setFocusId(next[next.length - 1]?.id ?? 'root');
  }, []);

  const firstFrame = useCallback(() => {
    if (performance.getEntriesByName('treemap-file-chosen', 'mark').length === 0) return;
    performance.clearMeasures('treemap-first-frame');
    performance.measure('treemap-first-frame', 'treemap-file-chosen');
    performance.clearMarks('treemap-file-chosen');
  }, []);

  const showDifference = (difference: WidgetsDifference) => {
    if (!root) return;
    const target = pathToNearest(root, difference.nodeId);
    const node = target[target.length - 1];
    if (!node) return;
    // Focus the node's parent, so the node is a box of the current level.
    setFocusId(node.children && !opensModal(node) ? node.id : (target[target.length - 2]?.id ?? 'root'));
  };

  const resetView = () => {
    setFocusId('root');
    setResetToken((token) => token + 1);
  };

  return {
    loaded,
    path,
    diff,
    showDifference,
    /** What each panel shows and does, as its props. */
    files: {
      isLoaded: loaded !== null,
      status,
      onChooseFile: chooseFile,
      isComparing: compare !== null,
      compareStatus,
      onChooseCompare: chooseCompare,
      onStopComparing: stopComparing,
    },
    toolbar: {
      query,
      onQueryChange: setQuery,
      matchCount: search ? search.matches.size : null,
      filters,
      onFiltersChange: setFilters,
      onResetView: resetView,
    },
    treemap: {
      path,
      onPathChange,
      onOpen: open,
      onDetails: details,
      lit,
      status: statusOf,
      describe,
      resetToken,
      onFirstFrame: firstFrame,
    },
    dialogs: { open: dialog, describe, statusText, onClose: () => setDialog(null) },
  };
}
