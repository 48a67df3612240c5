// "Keywords missing from page titles" (issue 14): per product, its top description keywords that its page title
// lacks. The page title is what BigCommerce shows in the browser tab and to search engines: `page_title`, or the
// product's name when `page_title` is empty (BigCommerce's own fallback). Keywords are the engine's 1-word keywords,
// so the report agrees with the tables.
import { tokenise, extractKeywords } from './tokenise';

/** Description keywords looked at per product. */
export const MISSING_KEYWORDS_PER_PRODUCT = 5;
/**
 * A description keyword counts as one of the product's own when the description uses it at least this often: a word
 * said once is not what the page is about, and ranking single words would only rank them alphabetically.
 */
export const MIN_KEYWORD_OCCURRENCES = 2;

export type TitledProduct = { id: number; name: string; description: string; page_title: string };

export type MissingFromTitle = {
  id: number;
  name: string;
  /** The title checked: `page_title`, or the name when it is empty. */
  title: string;
  /**
   * The product's most frequent description keywords, used at least MIN_KEYWORD_OCCURRENCES times, most frequent
   * first (ties alphabetically).
   */
  topKeywords: string[];
  /** Those of them the title does not contain. */
  missing: string[];
};

/** The report line of one product: its top description keywords and those the title lacks. */
export function missingFromTitle(
  product: TitledProduct,
  perProduct = MISSING_KEYWORDS_PER_PRODUCT,
): MissingFromTitle {
  const title = product.page_title.trim() || product.name;
  const counts = new Map<string, number>();
  for (const word of extractKeywords(product.description, 'html')[1])
    counts.set(word, (counts.get(word) ?? 0) + 1);
  const topKeywords = [...counts]
    .filter(([, count]) => count >= MIN_KEYWORD_OCCURRENCES)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, perProduct)
    .map(([word]) => word);
  const inTitle = new Set(tokenise(title, 'text'));
  return {
    id: product.id,
    name: product.name,
    title,
    topKeywords,
    missing: topKeywords.filter((word) => !inTitle.has(word)),
  };
}

/** The report: products whose title lacks at least one of their top keywords, most missing first. */
export function missingFromTitles(
  products: readonly TitledProduct[],
  perProduct = MISSING_KEYWORDS_PER_PRODUCT,
): MissingFromTitle[] {
  return products
    .map((product) => missingFromTitle(product, perProduct))
    .filter((line) => line.missing.length > 0)
    .sort((a, b) => b.missing.length - a.missing.length || a.id - b.id);
}

/** The report as CSV rows (`product_id,name,page_title,missing_keywords`), RFC 4180 quoting, CRLF. */
export function missingFromTitlesCsv(lines: readonly MissingFromTitle[]): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = [
    'product_id,name,page_title,missing_keywords',
    ...lines.map((line) => [line.id, line.name, line.title, line.missing.join(' ')].map(field).join(',')),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
