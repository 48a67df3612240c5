// Spreadsheet Edit's file layer (issue 45): what an export writes reads back unchanged, in XLSX, one CSV and the ZIP
// of two CSVs; what a spreadsheet would run as a formula stays text; the export id travels in the file.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvCellText,
  csvCellValue,
  exportContentType,
  exportFileName,
  plainNumber,
  type CellValue,
  type SheetSpec,
} from './sheet-io';
import { readAll, tempFolder, unzipText, writeSheets } from './sheet-io.test-helpers';

const PRODUCTS: SheetSpec = {
  name: 'Products',
  headers: ['ID', 'Name', 'Price', 'Visible', 'Description', 'Inventory Level', 'SKU'],
};
const VARIANTS: SheetSpec = {
  name: 'Variants',
  headers: ['Product ID', 'Variant ID', 'SKU', 'Price', 'Purchasing Disabled'],
};

const DESCRIPTION = `<p>Giày chạy bộ &amp; "đệm" 'quotes' &lt;p&gt; <b>x</b>, a, b</p>\nline 2\r\nline 3 _x0041_ tab\there`;
/** Every kind of value a product row can hold, the formula-like texts among them. */
const PRODUCT_ROWS: CellValue[][] = [
  [101, 'Áo thun cổ tròn – Việt Nam', 19.99, true, DESCRIPTION, 0, 'SKU,1'],
  [102, '=SUM(A1:A2)', -5.5, false, null, -12, '+1 234'],
  [9007199254740991, '-minus', 0.1, true, '@cmd', 1e21, "'=already quoted"],
  [104, '\tTabbed', 1234567.891, false, '\rCR first', 3, "'plain quote"],
  [105, 'Trailing space ', 0, null, '', 7, 'a"b'],
];
/** The same rows as a CSV reads them: text (empty: null). */
const PRODUCT_ROWS_AS_CSV_TEXT = PRODUCT_ROWS.map((row) =>
  row.map((cell) =>
    cell === null || cell === '' ? null : typeof cell === 'string' ? cell : csvCellText(cell),
  ),
);
const VARIANT_ROWS: CellValue[][] = [
  [101, 5001, 'SKU-1-RED', 21.5, false],
  [101, 5002, 'SKU-1-BLUE', null, true],
];

const folder = await tempFolder();
afterAll(() => folder.remove());

/** The rows as the writer was given them, an empty text being an empty cell. */
const asRead = (rows: CellValue[][]) => rows.map((row) => row.map((cell) => (cell === '' ? null : cell)));
const byHeader = (headers: string[], cells: Map<string, CellValue>) => headers.map((h) => cells.get(h));

describe('one cell in a CSV', () => {
  it('writes numbers as plain digits, without exponent or grouping', () => {
    expect(plainNumber(19.99)).toBe('19.99');
    expect(plainNumber(-0)).toBe('0');
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(-1.5e-7)).toBe('-0.00000015');
    expect(plainNumber(1.23e25)).toBe('12300000000000000000000000');
    expect(plainNumber(1234567.891)).toBe('1234567.891');
    expect(csvCellText(true)).toBe('TRUE');
    expect(csvCellText(false)).toBe('FALSE');
    expect(csvCellText(null)).toBe('');
  });

  it('quotes text a spreadsheet would run as a formula, and reads it back as it was', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "'=x", "''+x"]) {
      expect(csvCellText(text)).toBe(`'${text}`);
      expect(csvCellValue(csvCellText(text))).toBe(text);
    }
    for (const text of ["'plain", 'a=b', 'x-1', "'"]) {
      expect(csvCellText(text)).toBe(text);
      expect(csvCellValue(text)).toBe(text);
    }
    expect(csvCellValue('')).toBeNull();
  });

  it('names the download for its format and sheets', () => {
    expect(exportFileName('xlsx', [PRODUCTS, VARIANTS])).toBe('products.xlsx');
    expect(exportFileName('csv', [PRODUCTS, VARIANTS])).toBe('products.zip');
    expect(exportFileName('csv', [PRODUCTS])).toBe('products.csv');
    expect(exportFileName('csv', [VARIANTS])).toBe('variants.csv');
    expect(exportContentType('csv', [VARIANTS])).toBe('text/csv; charset=utf-8');
    expect(exportContentType('csv', [PRODUCTS, VARIANTS])).toBe('application/zip');
    expect(exportContentType('xlsx', [PRODUCTS])).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});

