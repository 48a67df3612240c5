// What the Keyword Extractor's screen and its Web Worker say to each other (keyword-session.ts answers, worker-rpc.ts
// carries), and the shapes the screen shows. Types and constants only, so the screen's bundle does not carry the
// engine: the worker does.
import type { KeywordProduct as PageProduct } from '../../../common/contracts/keyword-extractor';
import type { KeywordEntry, KeywordSize, MissingFromTitle } from '../../../common/keywords';

/** Descriptions are remembered for the product listing up to this many characters of words. */
export const MAX_DESCRIPTION_TEXT = 3_000;
/** Products of a run remembered for the product listing (the counts cover every product). */
export const MAX_LISTED_PRODUCTS = 10_000;

export type KeywordTables = [KeywordEntry[], KeywordEntry[], KeywordEntry[]];

/** What the screen shows of the counts. */
export interface CountsView {
  /** The top 30 of each size. */
  tables: KeywordTables;
  /** Distinct keywords of all sizes. */
  keywords: number;
  /** Products counted. */
  products: number;
  /** The last page's counts were saved (false when the browser refused: a reload would start counting over). */
  isSaved: boolean;
}

export const EMPTY_VIEW: CountsView = { tables: [[], [], []], keywords: 0, products: 0, isSaved: true };

/** The position of a run as the counts stand for it. */
export interface CountsPosition {
  nextPage: number;
  processedProducts: number;
  countsFromPage: number;
}

export type KeywordRequest =
  | { kind: 'reset' }
  | { kind: 'restore'; runId: string }
  | {
      kind: 'count';
      runId: string;
      page: number;
      products: PageProduct[];
      /** Products of the run processed before this page. */
      processedBefore: number;
      countsFromPage: number;
    }
  | { kind: 'find'; keyword: string }
  | { kind: 'csv'; size: KeywordSize }
  | { kind: 'ids' }
  | { kind: 'missing-csv'; lines: MissingFromTitle[] };

export interface KeywordReplies {
  reset: null;
  restore: { position: CountsPosition; view: CountsView } | null;
  count: CountsView;
  find: ProductMatches;
  csv: string;
  ids: ReadProductIds;
  'missing-csv': string;
}

/** The ids of the products read so far that are remembered (the report on page titles checks these). */
export interface ReadProductIds {
  ids: number[];
  /** Products read but not remembered (over `MAX_LISTED_PRODUCTS`). */
  unlisted: number;
}

export type KeywordRequestOf<K extends KeywordRequest['kind']> = Extract<KeywordRequest, { kind: K }>;

export interface ProductMatch {
  id: number;
  name: string;
  titleCount: number;
  descriptionCount: number;
}

export interface ProductMatches {
  keyword: string;
  products: ProductMatch[];
  /** Products searched (the remembered ones). */
  searched: number;
  /** Products read but not remembered (over the limit). */
  unlisted: number;
  /** Products searched whose description was searched only in part. */
  cut: number;
}
