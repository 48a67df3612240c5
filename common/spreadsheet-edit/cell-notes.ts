// Spreadsheet Edit's notes on a cell or a row (issue 45): each error, warning and job outcome has a stable `code` and
// its `params` beside the English `message` (the API's, the agents' and the failed-rows sheet's). The screen renders
// `spreadsheetEdit.cell.<code>` with the params in the reader's language (client/locales, kept equal to these English
// templates by client/features/spreadsheet-edit/cell-note-text.test.ts), falling back to `message`.

/** A note's parameter: a name or text, a number (an amount the screen formats for its language), or empty (null). */
export type NoteParam = string | number | null;
export type NoteParams = Record<string, NoteParam>;

/** The English of each code; `{name}` is a parameter (null reads `(empty)`). */
export const CELL_NOTE_ENGLISH = {
  nulCharacter: '{column} contains a NUL character',
  readOnly: '{column} is read only',
  empty: '{column} cannot be empty',
  tooLong: '{column} is longer than {max} characters ({length})',
  notNumber: '{column} must be a number',
  belowMin: '{column} cannot be below {min}',
  notWholeNumber: '{column} must be a whole number',
  outOfRange: '{column} must be between {min} and {max}',
  notBoolean: '{column} must be TRUE or FALSE',
  notOneOf: '{column} must be one of: {values}',
  unknownBrand: 'Brand "{name}" does not exist in the store',
  unknownCategory: 'Category "{path}" does not exist in the store',
  urlSlash: '{column} must start with /',
  keyInvalid: '{column} must be a positive whole number',
  keyRepeated: '{column} {id} is also on row {row}',
  productMissing: 'Product {id} does not exist in the store',
  variantMissing: 'Variant {id} does not exist in the store',
  variantOfOtherProduct: 'Variant {id} belongs to product {owner}, not {product}',
  skuInSheet: 'SKU "{sku}" is also given to {sheet} row {row}',
  skuOfProduct: 'SKU "{sku}" is already used by product {id} in the store',
  skuOfVariant: 'SKU "{sku}" is already used by variant {id} in the store',
  changedSinceExport: '{column} changed in the store since the export ({exported} → {live})',
  priceZero: '{column} becomes 0 (was {was})',
  priceJump: '{column} changes by more than half ({from} → {to})',
  // The import job's outcomes.
  keptStoreValue: 'Changed in the store since the export: the store’s value is kept',
  allChangedSinceExport: 'Every change was made in the store since the export',
  productGone: 'The product is no longer in the store',
  variantGone: 'The variant is no longer in the store',
  changedSincePreview: 'Changed in the store since the preview (now {now}): left as it is',
  allChangedSincePreview: 'Every cell changed in the store since the preview',
} as const;
export type CellNoteCode = keyof typeof CELL_NOTE_ENGLISH;
export const CELL_NOTE_CODES = Object.keys(CELL_NOTE_ENGLISH) as CellNoteCode[];

/** A note as the server makes it: the code, its params and the English message. */
export type CodedNote = { code: CellNoteCode; params: NoteParams; message: string };

/** A value as a note's parameter: empty as null, ids of a list joined, numbers kept (the screen formats them). */
export function noteValue(value: unknown): NoteParam {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.join(', ');
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The English text of a parameter: `(empty)` for null. */
const englishParam = (value: NoteParam | undefined) =>
  value === null || value === undefined ? '(empty)' : String(value);

/** The note of a code and its params, with its English message. */
export function cellNote(code: CellNoteCode, params: NoteParams = {}): CodedNote {
  const message = CELL_NOTE_ENGLISH[code].replace(/\{(\w+)\}/g, (_all, name: string) =>
    englishParam(params[name]),
  );
  return { code, params, message };
}