describe('XLSX', () => {
  const file = folder.file('export.xlsx');
  beforeAll(async () => {
    // A product's variants are written beside it: the sheets' rows interleave.
    await writeSheets(
      file,
      'xlsx',
      [PRODUCTS, VARIANTS],
      [
        ['Products', PRODUCT_ROWS[0]!],
        ['Variants', VARIANT_ROWS[0]!],
        ['Variants', VARIANT_ROWS[1]!],
        ...PRODUCT_ROWS.slice(1).map((row) => ['Products', row] as ['Products', CellValue[]]),
      ],
      'exp-7f3a',
    );
  });

  it('reads back every value unchanged, typed, with its row number and the export id', async () => {
    const read = await readAll(file);
    expect(read.format).toBe('xlsx');
    expect(read.exportId).toBe('exp-7f3a');
    expect(read.sheets).toEqual([
      { name: 'Products', headers: PRODUCTS.headers },
      { name: 'Variants', headers: VARIANTS.headers },
    ]);
    const products = read.rows.filter((r) => r.sheet === 'Products');
    expect(products.map((r) => r.row)).toEqual([2, 3, 4, 5, 6]);
    expect(products.map((r) => byHeader(PRODUCTS.headers, r.cells))).toEqual(asRead(PRODUCT_ROWS));
    const variants = read.rows.filter((r) => r.sheet === 'Variants');
    expect(variants.map((r) => [r.row, ...byHeader(VARIANTS.headers, r.cells)])).toEqual([
      [2, ...VARIANT_ROWS[0]!],
      [3, ...VARIANT_ROWS[1]!],
    ]);
  });

  it('writes text as string cells (never formulas), numbers as numbers, booleans as booleans', async () => {
    const parts = await unzipText(file);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('<c r="B3" t="inlineStr"><is><t xml:space="preserve">=SUM(A1:A2)</t></is></c>');
    expect(sheet).toContain('<c r="C3"><v>-5.5</v></c>');
    expect(sheet).toContain('<c r="D2" t="b"><v>1</v></c>');
    expect(sheet).toContain('&amp;amp; &quot;đệm&quot;');
    // The header row is bold (style 1) and frozen.
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">ID</t></is></c>');
    expect(sheet).toContain('state="frozen"');
  });

  it('keeps the export id as the custom document property "Export ID", declared in the package', async () => {
    const parts = await unzipText(file);
    expect(parts.get('docProps/custom.xml')).toContain(
      'name="Export ID"><vt:lpwstr>exp-7f3a</vt:lpwstr></property>',
    );
    expect(parts.get('[Content_Types].xml')).toContain(
      '<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>',
    );
    expect(parts.get('_rels/.rels')).toContain(
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"',
    );
  });

  it('is a workbook another library opens: exceljs reads its sheets, text, numbers and booleans', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Products', 'Variants']);
    const products = workbook.getWorksheet('Products')!;
    expect(products.getRow(1).getCell(5).value).toBe('Description');
    expect(products.getRow(2).getCell(2).value).toBe('Áo thun cổ tròn – Việt Nam');
    expect(products.getRow(3).getCell(2).value).toBe('=SUM(A1:A2)');
    expect(products.getRow(2).getCell(3).value).toBe(19.99);
    expect(products.getRow(2).getCell(4).value).toBe(true);
    expect(workbook.getWorksheet('Variants')!.getRow(3).getCell(2).value).toBe(5002);
  });

  it('writes only the sheets chosen', async () => {
    const one = folder.file('variants-only.xlsx');
    await writeSheets(one, 'xlsx', [VARIANTS], [['Variants', VARIANT_ROWS[0]!]]);
    const read = await readAll(one);
    expect(read.sheets).toEqual([{ name: 'Variants', headers: VARIANTS.headers }]);
    expect(read.rows.map((r) => r.cells.get('SKU'))).toEqual(['SKU-1-RED']);
  });
});

