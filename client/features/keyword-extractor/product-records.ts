// The compact per-product records behind "click a keyword, see its products" (issue 14). A record keeps a product's id,
// name and the words the counter counted, as text: each run of adjacent kept words (common/keywords `tokeniseRuns`)
// written as ` word word word ` and the runs joined by `|`. A 1-, 2- or 3-word keyword then occurs in a product
// exactly where ` keyword ` occurs in that text (a keyword holds no `|`, so it never spans two runs), the same
// occurrences the counter counted.
//
// Bounded (keyword-protocol.ts): descriptions keep their first `MAX_DESCRIPTION_TEXT` characters of words, and only
// the first `MAX_LISTED_PRODUCTS` products of a run are remembered (the counts themselves cover every product).
import type { KeywordProduct as PageProduct } from '../../../common/contracts/keyword-extractor';
import { tokeniseRuns, type TextKind } from '../../../common/keywords';
import type { ProductRecord } from './counts-store';
import { MAX_DESCRIPTION_TEXT, type ProductMatch, type ProductMatches } from './keyword-protocol';

/** The runs of a text as ` a b |c d ` … text, cut (at a word) to `max` characters. */
export function runsText(text: string, kind: TextKind, max = Infinity): { text: string; isCut: boolean } {
  let out = '';
  for (const run of tokeniseRuns(text, kind)) {
    const piece = ` ${run.join(' ')} `;
    const joined = out === '' ? piece : `${out}|${piece}`;
    if (joined.length > max) {
      // Keep the words of this run that fit, then stop.
      const room = max - (out === '' ? 0 : out.length + 1);
      const cut = piece.slice(0, Math.max(0, room));
      const lastSpace = cut.lastIndexOf(' ');
      if (lastSpace > 0)
        out = out === '' ? cut.slice(0, lastSpace + 1) : `${out}|${cut.slice(0, lastSpace + 1)}`;
      return { text: out, isCut: true };
    }
    out = joined;
  }
  return { text: out, isCut: false };
}

export function toProductRecord(product: PageProduct): ProductRecord {
  const description = runsText(product.description, 'html', MAX_DESCRIPTION_TEXT);
  return {
    id: product.id,
    name: product.name,
    title: runsText(product.name, 'text').text,
    description: description.text,
    isCut: description.isCut,
  };
}

/** Occurrences of a keyword (space-joined words) in a record's text, overlapping ones included ("a a" in "a a a"). */
export function countOccurrences(text: string, keyword: string): number {
  const needle = ` ${keyword} `;
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) count++;
  return count;
}

/** The products whose title or description holds the keyword, most title occurrences first (as the score ranks). */
export function findProducts(
  records: readonly ProductRecord[],
  keyword: string,
  unlisted: number,
): ProductMatches {
  const products: ProductMatch[] = [];
  let cut = 0;
  for (const record of records) {
    if (record.isCut) cut++;
    const titleCount = countOccurrences(record.title, keyword);
    const descriptionCount = countOccurrences(record.description, keyword);
    if (titleCount + descriptionCount > 0) {
      products.push({ id: record.id, name: record.name, titleCount, descriptionCount });
    }
  }
  products.sort(
    (a, b) => b.titleCount - a.titleCount || b.descriptionCount - a.descriptionCount || a.id - b.id,
  );
  return { keyword, products, searched: records.length, unlisted, cut };
}
