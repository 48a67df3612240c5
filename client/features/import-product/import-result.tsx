import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import type { ImportProductResult } from '../../../common/contracts/import-product';
import { smallButtonClass } from '../../components/button-classes';
import { cn } from '../../lib/class-names';
import { hasFailures, messageLines, noticeText, resultStats } from './import-product-rules';

/**
 * The import's result (spec part 1 §2, §3): product id, name and SKU, what happened to the product, the statistics
 * grid, what did not carry over, what was left out or limited item by item (in the user's language), and the logs
 * (expandable); "Download result" saves it with its id map.
 */
export function ImportResultPanel({
  result,
  onDownload,
}: {
  result: ImportProductResult;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const withFailures = hasFailures(result);
  const facts = [
    { key: 'product-id', label: t('importProduct.productId'), value: String(result.productId) },
    { key: 'product-name', label: t('importProduct.name'), value: result.productName },
    {
      key: 'product-sku',
      label: t('importProduct.sku'),
      value: result.productSku || t('common.notAvailable'),
    },
    { key: 'action', label: t('importProduct.action'), value: t(`importProduct.actions.${result.action}`) },
  ];
  return (
    <section
      role="status"
      data-testid="tool-result"
      data-action={result.action}
      className={cn(
        'space-y-4 rounded-2xl border p-5',
        withFailures
          ? 'border-amber-200 bg-amber-50 text-amber-950'
          : 'border-emerald-200 bg-emerald-50 text-emerald-950',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="font-semibold" data-testid="result-title">
          {withFailures ? t('importProduct.resultWithFailures') : t('importProduct.result')}
        </p>
        <button type="button" onClick={onDownload} data-testid="download-result" className={smallButtonClass}>
          {t('importProduct.downloadResult')}
        </button>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map((fact) => (
          <div key={fact.key} className="contents">
            <dt className="text-slate-600">{fact.label}</dt>
            <dd className="font-medium break-all text-slate-900" data-testid={`result-${fact.key}`}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>

      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3" data-testid="result-stats">
        {resultStats(result).map((stat) => (
          <li key={stat.key} className="rounded-lg bg-white px-3 py-2 shadow-sm">
            <p className="text-xs font-semibold text-slate-700">{t(`importProduct.stats.${stat.key}`)}</p>
            <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
              {stat.counts.map((item) => {
                const isBad = (item.key === 'failed' || item.key === 'error') && item.value > 0;
                return (
                  <div key={item.key} className="flex gap-1">
                    <dt>{t(`importProduct.counts.${item.key}`)}</dt>
                    <dd
                      className={cn('font-semibold', isBad ? 'text-red-700' : 'text-slate-900')}
                      data-testid={`stat-${stat.key}-${item.key}`}
                    >
                      {count(item.value)}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>

      {result.notCarried.length > 0 && (
        <div>
          <p className="text-sm font-medium">{t('importProduct.notCarried')}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs" data-testid="result-not-carried">
            {messageLines(result.notCarried, result.notCarriedMessages, t).map((item, index) => (
              <li key={`${index}-${item}`}>{item}</li>
            ))}
          </ul>
        </div>
      )}

      {result.notices.length > 0 && (
        <div>
          <p className="text-sm font-medium">{t('importProduct.notices')}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs" data-testid="result-notices">
            {result.notices.map((notice, index) => (
              <li key={`${index}-${notice.kind}`} data-kind={notice.kind}>
                {noticeText(notice, t)}
              </li>
            ))}
          </ul>
        </div>
      )}

      <details className="rounded-lg bg-white/70 px-3 py-2" data-testid="result-logs">
        <summary className="cursor-pointer text-sm font-medium">
          {t('importProduct.logs', { lines: count(result.logs.length) })}
        </summary>
        <ol className="mt-2 max-h-80 space-y-0.5 overflow-auto font-mono text-xs break-all text-slate-700">
          {messageLines(result.logs, result.logMessages, t).map((line, index) => (
            <li key={`${index}-${line}`}>{line}</li>
          ))}
        </ol>
      </details>
    </section>
  );
}