describe('CSV', () => {
  it('writes one CSV for one sheet: UTF-8 with BOM, the Export ID first, formulas quoted, plain numbers', async () => {
    const file = folder.file('products.csv');
    await writeSheets(
      file,
      'csv',
      [PRODUCTS],
      PRODUCT_ROWS.map((row) => ['Products', row]),
      'exp-9',
    );
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('\uFEFFExport ID,ID,Name,Price,Visible,Description,Inventory Level,SKU\r\n')).toBe(
      true,
    );
    expect(text).toContain("\r\nexp-9,102,'=SUM(A1:A2),-5.5,FALSE,,-12,'+1 234\r\n");
    expect(text).toContain(
      "\r\nexp-9,9007199254740991,'-minus,0.1,TRUE,'@cmd,1000000000000000000000,''=already quoted\r\n",
    );
    // A carriage return is inside quotes, so that no spreadsheet takes it for the end of the row.
    expect(text).toContain("\r\nexp-9,104,'\tTabbed,1234567.891,FALSE,\"'\rCR first\",3,'plain quote\r\n");
    expect(text).toContain('"<p>Giày chạy bộ &amp; ""đệm""');

    const read = await readAll(file);
    expect(read.format).toBe('csv');
    expect(read.exportId).toBe('exp-9');
    expect(read.sheets).toEqual([{ name: 'Products', headers: PRODUCTS.headers }]);
    expect(read.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6]);
    expect(read.rows.map((r) => byHeader(PRODUCTS.headers, r.cells))).toEqual(PRODUCT_ROWS_AS_CSV_TEXT);
    expect(read.rows[0]!.cells.get('Description')).toBe(DESCRIPTION);
    expect(read.rows[0]!.cells.has('Export ID')).toBe(false);
  });

  it('knows a variants CSV by its Variant ID column, whatever the file is called', async () => {
    const file = folder.file('my edits (1).csv');
    await writeSheets(
      file,
      'csv',
      [VARIANTS],
      VARIANT_ROWS.map((row) => ['Variants', row]),
    );
    const read = await readAll(file);
    expect(read.sheets).toEqual([{ name: 'Variants', headers: VARIANTS.headers }]);
    expect(read.rows.map((r) => byHeader(VARIANTS.headers, r.cells))).toEqual([
      ['101', '5001', 'SKU-1-RED', '21.5', 'FALSE'],
      ['101', '5002', 'SKU-1-BLUE', null, 'TRUE'],
    ]);
  });

  it('writes a ZIP of products.csv and variants.csv for both sheets, and reads it back', async () => {
    const file = folder.file('export.zip');
    await writeSheets(
      file,
      'csv',
      [PRODUCTS, VARIANTS],
      [
        ['Products', PRODUCT_ROWS[0]!],
        ['Variants', VARIANT_ROWS[0]!],
        ['Products', PRODUCT_ROWS[1]!],
        ['Variants', VARIANT_ROWS[1]!],
      ],
      'exp-zip',
    );
    const parts = await unzipText(file);
    expect([...parts.keys()].sort()).toEqual(['products.csv', 'variants.csv']);
    expect(parts.get('variants.csv')).toBe(
      '\uFEFFExport ID,Product ID,Variant ID,SKU,Price,Purchasing Disabled\r\n' +
        'exp-zip,101,5001,SKU-1-RED,21.5,FALSE\r\nexp-zip,101,5002,SKU-1-BLUE,,TRUE\r\n',
    );
    const read = await readAll(file);
    expect(read.format).toBe('zip');
    expect(read.exportId).toBe('exp-zip');
    expect(read.sheets.map((s) => s.name)).toEqual(['Products', 'Variants']);
    expect(read.rows.map((r) => [r.sheet, r.row, r.cells.get('SKU')])).toEqual([
      ['Products', 2, 'SKU,1'],
      ['Products', 3, '+1 234'],
      ['Variants', 2, 'SKU-1-RED'],
      ['Variants', 3, 'SKU-1-BLUE'],
    ]);
  });
});
