// Reading an uploaded spreadsheet (issue 45): a file saved by another writer reads as a user sees it in Excel, and
// every file the reader must refuse is refused with a message naming what is wrong (and, for a ZIP, before it is
// unpacked beyond the bound).
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors';
import type { CellValue, SheetSpec } from './sheet-io';
import { openSpreadsheet } from './sheet-reader';
import { createSheetWriter } from './sheet-writer';
import { LIMITS, readAll, tempFolder, writeSheets, writeText, zipBuffer } from './sheet-io.test-helpers';
import { createWriteStream } from 'node:fs';

const folder = await tempFolder();
afterAll(() => folder.remove());

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** An XLSX as another program saves it: its sheet `Products` is `sheetXml`, beside a sheet the tool ignores. */
function foreignXlsx(sheetXml: string, sharedStrings = '<sst/>', exportId?: string): Promise<Buffer> {
  return zipBuffer([
    [
      '_rels/.rels',
      `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="/xl/workbook.xml"/>` +
        `<Relationship Id="rId9" Type="${REL}/custom-properties" Target="docProps/custom.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<x:workbook xmlns:x="${MAIN}" xmlns:r="${REL}"><x:sheets><x:sheet name="Notes" sheetId="1" r:id="rId1"/>` +
        '<x:sheet name="products" sheetId="2" r:id="rId2"/></x:sheets></x:workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/notes.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/products.xml"/>` +
        `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="strings.xml"/></Relationships>`,
    ],
    [
      'xl/worksheets/notes.xml',
      `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`,
    ],
    ['xl/worksheets/products.xml', sheetXml],
    ['xl/strings.xml', sharedStrings],
    ...(exportId === undefined
      ? []
      : ([
          [
            'docProps/custom.xml',
            '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
              `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Other"><vt:lpwstr>no</vt:lpwstr></property>` +
              `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="3" name="Export ID"><vt:lpwstr>${exportId}</vt:lpwstr></property></Properties>`,
          ],
        ] as [string, string][])),
  ]);
}

