import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { HierarchyFilters } from '../../../common/dumps/widgets-hierarchy';
import { TextField } from '../../components/form-field';
import { PanelButton } from './panel-button';
import { useCount } from '../../lib/number-format';

/** Above the treemap: the search and its count, the filters, Reset View. */
export function WidgetsVisualizationToolbar({
  query,
  onQueryChange,
  matchCount,
  filters,
  onFiltersChange,
  onResetView,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  /** How many nodes the search found (null when nothing is searched). */
  matchCount: number | null;
  filters: Required<HierarchyFilters>;
  onFiltersChange: Dispatch<SetStateAction<Required<HierarchyFilters>>>;
  onResetView: () => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <TextField
        className="min-w-64 flex-1"
        type="search"
        label={t('widgetsVisualization.search')}
        value={query}
        maxLength={200}
        onValueChange={onQueryChange}
        testId="treemap-search"
      />
      <p className="pb-2 text-sm text-slate-700" role="status" data-testid="treemap-search-count">
        {matchCount !== null ? t('widgetsVisualization.searchCount', { n: count(matchCount) }) : ''}
      </p>
      <fieldset className="flex flex-wrap gap-4 pb-2 text-sm text-slate-700">
        <legend className="sr-only">{t('widgetsVisualization.filters')}</legend>
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={filters.hideEmptySchemaTemplates}
            onChange={(event) =>
              onFiltersChange((current) => ({
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
              onFiltersChange((current) => ({ ...current, hideUnusedTemplates: event.target.checked }))
            }
            data-testid="filter-unused"
          />
          {t('widgetsVisualization.hideUnused')}
        </label>
      </fieldset>
      <PanelButton className="mb-1" onClick={onResetView} testId="treemap-reset-view">
        {t('widgetsVisualization.resetView')}
      </PanelButton>
    </div>
  );
}
