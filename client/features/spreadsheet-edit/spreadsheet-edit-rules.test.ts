import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../common/contracts/spreadsheet-edit';
import { COLUMN_GROUPS, exportLayout } from '../../../common/spreadsheet-edit/columns';
import {
  ALL_CUSTOM_FIELDS_HEADER,
  buildExportRequest,
  checkUploadFile,
  COLUMN_CHOICE_GROUPS,
  DEFAULT_COLUMNS,
  exportColumns,
  testIdOf,
  valueText,
  type ExportForm,
} from './spreadsheet-edit-rules';

const credentials = { storeHash: 'abc123', accessToken: 'token', clientId: 'client' };
const form: ExportForm = {
  credentials,
  scope: { targetOption: 'all', targetValue: '' },
  channelId: '',
  checked: DEFAULT_COLUMNS,
  format: 'xlsx',
};

describe('the column choices', () => {
  it('offer every Products column but ID by group, custom fields as one choice, and the variants last', () => {
    expect(COLUMN_CHOICE_GROUPS.map((group) => group.id)).toEqual([...COLUMN_GROUPS, 'variants']);
    const identity = COLUMN_CHOICE_GROUPS.find((group) => group.id === 'identity');
    expect(identity?.headers).toEqual(['Name', 'SKU', 'Type']);
    expect(COLUMN_CHOICE_GROUPS.find((group) => group.id === 'custom')?.headers).toEqual(['Custom Field: *']);
    const variants = COLUMN_CHOICE_GROUPS.find((group) => group.id === 'variants')?.headers ?? [];
    expect(variants).toContain('Variant: Price');
    expect(variants).not.toContain('Variant: Variant ID');
    expect(variants).not.toContain('Variant: Product ID');
  });

  it('check the columns most edited by default, and those write both sheets', () => {
    const columns = exportColumns(DEFAULT_COLUMNS);
    expect(columns).toEqual([
      'Name',
      'SKU',
      'Price',
      'Sale Price',
      'Retail Price',
      'Cost Price',
      'Inventory Level',
      'Visible',
      'Variant ID',
      'Options',
    ]);
    expect(exportLayout(columns).map((sheet) => sheet.sheet)).toEqual(['Products', 'Variants']);
  });

  it('write the Products sheet only when no variant column is checked', () => {
    const columns = exportColumns(['Price', ALL_CUSTOM_FIELDS_HEADER]);
    expect(columns).toEqual(['Price', 'Custom Field: *']);
    expect(exportLayout(columns).map((sheet) => sheet.sheet)).toEqual(['Products']);
  });

  it('name test ids after the headers', () => {
    expect(testIdOf('Sale Price')).toBe('sale-price');
    expect(testIdOf('Variant: SKU')).toBe('variant-sku');
    expect(testIdOf(ALL_CUSTOM_FIELDS_HEADER)).toBe('custom-field-all');
  });
});

describe('buildExportRequest', () => {
  it('sends the scope, the channel and the columns', () => {
    const built = buildExportRequest({
      ...form,
      scope: { targetOption: 'specific', targetValue: ' 112, 113 ' },
      channelId: '1',
      checked: ['Price'],
      format: 'csv',
    });
    expect(built).toEqual({
      ok: true,
      request: {
        storeCredentials: credentials,
        targetOption: 'specific',
        targetValue: '112, 113',
        channelId: 1,
        columns: ['Price'],
        format: 'csv',
      },
    });
  });

  it('names the first problem: store, value, channel, columns', () => {
    expect(buildExportRequest({ ...form, credentials: null })).toEqual({
      ok: false,
      problem: { field: 'store', kind: 'store-required' },
    });
    expect(buildExportRequest({ ...form, scope: { targetOption: 'brand', targetValue: '' } })).toEqual({
      ok: false,
      problem: { field: 'targetValue', kind: 'value-required' },
    });
    expect(buildExportRequest({ ...form, channelId: 'x1' })).toEqual({
      ok: false,
      problem: { field: 'channelId', kind: 'channel-invalid' },
    });
    expect(buildExportRequest({ ...form, checked: [] })).toEqual({
      ok: false,
      problem: { field: 'columns', kind: 'columns-required' },
    });
  });
});

describe('checkUploadFile', () => {
  it('takes XLSX, CSV and ZIP up to 20 MB, and refuses the rest', () => {
    expect(checkUploadFile({ name: 'products.XLSX', size: 1000 })).toBeUndefined();
    expect(checkUploadFile({ name: 'products.csv', size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(checkUploadFile({ name: 'sheets.zip', size: 10 })).toBeUndefined();
    expect(checkUploadFile({ name: 'products.xls', size: 10 })).toBe('file-type');
    expect(checkUploadFile({ name: 'products.json', size: 10 })).toBe('file-type');
    expect(checkUploadFile({ name: 'products.xlsx', size: MAX_UPLOAD_BYTES + 1 })).toBe('file-too-large');
  });
});

describe('valueText', () => {
  it("reads an empty value, a variant's null price, lists, booleans and the rest", () => {
    expect(valueText('', 'Products', 'Page Title')).toEqual({ kind: 'empty' });
    expect(valueText(null, 'Products', 'Price')).toEqual({ kind: 'empty' });
    expect(valueText(null, 'Variants', 'Price')).toEqual({ kind: 'product-price' });
    expect(valueText(null, 'Variants', 'UPC')).toEqual({ kind: 'empty' });
    expect(valueText([3, 5], 'Products', 'Categories')).toEqual({ kind: 'text', text: '3, 5' });
    expect(valueText(true, 'Products', 'Visible')).toEqual({ kind: 'text', text: 'TRUE' });
    expect(valueText(19.5, 'Products', 'Price')).toEqual({ kind: 'text', text: '19.5' });
  });
});