const sheet = (rows: string) => `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('an XLSX saved by another writer', () => {
  it('reads shared strings, rich text, inline strings, cached formula values, booleans, errors and entities once', async () => {
    const strings =
      '<sst count="6" uniqueCount="6">' +
      ['ID', 'Name', 'Description', 'Price', 'Visible'].map((s) => `<si><t>${s}</t></si>`).join('') +
      // A rich text: its runs joined, its phonetic guide (rPh) not part of the text.
      '<si><r><rPr><b/></rPr><t xml:space="preserve">Bold </t></r><r><t>and plain &amp;amp; &lt;p&gt;</t></r>' +
      '<rPh sb="0" eb="1"><t>PHONETIC</t></rPh></si>' +
      "<si><t>Tom &amp; Jerry_x000D_\n'quotes' Tiếng Việt</t></si></sst>";
    const rows =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' +
      '<c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c></row>' +
      '<row r="2"><c r="A2"><v>101</v></c><c r="B2" t="s"><v>5</v></c>' +
      '<c r="C2" t="str"><f>CONCAT("&lt;b&gt;","x")</f><v>&lt;b&gt;x&lt;/b&gt;</v></c>' +
      '<c r="D2"><f>10+9.99</f><v>19.99</v></c><c r="E2" t="b"><v>1</v></c></row>' +
      '<row r="4"><c r="A4"><v>102</v></c><c r="B4" t="inlineStr"><is><r><t>run1</t></r><r><t xml:space="preserve"> run2</t></r></is></c>' +
      '<c r="C4" t="e"><f>VLOOKUP(1,A:A,2)</f><v>#N/A</v></c><c r="D4"><f>A1</f></c><c r="E4" t="b"><v>0</v></c></row>' +
      '<row r="5"><c r="A5" s="1"/><c r="B5" t="s"><v>6</v></c></row>' +
      '<row r="6"><c r="A6" s="3"/></row>';
    const file = await writeText(
      folder.file('foreign.xlsx'),
      await foreignXlsx(sheet(rows), strings, 'foreign-1'),
    );
    const read = await readAll(file);
    expect(read.format).toBe('xlsx');
    expect(read.exportId).toBe('foreign-1');
    expect(read.sheets).toEqual([
      { name: 'Products', headers: ['ID', 'Name', 'Description', 'Price', 'Visible'] },
    ]);
    expect(read.rows.map((r) => [r.row, Object.fromEntries(r.cells)])).toEqual([
      [
        2,
        { ID: 101, Name: 'Bold and plain &amp; <p>', Description: '<b>x</b>', Price: 19.99, Visible: true },
      ],
      [4, { ID: 102, Name: 'run1 run2', Description: '#N/A', Price: null, Visible: false }],
      [
        5,
        {
          ID: null,
          Name: "Tom & Jerry\r\n'quotes' Tiếng Việt",
          Description: null,
          Price: null,
          Visible: null,
        },
      ],
    ]);
  });

  it('has no export id when it has no custom property', async () => {
    const file = await writeText(
      folder.file('no-id.xlsx'),
      await foreignXlsx(sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c></row>')),
    );
    const read = await readAll(file);
    expect(read.exportId).toBeNull();
    expect(read.rows).toEqual([]);
  });
});

describe('files the reader refuses', () => {
  it('says an empty file, random bytes, a ZIP of other files and a damaged XLSX are not spreadsheets', async () => {
    const empty = await writeText(folder.file('empty.csv'), '');
    expect((await rejection(openSpreadsheet(empty, LIMITS))).message).toBe('The file is empty');

    const noise = randomBytes(4096);
    noise[0] = 0x00;
    const random = await writeText(folder.file('random.bin'), noise);
    const randomError = await rejection(openSpreadsheet(random, LIMITS));
    expect(randomError.code).toBe('invalid_input');
    expect(randomError.message).toBe('The file is neither an XLSX nor a CSV (UTF-8) file');

    const other = await writeText(folder.file('other.zip'), await zipBuffer([['readme.txt', 'hello']]));
    expect((await rejection(openSpreadsheet(other, LIMITS))).message).toBe(
      'The file is a ZIP but neither an XLSX nor a ZIP of products.csv and variants.csv',
    );

    const text = await writeText(folder.file('text.xlsx'), 'ID,Name\n1,x\n');
    expect((await rejection(openSpreadsheet(text, { ...LIMITS, fileName: 'edits.xlsx' }))).message).toBe(
      'The file edits.xlsx is not a valid XLSX or ZIP file',
    );

    const truncated = (await foreignXlsx(sheet(''))).subarray(0, 200);
    const damaged = await writeText(folder.file('damaged.xlsx'), truncated);
    expect((await rejection(openSpreadsheet(damaged, LIMITS))).message).toMatch(
      /^The file is not a valid XLSX or ZIP file \(/,
    );

    const noSheet = await writeText(
      folder.file('no-sheet.xlsx'),
      await zipBuffer([
        [
          'xl/workbook.xml',
          `<workbook xmlns="${MAIN}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1" xmlns:r="${REL}"/></sheets></workbook>`,
        ],
      ]),
    );
    expect((await rejection(openSpreadsheet(noSheet, LIMITS))).message).toBe(
      'The XLSX file has no sheet named Products or Variants',
    );
  });

  it('refuses a ZIP whose entries unpack to more than the bound, from their declared sizes, before inflating', async () => {
    // 64 MB of one repeated element deflate to about 64 KB.
    const huge = sheet('<x/>'.repeat(16 * 1024 * 1024));
    const bomb = await writeText(folder.file('bomb.xlsx'), await foreignXlsx(huge));
    const error = await rejection(openSpreadsheet(bomb, { ...LIMITS, maxUnpackedBytes: 1024 * 1024 }));
    expect(error.code).toBe('file_too_large');
    expect(error.message).toBe('The file unpacks to more than 1 MB');
  });

  it('refuses an entry that inflates to more than it declares, as it inflates', async () => {
    const huge = sheet('<x/>'.repeat(16 * 1024 * 1024));
    const zip = await foreignXlsx(huge);
    // The entry's uncompressed size, in its local header and in the central directory, says 1,000 bytes.
    const name = Buffer.from('xl/worksheets/products.xml');
    for (let i = 0; i < zip.length - 46; i++) {
      const signature = zip.readUInt32LE(i);
      if (signature === 0x04034b50 && zip.subarray(i + 30, i + 30 + name.length).equals(name)) {
        zip.writeUInt32LE(1000, i + 22);
      } else if (signature === 0x02014b50 && zip.subarray(i + 46, i + 46 + name.length).equals(name)) {
        zip.writeUInt32LE(1000, i + 24);
      }
    }
    const liar = await writeText(folder.file('liar.xlsx'), zip);
    const error = await rejection(
      (async () => {
        const opened = await openSpreadsheet(liar, { ...LIMITS, maxUnpackedBytes: 1024 * 1024 });
        for await (const row of opened.rows()) expect(row).toBeUndefined();
      })(),
    );
    expect(error.message).toMatch(/^The file could not be read: too many bytes in the stream/);
  });

  it('refuses more rows than allowed, naming the bound', async () => {
    const file = await writeText(folder.file('rows.csv'), 'ID,Name\n1,a\n2,b\n\n3,c\n');
    const opened = await openSpreadsheet(file, { ...LIMITS, maxRows: 2 });
    const seen: number[] = [];
    const error = await rejection(
      (async () => {
        for await (const row of opened.rows()) seen.push(row.row);
      })(),
    );
    expect(error.message).toBe('The file has more than 2 rows');
    expect(seen).toEqual([2, 3]);
    // Blank lines are not rows to import, and rows are numbered as a spreadsheet shows them.
    expect((await readAll(file)).rows.map((r) => r.row)).toEqual([2, 3, 5]);
  });

  it('refuses a cell over 100,000 characters, naming the sheet, row and column, in a CSV and an XLSX', async () => {
    const long = 'a'.repeat(100_001);
    const csv = await writeText(folder.file('long.csv'), `ID,Description\n1,ok\n2,${long}\n`);
    const csvError = await rejection(readAll(csv));
    expect(csvError.message).toBe(
      'Sheet Products, row 3, column Description: the cell is longer than 100,000 characters',
    );

    const xlsx = await writeText(
      folder.file('long.xlsx'),
      await foreignXlsx(
        sheet(
          '<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>' +
            `<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="inlineStr"><is><t>${long}</t></is></c></row>`,
        ),
      ),
    );
    expect((await rejection(readAll(xlsx))).message).toBe(
      'Sheet Products, row 2, column Name: the cell is longer than 100,000 characters',
    );

    // Exactly the bound is accepted.
    const atBound = await writeText(folder.file('bound.csv'), `ID,Description\n1,${long.slice(1)}\n`);
    expect((await readAll(atBound)).rows[0]!.cells.get('Description')).toHaveLength(100_000);

    const writer = createSheetWriter(createWriteStream(folder.file('long-out.csv')), {
      format: 'csv',
      sheets: [{ name: 'Products', headers: ['ID', 'Description'] }],
      exportId: 'e',
    });
    expect((await rejection(writer.addRow('Products', [1, long]))).message).toBe(
      'Sheet Products, row 2, column Description: the cell is longer than 100,000 characters',
    );
    await writer.abort();
  });

  it('refuses a header row over 200 columns and a header twice, naming them', async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `C${i}`);
    const wideCsv = await writeText(folder.file('wide.csv'), `${wide.join(',')}\n`);
    expect((await rejection(openSpreadsheet(wideCsv, LIMITS))).message).toBe(
      'Sheet Products: the header row has 201 columns; at most 200 are accepted',
    );
    const wideXlsx = await writeText(
      folder.file('wide.xlsx'),
      await foreignXlsx(sheet('<row r="1"><c r="GS1" t="inlineStr"><is><t>Far</t></is></c></row>')),
    );
    expect((await rejection(openSpreadsheet(wideXlsx, LIMITS))).message).toBe(
      'Sheet Products: the header row has more than 200 columns',
    );

    const twice = await writeText(folder.file('twice.csv'), 'Variant ID,SKU,Price,SKU,Price\n1,a,1,b,2\n');
    expect((await rejection(openSpreadsheet(twice, LIMITS))).message).toBe(
      'Sheet Variants: the header row has the same column twice: "SKU", "Price"',
    );
    const specs: SheetSpec[] = [{ name: 'Products', headers: ['ID', 'ID'] }];
    expect(() =>
      createSheetWriter(createWriteStream(folder.file('twice-out.xlsx')), {
        format: 'xlsx',
        sheets: specs,
        exportId: 'e',
      }),
    ).toThrow('Sheet Products: the header row has the same column twice: "ID"');
  });

  it('refuses rows of two exports in one CSV', async () => {
    const file = await writeText(folder.file('mixed.csv'), '\uFEFFExport ID,ID\nexp-a,1\n,2\nexp-b,3\n');
    const opened = await openSpreadsheet(file, LIMITS);
    expect(opened.exportId).toBe('exp-a');
    expect((await rejection(readAll(file))).message).toBe(
      "Sheet Products, row 4: the Export ID exp-b is not this file's (exp-a): rows of two exports cannot be imported together",
    );
    await opened.close();
  });
});

describe('10,000 products', () => {
  const HEADERS = Array.from({ length: 30 }, (_, i) =>
    i === 0 ? 'ID' : i === 1 ? 'Description' : `Field ${i}`,
  );
  const description = (i: number) => `<p>Sản phẩm ${i} &amp; "more"</p>`.padEnd(2048, ' lorem ipsum');
  const row = (i: number): CellValue[] =>
    HEADERS.map((_, c) =>
      c === 0
        ? i
        : c === 1
          ? description(i)
          : c % 3 === 0
            ? i * 0.01
            : c % 3 === 1
              ? `v${c}-${i}`
              : i % 2 === 0,
    );

  for (const format of ['xlsx', 'csv'] as const) {
    it(`are written and read back in ${format}`, { timeout: 240_000 }, async () => {
      const file = folder.file(`big.${format}`);
      await writeSheets(
        file,
        format,
        [{ name: 'Products', headers: HEADERS }],
        Array.from({ length: 10_000 }, (_, i) => ['Products', row(i + 1)] as ['Products', CellValue[]]),
      );
      const opened = await openSpreadsheet(file, LIMITS);
      let count = 0;
      for await (const read of opened.rows()) {
        count += 1;
        if (read.row === 5_001) {
          const expected = row(5_000);
          expect(read.cells.get('Description')).toBe(expected[1]);
          expect(read.cells.get('ID')).toBe(format === 'xlsx' ? 5_000 : '5000');
          expect(read.cells.get('Field 2')).toBe(format === 'xlsx' ? true : 'TRUE');
        }
      }
      expect(count).toBe(10_000);
    });
  }
});
