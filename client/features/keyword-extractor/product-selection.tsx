// What the Keyword Extractor's product lists share (the products of a keyword, keyword-products.tsx; the report on page
// titles, missing-titles-report.tsx): a table of products with a checkbox each and the id linking to the store admin,
// Select All, and the chosen ids handed to Reset Page Title or Copy Description as their "By Product IDs" scope.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PRODUCT_IDS } from '../../../common/contracts/bulk-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { isSandboxStoreHash } from '../../../common/stores/store-hash';
import { FormAlert } from '../../components/form-field';
import { rememberLastStore } from '../../components/store-picker/preselect';
import { TableHeader } from '../../components/table-header';
import { HANDOFF_TARGETS, useHandOffProductIds, type HandoffTarget } from '../../lib/product-ids-handoff';
import { useCount } from '../../lib/number-format';

/** Rows drawn at once; Select All still takes every product. */
export const MAX_ROWS_SHOWN = 200;

/** A product's page in the BigCommerce control panel. */
export function productAdminUrl(storeHash: string, productId: number): string {
  return `https://store-${storeHash}.mybigcommerce.com/manage/products/edit/${productId}`;
}

/** The store picker of the target tool, which then opens on the store the ids belong to. */
const HANDOFF_LABELS = {
  'reset-page-title': 'keywords.handOffReset',
  'copy-description': 'keywords.handOffCopy',
} as const satisfies Record<HandoffTarget, string>;

export const smallButton =
  'rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

const isSandboxStore = (store: LocalStore | null) => (store ? isSandboxStoreHash(store.storeHash) : false);

/** The note that a sandbox store's products have no admin links. */
function SandboxNoAdmin({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="text-xs text-slate-600" data-testid={testId}>
      {t('keywords.sandboxNoAdmin')}
    </p>
  );
}

export interface ProductColumn<P> {
  header: string;
  cell: (product: P) => ReactNode;
  className: string;
  testId: string;
}

type SelectableProductsProps<P> = {
  products: readonly P[];
  store: LocalStore | null;
  columns: ReadonlyArray<ProductColumn<P>>;
  /**
   * `{list}-select-all`, `{list}-deselect-all`, `{list}-selected`; rows `{row}` with `{row}-select`, `{row}-id`,
   * `{row}-name`; the hand-off buttons `{handOff}{target}`.
   */
  testIds: { list: string; row: string; handOff: string };
};

/**
 * A product list of the store: for a sandbox store the note that its products have no admin links (test id
 * `sandboxTestId`), then the selectable products, or `empty` when there are none.
 */
export function StoreProducts<P extends { id: number; name: string }>({
  sandboxTestId,
  empty = null,
  ...list
}: SelectableProductsProps<P> & { sandboxTestId: string; empty?: ReactNode }) {
  return (
    <>
      {isSandboxStore(list.store) && <SandboxNoAdmin testId={sandboxTestId} />}
      {list.products.length === 0 ? empty : <SelectableProducts {...list} />}
    </>
  );
}

/**
 * The products with a checkbox, the id and the name each, then the given columns; up to {@link MAX_ROWS_SHOWN} rows,
 * Select All, and the hand-off below.
 */
function SelectableProducts<P extends { id: number; name: string }>({
  products,
  store,
  columns,
  testIds,
}: SelectableProductsProps<P>) {
  const { t } = useTranslation();
  const count = useCount();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const isSandbox = isSandboxStore(store);
  const shown = products.slice(0, MAX_ROWS_SHOWN);
  const chosen = products.filter((product) => selected.has(product.id)).map((product) => product.id);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={smallButton}
          onClick={() => setSelected(new Set(products.map((product) => product.id)))}
          data-testid={`${testIds.list}-select-all`}
        >
          {t('common.selectAll')}
        </button>
        <button
          type="button"
          className={smallButton}
          onClick={() => setSelected(new Set())}
          data-testid={`${testIds.list}-deselect-all`}
        >
          {t('common.deselectAll')}
        </button>
        <span className="text-xs text-slate-600" data-testid={`${testIds.list}-selected`}>
          {t('keywords.selected', { n: count(chosen.length) })}
        </span>
      </div>
      <div className="max-h-96 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-xs">
          <TableHeader
            className="sticky top-0 bg-slate-50 text-slate-500"
            cellClassName="px-2 py-1.5"
            columns={[
              { label: <span className="sr-only">{t('common.selectAll')}</span>, className: 'w-8' },
              { label: t('keywords.productId'), className: 'font-medium' },
              { label: t('keywords.productName'), className: 'font-medium' },
              ...columns.map((column) => ({ label: column.header, className: 'font-medium' })),
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {shown.map((product) => (
              <tr key={product.id} data-testid={testIds.row}>
                <td className="px-2 py-1.5">
                  <input
                    type="checkbox"
                    checked={selected.has(product.id)}
                    onChange={() => toggle(product.id)}
                    aria-label={`${product.id} ${product.name}`}
                    data-testid={`${testIds.row}-select`}
                    className="h-4 w-4 accent-indigo-600"
                  />
                </td>
                <td className="px-2 py-1.5 tabular-nums" data-testid={`${testIds.row}-id`}>
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
                <td className="px-2 py-1.5 break-words" data-testid={`${testIds.row}-name`}>
                  {product.name}
                </td>
                {columns.map((column) => (
                  <td key={column.testId} className={column.className} data-testid={column.testId}>
                    {column.cell(product)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {products.length > shown.length && (
        <p className="text-xs text-slate-600">
          {t('keywords.moreProducts', { n: count(products.length - shown.length) })}
        </p>
      )}
      <HandOff store={store} chosen={chosen} testIdPrefix={testIds.handOff} />
    </>
  );
}

/** The chosen ids to Reset Page Title or Copy Description, opened on the store they belong to. */
function HandOff({
  store,
  chosen,
  testIdPrefix,
}: {
  store: LocalStore | null;
  chosen: readonly number[];
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const handOff = useHandOffProductIds();
  const isTooMany = chosen.length > MAX_PRODUCT_IDS;

  const handOffTo = (target: HandoffTarget) => {
    if (store) rememberLastStore(store.id);
    handOff(target, chosen);
  };

  return (
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
            data-testid={`${testIdPrefix}${target}`}
          >
            {t(HANDOFF_LABELS[target])}
          </button>
        ))}
      </div>
      {isTooMany && (
        <FormAlert tone="warning">{t('bulkScope.tooManyIds', { max: count(MAX_PRODUCT_IDS) })}</FormAlert>
      )}
    </div>
  );
}
