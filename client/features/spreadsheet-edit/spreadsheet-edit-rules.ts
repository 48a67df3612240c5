// Spreadsheet Edit's screen rules (issue 45), pure: the column groups and their defaults, the export's body, the
// checks of an uploaded file before it is sent, and the words of one changed cell. The server checks the same
// request with common/contracts/spreadsheet-edit.ts; these only save a round trip and name the field.
import type { ExportRequest, SpreadsheetFormat } from '../../../common/contracts/spreadsheet-edit';
import { MAX_UPLOAD_BYTES } from '../../../common/contracts/spreadsheet-edit';
import type { StoreCredentials } from '../../../common/contracts/stores';
import {
  COLUMN_GROUPS,
  CUSTOM_FIELD_PREFIX,
  PRODUCT_COLUMNS,
  VARIANT_COLUMNS,
  type ColumnGroup,
} from '../../../common/spreadsheet-edit/columns';
import { validateScope, type BulkProblem, type ScopeForm } from '../../components/bulk-edit/bulk-edit-rules';

/** The header that asks for every custom field (the server expands it to one column per custom field name). */
export const ALL_CUSTOM_FIELDS_HEADER = `${CUSTOM_FIELD_PREFIX}*`;

/** A checkbox group of the export: its id (the catalogue key) and its headers. */
export interface ColumnChoiceGroup {
  id: ColumnGroup | 'variants';
  headers: readonly string[];
}

/**
 * The Products sheet's columns by COLUMN_GROUPS (keys left out: `ID` is always written), custom fields as one
 * choice, then every Variants column but its keys as "Variants" (`Variant ID` is sent with any of them, so the
 * Variants sheet is written: see `exportLayout`).
 */
export const COLUMN_CHOICE_GROUPS: readonly ColumnChoiceGroup[] = [
  ...COLUMN_GROUPS.map((group) => ({
    id: group,
    headers:
      group === 'custom'
        ? [ALL_CUSTOM_FIELDS_HEADER]
        : PRODUCT_COLUMNS.filter((column) => column.group === group && !column.key).map((c) => c.header),
  })).filter((group) => group.headers.length > 0),
  {
    id: 'variants',
    headers: VARIANT_COLUMNS.filter((column) => !column.key && column.header !== 'Product ID').map(
      (column) => `Variant: ${column.header}`,
    ),
  },
];

/** What a variant choice is sent as: its header on the Variants sheet. */
export const VARIANT_CHOICE_PREFIX = 'Variant: ';

/** The choices checked when the screen opens: the columns most edited. */
export const DEFAULT_COLUMNS: readonly string[] = [
  'Name',
  'SKU',
  'Price',
  'Sale Price',
  'Retail Price',
  'Cost Price',
  'Inventory Level',
  'Visible',
  `${VARIANT_CHOICE_PREFIX}SKU`,
  `${VARIANT_CHOICE_PREFIX}Options`,
  `${VARIANT_CHOICE_PREFIX}Price`,
  `${VARIANT_CHOICE_PREFIX}Inventory Level`,
];

/**
 * The `columns` of the export body from the checked choices: Products headers as they are, and when any variant
 * choice is checked, `Variant ID` and the variant headers (a header both sheets have then goes on both).
 */
export function exportColumns(checked: readonly string[]): string[] {
  const products = checked.filter((choice) => !choice.startsWith(VARIANT_CHOICE_PREFIX));
  const variants = checked
    .filter((choice) => choice.startsWith(VARIANT_CHOICE_PREFIX))
    .map((choice) => choice.slice(VARIANT_CHOICE_PREFIX.length));
  const columns = [...products, ...(variants.length > 0 ? ['Variant ID', ...variants] : [])];
  return [...new Set(columns)];
}

export type ExportProblem = BulkProblem | { field: 'columns'; kind: 'columns-required' } | ChannelProblem;
type ChannelProblem = { field: 'channelId'; kind: 'channel-invalid' };

export interface ExportForm {
  credentials: StoreCredentials | null;
  scope: ScopeForm;
  channelId: string;
  checked: readonly string[];
  format: SpreadsheetFormat;
}

/** The export's body, or the first problem of the form. */
export function buildExportRequest(
  form: ExportForm,
): { ok: true; request: ExportRequest } | { ok: false; problem: ExportProblem } {
  if (!form.credentials) return { ok: false, problem: { field: 'store', kind: 'store-required' } };
  const scopeProblem = validateScope(form.scope);
  if (scopeProblem) return { ok: false, problem: scopeProblem };
  const channel = form.channelId.trim();
  if (channel !== '' && !/^[1-9][0-9]{0,9}$/.test(channel)) {
    return { ok: false, problem: { field: 'channelId', kind: 'channel-invalid' } };
  }
  const columns = exportColumns(form.checked);
  if (columns.length === 0) return { ok: false, problem: { field: 'columns', kind: 'columns-required' } };
  return {
    ok: true,
    request: {
      storeCredentials: form.credentials,
      targetOption: form.scope.targetOption,
      targetValue: form.scope.targetOption === 'all' ? '' : form.scope.targetValue.trim(),
      ...(channel !== '' ? { channelId: Number(channel) } : {}),
      columns,
      format: form.format,
    },
  };
}

export const ACCEPTED_EXTENSIONS = ['.xlsx', '.csv', '.zip'] as const;

export type UploadProblem = 'file-type' | 'file-too-large';

/** Why a chosen file cannot be previewed (its name's ending, its size), or undefined. */
export function checkUploadFile(file: { name: string; size: number }): UploadProblem | undefined {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'file-type';
  if (file.size > MAX_UPLOAD_BYTES) return 'file-too-large';
  return undefined;
}

/** How a changed value reads: `(empty)` marker, a variant's null price, or the value as text. */
export type ValueText = { kind: 'empty' } | { kind: 'product-price' } | { kind: 'text'; text: string };

const PRICE_HEADERS = new Set(['Price', 'Sale Price', 'Retail Price', 'Cost Price']);

/**
 * A cell's value as the preview shows it: a variant's price written as null reads "use the product's price", an
 * empty value "(empty)", a list of ids joined, the rest as text.
 */
export function valueText(value: unknown, sheet: string, column: string): ValueText {
  if (value === null && sheet === 'Variants' && PRICE_HEADERS.has(column)) return { kind: 'product-price' };
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (Array.isArray(value)) return { kind: 'text', text: value.join(', ') };
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'TRUE' : 'FALSE' };
  return { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) };
}

/** A header as a test id part: `Sale Price` → `sale-price`, `Variant: SKU` → `variant-sku`, `Custom Field: *` → `custom-field-all`. */
export const testIdOf = (header: string): string =>
  header
    .replace('*', 'all')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
