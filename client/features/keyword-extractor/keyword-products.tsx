import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_IDS } from '../../../common/contracts/bulk-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { isSandboxStoreHash } from '../../../common/stores/store-hash';
import { FormAlert } from '../../components/form-field';
import { rememberLastStore } from '../../components/store-picker/preselect';
import { HANDOFF_TARGETS, useHandOffProductIds, type HandoffTarget } from '../../lib/product-ids-handoff';
import { MAX_DESCRIPTION_TEXT, MAX_LISTED_PRODUCTS, type ProductMatches } from './keyword-protocol';

/** Rows drawn at once; Select All still takes every match. */
export const MAX_ROWS_SHOWN = 200;

/** A product's page in the BigCommerce control panel. */
export function productAdminUrl(storeHash: string, productId: number): string {
  return `https://store-${storeHash}.mybigcommerce.com/manage/products/edit/${productId}`;
}

/** The store picker of the target tool, which then opens on the store the ids belong to. */
const TARGET_PICKERS = {
  'reset-page-title': 'reset-page-title',
  'copy-description': 'copy-description-target',
} as const satisfies Record<HandoffTarget, string>;

const HANDOFF_LABELS = {
  'reset-page-title': 'keywords.handOffReset',
  'copy-description': 'keywords.handOffCopy',
} as const satisfies Record<HandoffTarget, string>;

const smallButton =
  'rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

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
  const handOff = useHandOffProductIds();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const isSandbox = store ? isSandboxStoreHash(store.storeHash) : false;
  const shown = matches.products.slice(0, MAX_ROWS_SHOWN);
  const chosen = matches.products.filter((product) => selected.has(product.id)).map((product) => product.id);
  const isTooMany = chosen.length > MAX_PRODUCT_IDS;
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The list opens below the tables: bring it into view, with the focus on its title.
  useEffect(() => {
    titleRef.current?.scrollIntoView?.({ block: 'nearest' });
    titleRef.current?.focus({ preventScroll: true });
  }, []);

  const handOffTo = (target: HandoffTarget) => {
    if (store) rememberLastStore(TARGET_PICKERS[target], store.id);
    handOff(target, chosen);
  };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section
      className="space-y-3 rounded-2xl border border-indigo-200 bg-white p-5 shadow-sm"
      data-testid="keyword-products"
      aria-labelledby="keyword-products-title"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3
            id="keyword-products-title"
            ref={titleRef}
            tabIndex={-1}
            className="text-sm font-semibold text-slate-900 focus:outline-none"
          >
            {t('keywords.productsTitle', { keyword: matches.keyword })}
          </h3>
          <p className="mt-0.5 text-xs text-slate-600" data-testid="keyword-products-summary">
            {t('keywords.productsSummary', {
              n: String(matches.products.length),
              searched: String(matches.searched),
            })}
          </p>
        </div>
        <button type="button" onClick={onClose} className={smallButton} data-testid="keyword-products-close">
          {t('common.close')}
        </button>
      </div>
      {matches.unlisted > 0 && (
        <p className="text-xs text-amber-700">
          {t('keywords.unlisted', { max: String(MAX_LISTED_PRODUCTS), n: String(matches.unlisted) })}
        </p>
      )}
      {matches.cut > 0 && (
        <p className="text-xs text-amber-700">
          {t('keywords.cut', { max: String(MAX_DESCRIPTION_TEXT), n: String(matches.cut) })}
        </p>
      )}
      {isSandbox && (
        <p className="text-xs text-slate-600" data-testid="sandbox-no-admin">
          {t('keywords.sandboxNoAdmin')}
        </p>
      )}
      {matches.products.length === 0 ? (
        <p className="text-sm text-slate-600">{t('keywords.noProducts')}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={smallButton}
              onClick={() => setSelected(new Set(matches.products.map((product) => product.id)))}
              data-testid="keyword-products-select-all"
            >
              {t('common.selectAll')}
            </button>
            <button
              type="button"
              className={smallButton}
              onClick={() => setSelected(new Set())}
              data-testid="keyword-products-deselect-all"
            >
              {t('common.deselectAll')}
            </button>
            <span className="text-xs text-slate-600" data-testid="keyword-products-selected">
              {t('keywords.selected', { n: String(chosen.length) })}
            </span>
          </div>
          <div className="max-h-96 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-left text-xs">
              <thead className="sticky top-0 bg-slate-50 text-slate-500">
                <tr>
                  <th scope="col" className="w-8 px-2 py-1.5">
                    <span className="sr-only">{t('common.selectAll')}</span>
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    {t('keywords.productId')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    {t('keywords.productName')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    {t('keywords.foundIn')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((product) => (
                  <tr key={product.id} data-testid="keyword-product">
                    <td className="px-2 py-1.5">
                      <input
                        type="checkbox"
                        checked={selected.has(product.id)}
                        onChange={() => toggle(product.id)}
                        aria-label={`${product.id} ${product.name}`}
                        data-testid="keyword-product-select"
                        className="h-4 w-4 accent-indigo-600"
                      />
                    </td>
                    <td className="px-2 py-1.5 tabular-nums" data-testid="keyword-product-id">
                      {store && !isSandbox ? (
                        <a
                          href={productAdminUrl(store.storeHash, product.id)}
                          target="_blank"
                          rel="noopener noreferrer"
                          title={t('keywords.openInAdmin')}
                          className="text-indigo-700 underline underline-offset-2"
                        >
                          {product.id}
                        </a>
                      ) : (
                        product.id
                      )}
                    </td>
                    <td className="px-2 py-1.5 break-words" data-testid="keyword-product-name">
                      {product.name}
                    </td>
                    <td
                      className="px-2 py-1.5 whitespace-nowrap text-slate-600"
                      data-testid="keyword-product-found"
                    >
                      {[
                        product.titleCount > 0 && t('keywords.inTitle', { n: String(product.titleCount) }),
                        product.descriptionCount > 0 &&
                          t('keywords.inDescription', { n: String(product.descriptionCount) }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {matches.products.length > shown.length && (
            <p className="text-xs text-slate-600">
              {t('keywords.moreProducts', { n: String(matches.products.length - shown.length) })}
            </p>
          )}
          <div className="space-y-2 border-t border-slate-200 pt-3">
            <p className="text-xs text-slate-600">{t('keywords.handOffHint')}</p>
            <div className="flex flex-wrap gap-2">
              {HANDOFF_TARGETS.map((target) => (
                <button
                  key={target}
                  type="button"
                  className={smallButton}
                  disabled={chosen.length === 0 || isTooMany}
                  onClick={() => handOffTo(target)}
                  data-testid={`hand-off-${target}`}
                >
                  {t(HANDOFF_LABELS[target])}
                </button>
              ))}
            </div>
            {isTooMany && (
              <FormAlert tone="warning">
                {t('bulkScope.tooManyIds', { max: String(MAX_PRODUCT_IDS) })}
              </FormAlert>
            )}
          </div>
        </>
      )}
    </section>
  );
}
