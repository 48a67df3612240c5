import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import { PREVIEW_COUNTS, type DumpPreview } from './import-product-rules';

/** The preview of the loaded dump (spec part 1 §2): name, SKU or 'N/A', type, and the counts. */
export function DumpPreviewPanel({ preview }: { preview: DumpPreview }) {
  const { t } = useTranslation();
  const count = useCount();
  const titleId = useId();
  const facts = [
    { key: 'name', label: t('importProduct.name'), value: preview.name },
    { key: 'sku', label: t('importProduct.sku'), value: preview.sku ?? t('common.notAvailable') },
    { key: 'type', label: t('importProduct.type'), value: preview.type },
  ];
  return (
    <section
      aria-labelledby={titleId}
      data-testid="dump-preview"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('importProduct.preview')}
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map((fact) => (
          <div key={fact.key} className="contents">
            <dt className="text-slate-600">{fact.label}</dt>
            <dd className="font-medium break-all text-slate-900" data-testid={`preview-${fact.key}`}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {PREVIEW_COUNTS.map((key) => (
          <div key={key} className="rounded-lg bg-white px-3 py-2 shadow-sm">
            <dt className="text-xs text-slate-600">{t(`importProduct.${key}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`preview-${key}`}>
              {count(preview[key])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
