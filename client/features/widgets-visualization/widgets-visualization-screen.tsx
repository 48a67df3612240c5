import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { DiffStatus, WidgetsDifference } from '../../../common/dumps/widgets-diff';
import type {
  HierarchyFilters,
  HierarchyNode,
  VisualizationSummary,
} from '../../../common/dumps/widgets-hierarchy';
import { cn } from '../../lib/class-names';
import { ancestorIds, isLit } from './dump-lookup';
import { startDumpWorker, type DumpClient } from './dump-rpc';
import type { LoadReply, ViewReply } from './dump-session';
import { NodeDialogs, type OpenDialog } from './node-dialogs';
import { KIND_COLOURS, LEGEND_KINDS, STATUS_COLOURS } from './treemap-paint';
import { pathToNearest } from './treemap-layout';
import { TreemapPanel, opensModal } from './treemap-panel';

type Loaded = { fileName: string; serial: number; summary: VisualizationSummary };
type Found = { matches: Set<string>; holders: Set<string> };

const button =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50';
const fileInputClass =
  'mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100';
const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

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

/**
 * Widgets Visualization (spec part 1 §2, §3, §4, §5, §9): upload a widgets dump (read and validated in a Web Worker),
 * explore it as a treemap with the statistics, a legend, filters, a search that lights what matches, and a compare
 * mode that colours what another dump added, removed or changed.
 */
