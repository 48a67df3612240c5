import { useTranslation } from 'react-i18next';
import type { SnapshotChange } from '../../../common/contracts/store-history';
import { smallButtonClass } from '../../components/button-classes';
import { apiErrorText } from '../../lib/tool-errors';
import { usePageCompare, type PagePair } from './page-compare';

/**
 * A page's "Compare in Widgets Visualization" (issue 32): reads the page from both snapshots of the pair and opens the
 * Widgets Visualization in compare mode (the older snapshot's page as the dump, the newer one's compared with it).
 */
export function PageCompareButton({ change, pair }: { change: SnapshotChange; pair: PagePair }) {
  const { t } = useTranslation();
  const compare = usePageCompare(pair);
  return (
    <>
      <button
        type="button"
        onClick={() => compare.mutate(change)}
        disabled={compare.isPending}
        aria-label={t('storeHistoryPageCompare.buttonLabel', { name: change.name })}
        data-testid="page-compare-button"
        className={smallButtonClass}
      >
        {t('storeHistoryPageCompare.button')}
      </button>
      {compare.isPending && (
        <span role="status" className="text-xs text-slate-600" data-testid="page-compare-reading">
          {t('storeHistoryPageCompare.reading')}
        </span>
      )}
      {compare.error && (
        <span
          role="alert"
          className="basis-full text-xs font-medium text-red-700"
          data-testid="page-compare-error"
        >
          {t('storeHistoryPageCompare.failed', { error: apiErrorText(compare.error, t) })}
        </span>
      )}
    </>
  );
}
