// The parts of the XLSX the writer makes (ECMA-376 Part 1, SpreadsheetML), as text: the package's fixed parts, the
// custom document property that carries the export id, and one worksheet's head, rows and tail. Strings are inline
// strings (`t="inlineStr"`), so nothing has to be held for a shared-strings table; Excel, LibreOffice and Google Sheets
// all read them.
import type { CellValue, SheetSpec } from './sheet-io';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const CUSTOM_PROPERTIES_REL = `${REL_NS}/custom-properties`;
export const OFFICE_DOCUMENT_REL = `${REL_NS}/officeDocument`;
export const WORKSHEET_REL = `${REL_NS}/worksheet`;

/** Text escaped for XML content and attribute values. */
function xmlText(text: string): string {
  return text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}

/**
 * A string as SpreadsheetML's ST_Xstring: characters XML 1.0 cannot carry (controls other than tab and LF, lone
 * surrogates, U+FFFE/U+FFFF) are written `_xHHHH_`, CR among them (an XML parser reads a CR as a line feed; Excel
 * writes `_x000D_` too), and a literal `_xHHHH_` has its underscore escaped (`_x005F_`),
 * as Excel does, so that every text reads back as it was (sheet-reader.ts decodes both).
 */
export function xstring(text: string): string {
  const escaped = text.replace(
    // eslint-disable-next-line no-control-regex
    /_(?=x[0-9A-Fa-f]{4}_)|[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
  return xmlText(escaped);
}

/** `A`, `B`, … `Z`, `AA`, … for a 0-based column index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** One row's XML; `style` 1 is the bold header (styles.xml below). */
export function rowXml(rowNumber: number, cells: readonly CellValue[], style?: 1): string {
  let xml = `<row r="${rowNumber}">`;
  const s = style === undefined ? '' : ` s="${style}"`;
  cells.forEach((value, i) => {
    if (value === null) return;
    const ref = `${columnLetters(i)}${rowNumber}`;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
      xml += `<c r="${ref}"${s}><v>${String(value)}</v></c>`;
    } else if (typeof value === 'boolean') {
      xml += `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
    } else {
      xml += `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xstring(value)}</t></is></c>`;
    }
  });
  return `${xml}</row>`;
}

/** A worksheet up to its rows: the header row frozen. */
export function worksheetHead(): string {
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData>'
  );
}

export const WORKSHEET_TAIL = '</sheetData></worksheet>';

export function sheetPartName(index: number): string {
  return `xl/worksheets/sheet${index + 1}.xml`;
}

/** The package's fixed parts, by their names in the ZIP. */
export function packageParts(sheets: readonly SheetSpec[], exportId: string): Map<string, string> {
  const parts = new Map<string, string>();
  const sheetTypes = sheets
    .map(
      (_, i) =>
        `<Override PartName="/${sheetPartName(i)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  parts.set(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      sheetTypes +
      '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
      '<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>' +
      '</Types>',
  );
  parts.set(
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${OFFICE_DOCUMENT_REL}" Target="xl/workbook.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/extended-properties" Target="docProps/app.xml"/>` +
      `<Relationship Id="rId3" Type="${CUSTOM_PROPERTIES_REL}" Target="docProps/custom.xml"/>` +
      '</Relationships>',
  );
  parts.set(
    'docProps/app.xml',
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
      '<Application>BC Toolbox</Application></Properties>',
  );
  // The export id as a custom document property (File > Properties > Custom in Excel): ECMA-376 Part 1 §22.3; the
  // fmtid is the one every custom property carries, pids start at 2.
  parts.set(
    'docProps/custom.xml',
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" ` +
      'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
      `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Export ID"><vt:lpwstr>${xstring(exportId)}</vt:lpwstr></property>` +
      '</Properties>',
  );
  parts.set(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>` +
      sheets
        .map((sheet, i) => `<sheet name="${sheet.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('') +
      '</sheets></workbook>',
  );
  parts.set(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="${WORKSHEET_REL}" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('') +
      `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
      '</Relationships>',
  );
  // Two cell formats: 0 the default, 1 bold (the header row).
  parts.set(
    'xl/styles.xml',
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  );
  return parts;
}
