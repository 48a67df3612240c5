import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import {
  MAX_DESCRIPTION_TEXT,
  MAX_LISTED_PRODUCTS,
  type ProductMatch,
  type ProductMatches,
} from './keyword-protocol';
import { smallButton, StoreProducts, type ProductColumn } from './product-selection';
import { useCount } from '../../lib/number-format';

/**
 * The products of the pages read so far that hold a keyword (issue 14, "one click from fixing it"): where it occurs,
 * a link to the product in the store admin, and the chosen ids handed to Reset Page Title or Copy Description.
 */
export function KeywordProducts({
  matches,
  store,
  onClose,
}: {
  matches: ProductMatches;
  store: LocalStore | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The list opens below the tables: bring it into view, with the focus on its title.
  useEffect(() => {
    titleRef.current?.scrollIntoView?.({ block: 'nearest' });
    titleRef.current?.focus({ preventScroll: true });
  }, []);

  const columns: Array<ProductColumn<ProductMatch>> = [
    {
      header: t('keywords.foundIn'),
      cell: (product) =>
        [
          product.titleCount > 0 && t('keywords.inTitle', { n: count(product.titleCount) }),
          product.descriptionCount > 0 && t('keywords.inDescription', { n: count(product.descriptionCount) }),
        ]
          .filter(Boolean)
          .join(' · '),
      className: 'px-2 py-1.5 whitespace-nowrap text-slate-600',
      testId: 'keyword-product-found',
    },
  ];

  return (
    <section
      className="space-y-3 rounded-2xl border border-indigo-200 bg-white p-5 shadow-sm"
      data-testid="keyword-products"
      aria-labelledby="keyword-products-title"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2
            id="keyword-products-title"
            ref={titleRef}
            tabIndex={-1}
            className="text-sm font-semibold text-slate-900 focus:outline-none"
          >
            {t('keywords.productsTitle', { keyword: matches.keyword })}
          </h2>
          <p className="mt-0.5 text-xs text-slate-600" data-testid="keyword-products-summary">
            {t('keywords.productsSummary', {
              n: count(matches.products.length),
              searched: count(matches.searched),
            })}
          </p>
        </div>
        <button type="button" onClick={onClose} className={smallButton} data-testid="keyword-products-close">
          {t('common.close')}
        </button>
      </div>
      {matches.unlisted > 0 && (
        <p className="text-xs text-amber-700">
          {t('keywords.unlisted', { max: count(MAX_LISTED_PRODUCTS), n: count(matches.unlisted) })}
        </p>
      )}
      {matches.cut > 0 && (
        <p className="text-xs text-amber-700">
          {t('keywords.cut', { max: count(MAX_DESCRIPTION_TEXT), n: count(matches.cut) })}
        </p>
      )}
      <StoreProducts
        products={matches.products}
        store={store}
        columns={columns}
        testIds={{ list: 'keyword-products', row: 'keyword-product', handOff: 'hand-off-' }}
        sandboxTestId="sandbox-no-admin"
        empty={<p className="text-sm text-slate-600">{t('keywords.noProducts')}</p>}
      />
    </section>
  );
}
