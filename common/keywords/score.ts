// The keyword extractor's ranking (spec part 2 §9 "Keyword extractor").
import { z } from 'zod';

/** Rows in each of the three tables (1-word, 2-word, 3-word). */
export const TOP_N = 30;

/** One title occurrence outweighs 10,000 description occurrences: score = title count x 10,000 + description count. */
export const SCORE_TITLE_WEIGHT = 10_000;

/**
 * Distinct keywords kept per size. Past it the counter drops the rarest quarter (lowest score, then the last in
 * keyword order), so memory stays bounded on any catalogue: about 60 MB for the three sizes when full.
 */
export const MAX_KEYWORDS_PER_SIZE = 200_000;

/** Part of `MAX_KEYWORDS_PER_SIZE` kept when a size goes over it. */
export const PRUNE_KEEP_RATIO = 0.75;

export function keywordScore(titleCount: number, descriptionCount: number): number {
  return titleCount * SCORE_TITLE_WEIGHT + descriptionCount;
}

/** One row of a table (spec part 2 §3 "Keyword entry"). */
export const keywordEntrySchema = z.object({
  keyword: z.string().min(1),
  titleCount: z.number().int().nonnegative(),
  descriptionCount: z.number().int().nonnegative(),
  score: z.number().int().nonnegative(),
});
export type KeywordEntry = z.infer<typeof keywordEntrySchema>;

/** Rank order: higher score first; equal scores by keyword in code-unit order (the same on every machine). */
export function compareKeywordEntries(a: KeywordEntry, b: KeywordEntry): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0;
}
