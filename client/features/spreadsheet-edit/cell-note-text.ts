// Spreadsheet Edit's notes in the reader's language (issue 45): a preview's cell error or warning, or an import's
// reason, rendered from its stable `code` and `params` (common/spreadsheet-edit/cell-notes.ts); a note without a code
// the screen knows (BigCommerce's own words) keeps its English `message`.
import type { TFunction } from 'i18next';
import type { CellNote, JobItemOutcome } from '../../../common/contracts/jobs';
import { CELL_NOTE_CODES, type CellNoteCode } from '../../../common/spreadsheet-edit/cell-notes';

/** Params that are a cell's value (a price, a level): numbers among them are written as the language writes them. */
const AMOUNT_PARAMS = new Set(['was', 'from', 'to', 'exported', 'live', 'now']);

const isKnownCode = (code: string | undefined): code is CellNoteCode =>
  code !== undefined && (CELL_NOTE_CODES as readonly string[]).includes(code);

/** An amount as the language writes it, its decimals kept (19.99: '19.99' in English, '19,99' in Vietnamese). */
export function amountText(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(value);
}

/** A note's text in the reader's language, or its English message when its code is not known here. */
export function cellNoteText(
  note: Pick<CellNote, 'message' | 'code' | 'params'>,
  t: TFunction,
  language: string,
): string {
  if (!isKnownCode(note.code)) return note.message;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(note.params ?? {})) {
    if (value === null) params[name] = t('spreadsheetEdit.empty');
    else if (typeof value === 'number')
      params[name] = AMOUNT_PARAMS.has(name) ? amountText(value, language) : String(value);
    else if (name === 'sheet' && (value === 'Products' || value === 'Variants'))
      params[name] = t(`spreadsheetEdit.sheets.${value}`);
    else params[name] = value;
  }
  // The params are the server's, known at run time only: the key is typed, its options are checked by the tests.
  const render = t as unknown as (key: `spreadsheetEdit.cell.${CellNoteCode}`, options: object) => string;
  return render(`spreadsheetEdit.cell.${note.code}`, params);
}

/** Why an import left a row or a cell as it was, in the reader's language: each cell's error, or the coded reason. */
export function outcomeReasonText(outcome: JobItemOutcome, t: TFunction, language: string): string {
  if (outcome.reasonNotes && outcome.reasonNotes.length > 0) {
    return outcome.reasonNotes
      .map((note) =>
        t('spreadsheetEdit.cellNote', { column: note.column, message: cellNoteText(note, t, language) }),
      )
      .join('; ');
  }
  const message = outcome.reason ?? '';
  return outcome.reasonCode
    ? cellNoteText(
        {
          message,
          code: outcome.reasonCode,
          ...(outcome.reasonParams ? { params: outcome.reasonParams } : {}),
        },
        t,
        language,
      )
    : message;
}
