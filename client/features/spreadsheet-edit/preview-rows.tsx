import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CellChange, PreviewRow } from '../../../common/contracts/spreadsheet-edit';
import { TableHeader } from '../../components/table-header';
import { cellNoteText } from './cell-note-text';
import { valueText } from './spreadsheet-edit-rules';

/** A value as the preview reads it, in the user's language. */
export function valueLabel(value: unknown, sheet: string, column: string, t: TFunction): string {
  const text = valueText(value, sheet, column);
  switch (text.kind) {
    case 'empty':
      return t('spreadsheetEdit.empty');
    case 'product-price':
      return t('spreadsheetEdit.productPrice');
    case 'text':
      return text.text;
  }
}

/** One change: "column: store value → new value"; brands and categories as the sheet names them. */
export function changeLabel(change: CellChange, sheet: string, t: TFunction): string {
  const isNamed = change.column === 'Brand' || change.column === 'Categories';
  const next = isNamed && change.write !== null ? change.sheet : change.write;
  return t('spreadsheetEdit.change', {
    column: change.column,
    live: valueLabel(change.live, sheet, change.column, t),
    next: valueLabel(next, sheet, change.column, t),
  });
}

/** The preview's rows (issue 45): sheet, row, key, name, each change, errors in red, warnings in amber. */
export function PreviewRows({ rows }: { rows: readonly PreviewRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    // A scrolling region is reached from the keyboard (axe: scrollable-region-focusable), named for what it lists.
    <div
      role="region"
      aria-label={t('spreadsheetEdit.changes')}
      tabIndex={0}
      className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table data-testid="preview-rows" className="w-full text-left text-xs text-slate-700">
        <TableHeader
          className="sticky top-0 bg-slate-50 text-slate-600"
          cellClassName="px-3 py-2"
          columns={[
            { label: t('spreadsheetEdit.sheet') },
            { label: t('spreadsheetEdit.row') },
            { label: t('spreadsheetEdit.key') },
            { label: t('spreadsheetEdit.name') },
            { label: t('spreadsheetEdit.changes') },
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={`${row.sheet}-${row.row}`}
              data-testid="preview-row"
              data-product-id={row.key.productId}
              className="align-top"
            >
              <td className="px-3 py-2">{t(`spreadsheetEdit.sheets.${row.sheet}`)}</td>
              <td className="px-3 py-2 font-mono">{row.row}</td>
              <td className="px-3 py-2 font-mono">
                {row.key.variantId !== undefined
                  ? t('spreadsheetEdit.variantKey', {
                      variant: String(row.key.variantId),
                      product: String(row.key.productId),
                    })
                  : row.key.productId}
              </td>
              <td className="px-3 py-2 break-words">{row.name}</td>
              <td className="space-y-1 px-3 py-2 break-words">
                {row.changes.map((change) => (
                  <p key={`c-${change.column}`} data-testid="preview-change">
                    {changeLabel(change, row.sheet, t)}
                  </p>
                ))}
                {row.errors.map((error, index) => (
                  <p key={`e-${index}`} className="text-red-700" data-testid="preview-error">
                    {t('spreadsheetEdit.cellNote', {
                      column: error.column,
                      message: cellNoteText(error, t, i18n.language),
                    })}
                  </p>
                ))}
                {row.warnings.map((warning, index) => (
                  <p key={`w-${index}`} className="text-amber-800" data-testid="preview-warning">
                    {t('spreadsheetEdit.cellNote', {
                      column: warning.column,
                      message: cellNoteText(warning, t, i18n.language),
                    })}
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
