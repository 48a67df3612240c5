// The rules of the id picker (issue 31, "Finding things by name"), pure: what the field searches for, what a pick
// writes into it, when the list of matches shows itself, and where the arrow keys move.
import { searchedId } from '../../../common/contracts/search-products';

export type EntityKind = 'product' | 'category' | 'brand';
/** What a pick writes: the id (every kind), or a product's SKU (Dump Product and Import Product by SKU). */
export type PickedValue = 'id' | 'sku';

/** One match as the picker shows it: "name · SKU · #id". */
export type EntityMatch = { id: number; name: string; sku?: string };

/** Text queries start at this many characters (one letter matches most of a catalogue); a number at one digit. */
export const MIN_TEXT_QUERY = 2;
/** The server's bound (common/contracts/search-products.ts): longer text is not searched. */
const MAX_QUERY = 100;

/** The part of the field being typed: all of it, or in a list of ids the part after the last comma. */
export function currentPart(text: string, isList: boolean): string {
  return (isList ? text.slice(text.lastIndexOf(',') + 1) : text).trim();
}

/** Whether the part typed is an id for this field: a whole number where the field takes ids (not SKUs). */
export function typesId(part: string, picked: PickedValue): boolean {
  return picked === 'id' && searchedId(part) !== undefined;
}

/**
 * The query sent for what is typed, or null when there is nothing to search. An id typed or pasted is searched only
 * when the list is asked for (Down arrow): the field takes it as it is, as it always has.
 */
export function searchQueryOf(
  text: string,
  isList: boolean,
  picked: PickedValue = 'id',
  wasAskedFor = false,
): string | null {
  const part = currentPart(text, isList);
  if (part.length > MAX_QUERY) return null;
  if (typesId(part, picked)) return wasAskedFor ? part : null;
  return part.length >= MIN_TEXT_QUERY || (part !== '' && searchedId(part) !== undefined) ? part : null;
}

/** The text a pick writes in the field (in a list, in place of the part being typed). */
export function valueOf(match: EntityMatch, picked: PickedValue): string {
  return picked === 'sku' && match.sku ? match.sku : String(match.id);
}

export function applyPick(text: string, match: EntityMatch, picked: PickedValue, isList: boolean): string {
  const value = valueOf(match, picked);
  if (!isList) return value;
  const comma = text.lastIndexOf(',');
  return comma < 0 ? value : `${text.slice(0, comma + 1)} ${value}`;
}

/** A match's name (`unnamed` when it has none) and the rest of its line: " · KST-HPH-1042 · #77". */
export function matchParts(match: EntityMatch, unnamed: string): { name: string; details: string } {
  const details = [match.sku, `#${match.id}`].filter(Boolean).map((part) => ` · ${String(part)}`);
  return { name: match.name || unnamed, details: details.join('') };
}

/** "Kestrel Summit Headphones · KST-HPH-1042 · #77" (the SKU left out when there is none). */
export function matchText(match: EntityMatch, unnamed: string): string {
  const { name, details } = matchParts(match, unnamed);
  return `${name}${details}`;
}

export type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'failed'; text: string }
  | { status: 'done'; matches: readonly EntityMatch[]; isCurrent: boolean };

export type PopupContent = 'none' | 'matches' | 'searching' | 'no-matches' | 'failed';

/**
 * What the list under the field shows. The field keeps working as a plain id field: it shows nothing while the text
 * already is a match's value (an id or SKU typed or pasted whole), and for an id typed it says nothing of a search
 * that found nothing or failed (the tool itself says so), unless the list was asked for (Down arrow).
 */
export function popupContent(
  state: SearchState,
  part: string,
  picked: PickedValue,
  wasAskedFor: boolean,
): PopupContent {
  const isId = typesId(part, picked);
  switch (state.status) {
    case 'idle':
      return 'none';
    case 'searching':
      return isId && !wasAskedFor ? 'none' : 'searching';
    case 'failed':
      return isId && !wasAskedFor ? 'none' : 'failed';
    case 'done': {
      if (state.matches.length === 0) {
        // The last query's empty answer while this one is on its way: still searching.
        if (!state.isCurrent) return popupContent({ status: 'searching' }, part, picked, wasAskedFor);
        return isId && !wasAskedFor ? 'none' : 'no-matches';
      }
      const whole = part.toLowerCase();
      const isWhole = state.matches.some((match) => valueOf(match, picked).toLowerCase() === whole);
      return isWhole && !wasAskedFor ? 'none' : 'matches';
    }
  }
}

/** The option the arrow keys lead to (-1: none, the text field itself); Up from none goes to the last. */
export function nextActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active + 1 >= count ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

/**
 * Where a table cell's matches open: fixed on the screen under the field (a table's scrolling box would clip them),
 * 20rem wide (less on a narrow screen), moved left when the field is too near the screen's right edge.
 */
export function cellPopupPlace(
  field: { left: number; bottom: number },
  screenWidth: number,
): { position: 'fixed'; top: number; left: number; width: number } {
  const margin = 8;
  const width = Math.min(320, screenWidth - 2 * margin);
  const left = Math.max(margin, Math.min(field.left, screenWidth - margin - width));
  return { position: 'fixed', top: field.bottom + 4, left, width };
}

/** One item picked by name, shown as a chip under its field (issue 44): its id and name. */
export type PickedChip = { id: string; name: string };

/** The ids in the field (one, or a comma list), trimmed, in order, without repeats. */
function idsIn(text: string, isList: boolean): string[] {
  const parts = (isList ? text.split(',') : [text]).map((part) => part.trim()).filter(Boolean);
  return [...new Set(parts)];
}

/** The chips of the ids in the field that were picked from the list (a typed id has no known name: no chip). */
export function chipsOf(text: string, isList: boolean, names: ReadonlyMap<string, string>): PickedChip[] {
  return idsIn(text, isList).flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });
}

/** The field without one id (a chip removed): the rest of a list, comma separated, or empty. */
export function withoutId(text: string, id: string, isList: boolean): string {
  return isList
    ? idsIn(text, true)
        .filter((one) => one !== id)
        .join(', ')
    : '';
}
