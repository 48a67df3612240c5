import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryDump } from '../../../common/dumps/category-dump';
import { smallButtonClass } from '../../components/button-classes';
import { TextField } from '../../components/form-field';
import { cn } from '../../lib/class-names';
import type { TreeRow } from './category-tree-model';
import { useCategoryTree } from './use-category-tree';
import { useCount } from '../../lib/number-format';

/**
 * The dump's category trees under its result (issue 31): a WAI-ARIA tree view (one tab stop, the arrows move, open
 * and close; Enter or a click opens and closes) with each category's name, id and visibility; a filter by name or id
 * that keeps the ancestors of what it finds; the count. Deep levels start closed and rows are laid out a few hundred
 * at a time, so a store with thousands of categories stays quick.
 */
export function CategoryTreeView({ dump }: { dump: CategoryDump }) {
  const { t } = useTranslation();
  const count = useCount();
  const headingId = useId();
  const treeRef = useRef<HTMLUListElement>(null);
  const tree = useCategoryTree(dump, treeRef);
  const { filter, index } = tree;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="category-tree-panel"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('workflow.categoryTree.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-0 flex-1 basis-56"
          type="search"
          label={t('workflow.categoryTree.filter')}
          hint={t('workflow.categoryTree.filterHint')}
          value={tree.query}
          onValueChange={tree.changeQuery}
          autoComplete="off"
          testId="category-filter"
        />
        <div className="flex gap-2 pb-6">
          {(
            [
              ['expand-all', tree.expandAll, t('workflow.categoryTree.expandAll')],
              ['collapse-all', tree.collapseAll, t('workflow.categoryTree.collapseAll')],
            ] as const
          ).map(([key, onClick, label]) => (
            <button
              key={key}
              type="button"
              className={smallButtonClass}
              onClick={onClick}
              data-testid={`tree-${key}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <p role="status" className="text-sm text-slate-700" data-testid="category-count">
        {filter
          ? t('workflow.categoryTree.countMatching', {
              n: count(filter.matches.size),
              total: count(index.categoryCount),
            })
          : t('workflow.categoryTree.count', {
              n: count(index.categoryCount),
              trees: count(index.roots.length),
            })}
      </p>
      {tree.rows.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="category-none">
          {filter
            ? t('workflow.categoryTree.noMatch', { query: tree.query.trim() })
            : t('workflow.categoryTree.empty')}
        </p>
      ) : (
        <ul
          ref={treeRef}
          role="tree"
          aria-labelledby={headingId}
          onKeyDown={tree.onKeyDown}
          className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 py-1"
          data-testid="category-tree"
        >
          {tree.shownRows.map((row) => (
            <CategoryTreeRow
              key={row.node.key}
              row={row}
              isActive={row.node.key === tree.activeKey}
              onClick={() => tree.onRowClick(row.node.key, row.childCount > 0)}
            />
          ))}
        </ul>
      )}
      {tree.hiddenCount > 0 && (
        <button
          type="button"
          className={smallButtonClass}
          onClick={tree.showMore}
          data-testid="tree-show-more"
        >
          {t('workflow.categoryTree.showMore', { n: count(tree.hiddenCount) })}
        </button>
      )}
    </section>
  );
}

function CategoryTreeRow({
  row,
  isActive,
  onClick,
}: {
  row: TreeRow;
  isActive: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const { node } = row;
  const isTree = node.kind === 'tree';
  return (
    <li
      role="treeitem"
      aria-level={node.level}
      aria-setsize={row.siblings}
      aria-posinset={row.position}
      aria-expanded={row.childCount > 0 ? row.isExpanded : undefined}
      tabIndex={isActive ? 0 : -1}
      data-key={node.key}
      data-testid={isTree ? 'tree-row' : 'category-row'}
      onClick={onClick}
      className="cursor-default outline-none focus-visible:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset"
    >
      <div
        className="flex flex-wrap items-center gap-x-2 gap-y-0.5 py-1 pr-3 text-sm hover:bg-slate-50"
        style={{ paddingLeft: `${0.5 + (node.level - 1) * 1.25}rem` }}
      >
        <span aria-hidden="true" className="inline-block w-4 shrink-0 text-center text-slate-500">
          {row.childCount === 0 ? '' : row.isExpanded ? '▾' : '▸'}
        </span>
        <span
          className={cn(
            'min-w-0 break-words',
            isTree ? 'font-semibold text-slate-900' : 'text-slate-800',
            row.isMatch && 'rounded bg-yellow-100 px-1 font-semibold text-slate-900',
          )}
          data-testid="category-name"
        >
          {isTree ? t('workflow.categoryTree.treeName', { name: node.name }) : node.name}
        </span>
        <span className="font-mono text-xs text-slate-600" data-testid="category-id">
          {t('workflow.categoryTree.id', { id: String(node.id) })}
        </span>
        {node.isVisible === false && (
          <span
            className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
            data-testid="category-hidden"
          >
            {t('workflow.categoryTree.hidden')}
          </span>
        )}
        {node.children.length > 0 && (
          <span className="text-xs text-slate-600">
            {t('workflow.categoryTree.children', { n: count(node.children.length) })}
          </span>
        )}
      </div>
    </li>
  );
}