export default function WidgetsVisualizationScreen() {
  const { t } = useTranslation();
  const fileId = useId();
  const compareId = useId();
  const searchId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [status, setStatus] = useState<FileStatus>(null);
  const [compare, setCompare] = useState<{ fileName: string; serial: number } | null>(null);
  const [compareStatus, setCompareStatus] = useState<FileStatus>(null);
  const [filters, setFilters] = useState<Required<HierarchyFilters>>({
    hideEmptySchemaTemplates: true,
    hideUnusedTemplates: true,
  });
  const [shownView, setView] = useState<{ key: string; reply: ViewReply } | null>(null);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [found, setFound] = useState<{ query: string; view: ViewReply; result: Found | null } | null>(null);
  const [focusId, setFocusId] = useState('root');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [resetToken, setResetToken] = useState(0);
  const worker = useRef<DumpClient | null>(null);
  const serial = useRef(0);

  useEffect(() => {
    const started = startDumpWorker();
    worker.current = started;
    return () => {
      worker.current = null;
      started.terminate();
    };
  }, []);

  // The view (the tree to lay out, counts, differences) follows the dump, the compared dump and the filters.
  const viewKey = loaded ? viewKeyOf(loaded.serial, compare?.serial, filters) : '';
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
  }, [viewKey, hasView, filters]);

  // The search runs in the worker, on the view shown.
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
  }, [view, searchText]);

  const root = view?.root ?? null;
  const path = useMemo(() => (root ? pathToNearest(root, focusId) : []), [root, focusId]);
  const counts = useMemo(() => new Map(view?.counts ?? []), [view]);
  const search =
    searchText !== '' && found?.view === view && found.query === searchText ? found.result : null;
  const lit = useMemo(() => (search ? (id: string) => isLit(search, id) : null), [search]);

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
      const count = String(counts.get(node.id) ?? 0);
      if (node.kind === 'widget') return kind;
      if (node.kind === 'template' || node.kind === 'template-kind' || node.kind === 'templates')
        return `${kind} · ${t('widgetsVisualization.usedBy', { n: count })}`;
      return `${kind} · ${t('widgetsVisualization.widgetsCount', { n: count })}`;
    },
    [counts, t],
  );
  const statusText = useCallback(
    (node: HierarchyNode) => {
      const value = statusOf?.(node.id);
      return value ? t(`widgetsVisualization.status.${value}`) : null;
    },
    [statusOf, t],
  );

  const loadFailure = (reply: Extract<LoadReply, { ok: false }>, fileName: string) =>
    reply.kind === 'invalid-json'
      ? t('widgetsVisualization.parseError', { message: reply.message })
      : t('widgetsVisualization.notWidgetsDump', { name: fileName, reason: reply.reason });

  const tooLarge = (name: string) =>
    t('widgetsVisualization.tooLarge', { name, mb: String(MAX_DUMP_BYTES / 1024 / 1024) });

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const client = worker.current;
    if (!file || !client) return;
    const attempt = ++serial.current;
    if (file.size > MAX_DUMP_BYTES) {
      setStatus({ tone: 'error', text: tooLarge(file.name) });
      return;
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
    if (attempt !== serial.current) return;
    performance.mark('treemap-dump-read');
    if (!reply.ok) {
      const text = loadFailure(reply, file.name);
      setStatus({ tone: 'error', text });
      // The worker dropped the dump it held: nothing is shown until a good file is chosen.
      setLoaded(null);
      setView(null);
      if (reply.kind === 'invalid-json') window.alert(text);
      return;
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
        pages: String(reply.pages),
        widgets: String(reply.summary.totalWidgets),
      }),
    });
  };

  const chooseCompare = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const client = worker.current;
    if (!file || !client) return;
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
      const text = loadFailure(reply, file.name);
      setCompareStatus({ tone: 'error', text });
      if (reply.kind === 'invalid-json') window.alert(text);
      return;
    }
    setCompare({ fileName: file.name, serial: attempt });
    if (reply.view && loaded) {
      setView({
        key: viewKeyOf(loaded.serial, attempt, filters),
        reply: reply.view,
      });
    }
    setCompareStatus({ tone: 'ok', text: t('widgetsVisualization.comparing', { name: file.name }) });
  };

  const stopComparing = () => {
    serial.current++;
    void worker.current?.call({ method: 'stopCompare' });
    setCompare(null);
    setCompareStatus(null);
  };

  const openDialog = useCallback((kind: 'configuration' | 'schema' | 'details', node: HierarchyNode) => {
    setDialog({ kind, node });
    worker.current?.call({ method: 'node', id: node.id }).then(
      (details) => setDialog((current) => (current?.node === node ? { ...current, details } : current)),
      () => undefined,
    );
  }, []);
  const open = useCallback(
    (node: HierarchyNode) => openDialog(node.kind === 'widget' ? 'configuration' : 'schema', node),
    [openDialog],
  );
  const details = useCallback((node: HierarchyNode) => openDialog('details', node), [openDialog]);
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

  const summary = loaded?.summary;

  return (
    <div className="mx-auto max-w-6xl space-y-4" data-testid="widgets-visualization">
      <p className="text-sm text-slate-600">{t('widgetsVisualization.help')}</p>

      <section className={cn(panel, 'grid gap-4 md:grid-cols-2')}>
        <FileField
          id={fileId}
          label={t('widgetsVisualization.upload')}
          status={status}
          onChange={chooseFile}
          testId="dump-file"
        />
        {loaded && (
          <div>
            <FileField
              id={compareId}
              label={t('widgetsVisualization.compare')}
              status={compareStatus}
              onChange={chooseCompare}
              testId="compare-file"
            />
            <p className="mt-1 text-xs text-slate-500">{t('widgetsVisualization.compareHelp')}</p>
            {compare && (
              <button
                type="button"
                className={cn(button, 'mt-2')}
                onClick={stopComparing}
                data-testid="stop-compare"
              >
                {t('widgetsVisualization.stopCompare')}
              </button>
            )}
          </div>
        )}
      </section>

      {!loaded && <p className="text-sm text-slate-500">{t('widgetsVisualization.emptyState')}</p>}

      {loaded && summary && (
        <>
          <section className={cn(panel, 'space-y-3')} aria-labelledby={`${fileId}-stats`}>
            <h2 id={`${fileId}-stats`} className="text-sm font-semibold text-slate-900">
              {t('widgetsVisualization.statistics')}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="treemap-stats">
              {(
                [
                  ['statWidgetTemplates', summary.totalWidgetTemplates],
                  ['statPageTemplates', summary.totalTemplates],
                  ['statTotalWidgets', summary.totalWidgets],
                  ['statUniqueWidgets', summary.uniqueWidgetTemplates],
                  ['statRegions', summary.totalRegions],
                  ['statLayouts', summary.totalLayouts],
                  ['statDropzones', summary.totalDropzones],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className="rounded-lg bg-slate-50 px-3 py-2" data-testid={`stat-${key}`}>
                  <dt className="text-xs text-slate-500">{t(`widgetsVisualization.${key}`)}</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                    {value.toLocaleString()}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <section className={cn(panel, 'space-y-3')}>
            <div className="flex flex-wrap items-end gap-4">
              <div className="min-w-64 flex-1">
                <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
                  {t('widgetsVisualization.search')}
                </label>
                <input
                  id={searchId}
                  type="search"
                  value={query}
                  maxLength={200}
                  onChange={(event) => setQuery(event.target.value)}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
                  data-testid="treemap-search"
                />
              </div>
              <p className="pb-2 text-sm text-slate-700" role="status" data-testid="treemap-search-count">
                {search ? t('widgetsVisualization.searchCount', { n: String(search.matches.size) }) : ''}
              </p>
              <fieldset className="flex flex-wrap gap-4 pb-2 text-sm text-slate-700">
                <legend className="sr-only">{t('widgetsVisualization.filters')}</legend>
                <label className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={filters.hideEmptySchemaTemplates}
                    onChange={(event) =>
                      setFilters((current) => ({
                        ...current,
                        hideEmptySchemaTemplates: event.target.checked,
                      }))
                    }
                    data-testid="filter-empty-schema"
                  />
                  {t('widgetsVisualization.hideEmptySchema')}
                </label>
                <label className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={filters.hideUnusedTemplates}
                    onChange={(event) =>
                      setFilters((current) => ({ ...current, hideUnusedTemplates: event.target.checked }))
                    }
                    data-testid="filter-unused"
                  />
                  {t('widgetsVisualization.hideUnused')}
                </label>
              </fieldset>
              <button
                type="button"
                className={cn(button, 'mb-1')}
                onClick={() => {
                  setFocusId('root');
                  setResetToken((token) => token + 1);
                }}
                data-testid="treemap-reset-view"
              >
                {t('widgetsVisualization.resetView')}
              </button>
            </div>

            {path.length > 0 ? (
              <TreemapPanel
                key={`${loaded.serial}`}
                path={path}
                onPathChange={onPathChange}
                onOpen={open}
                onDetails={details}
                lit={lit}
                status={statusOf}
                describe={describe}
                resetToken={resetToken}
                onFirstFrame={firstFrame}
              />
            ) : (
              <p className="text-sm text-slate-500" role="status">
                {t('widgetsVisualization.building')}
              </p>
            )}

            <Legend compareMode={diff !== null} />
          </section>

          {diff && (
            <section className={cn(panel, 'space-y-3')} data-testid="differences">
              <h2 className="text-sm font-semibold text-slate-900">
                {t('widgetsVisualization.differences')}
              </h2>
              <p className="text-sm text-slate-700" data-testid="differences-summary">
                {t('widgetsVisualization.compareSummary', {
                  added: String(diff.counts.added),
                  removed: String(diff.counts.removed),
                  changed: String(diff.counts.changed),
                })}
              </p>
              {diff.differences.length === 0 ? (
                <p className="text-sm text-slate-500">{t('widgetsVisualization.noDifferences')}</p>
              ) : (
                <ul className="divide-y divide-slate-100 text-sm" data-testid="differences-list">
                  {diff.differences.map((difference) => (
                    <li
                      key={`${difference.status}|${difference.nodeId}`}
                      className="flex items-center gap-3 py-1.5"
                    >
                      <span
                        className="inline-block w-20 shrink-0 rounded px-2 py-0.5 text-center text-xs font-medium text-slate-900"
                        style={{ backgroundColor: STATUS_COLOURS[difference.status] }}
                      >
                        {t(`widgetsVisualization.status.${difference.status}`)}
                      </span>
                      <span className="w-20 shrink-0 text-slate-500">
                        {t(`widgetsVisualization.subjects.${difference.subject}`)}
                      </span>
                      <span className="min-w-0 flex-1 break-all" data-testid="difference-text">
                        <span className="font-medium">{difference.name}</span>
                        {difference.where && <span className="text-slate-500"> · {difference.where}</span>}
                        {difference.changes && difference.changes.length > 0 && (
                          <span className="text-slate-500"> ({difference.changes.join(', ')})</span>
                        )}
                      </span>
                      <button
                        type="button"
                        className={button}
                        onClick={() => showDifference(difference)}
                        data-testid="difference-show"
                      >
                        {t('widgetsVisualization.show')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {diff.total > diff.differences.length && (
                <p className="text-xs text-slate-500">
                  {t('widgetsVisualization.moreDifferences', {
                    n: String(diff.total - diff.differences.length),
                  })}
                </p>
              )}
            </section>
          )}

          <NodeDialogs
            open={dialog}
            describe={describe}
            statusText={statusText}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </div>
  );
}

/** The largest dump read (a 20,000-widget dump is about 5 MB): a bigger file is refused before it is read. */
export const MAX_DUMP_BYTES = 100 * 1024 * 1024;

/** Which view a reply is: of which dump, compared with which, under which filters. */
function viewKeyOf(
  mainSerial: number,
  compareSerial: number | undefined,
  filters: Required<HierarchyFilters>,
) {
  return `${mainSerial}|${compareSerial ?? ''}|${filters.hideEmptySchemaTemplates}|${filters.hideUnusedTemplates}`;
}

type FileStatus = { tone: 'ok' | 'error' | 'busy'; text: string } | null;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function FileField({
  id,
  label,
  status,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  status: { tone: 'ok' | 'error' | 'busy'; text: string } | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  testId: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".json,application/json"
        onChange={(event) => void onChange(event)}
        aria-invalid={status?.tone === 'error' ? true : undefined}
        aria-describedby={status ? `${id}-status` : undefined}
        data-testid={testId}
        className={fileInputClass}
      />
      {status && (
        <p
          id={`${id}-status`}
          role={status.tone === 'error' ? 'alert' : 'status'}
          data-testid={`${testId}-${status.tone}`}
          className={cn(
            'mt-1 text-xs break-all',
            status.tone === 'error' ? 'font-medium text-red-600' : 'text-emerald-700',
            status.tone === 'busy' && 'text-slate-600',
          )}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}

function Legend({ compareMode }: { compareMode: boolean }) {
  const { t } = useTranslation();
  const items = compareMode
    ? (['added', 'removed', 'changed', 'unchanged', 'contains'] as const).map((status) => ({
        key: status,
        colour: STATUS_COLOURS[status],
        text: t(`widgetsVisualization.status.${status}`),
      }))
    : LEGEND_KINDS.map((kind) => ({
        key: kind,
        colour: KIND_COLOURS[kind],
        text: t(`widgetsVisualization.kinds.${kind}`),
      }));
  return (
    <div>
      <h3 className="text-xs font-semibold text-slate-700">{t('widgetsVisualization.legend')}</h3>
      <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-700" data-testid="treemap-legend">
        {items.map((item) => (
          <li key={item.key} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-sm border border-slate-300"
              style={{ backgroundColor: item.colour }}
            />
            {item.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
