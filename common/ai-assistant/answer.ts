// How an answer cites the help passages it used (issue 18): passages are numbered [1], [2]… in the order they were
// retrieved; the answer's Markdown ends with a "Sources" list of those it cites (all of them when it cites none), and
// the stream's last line names them too. Without a model (offline mode) the answer is composed from the passages.
import type { ChatSource } from '../contracts/ai-assistant';

/** A passage of the help corpus: `id` is `file#section`. */
export type HelpPassage = { id: string; title: string; text: string };

export const OFFLINE_NOTICE =
  '*Offline mode: no AI model is configured on this server, so this answer quotes the help passages that best match your question.*';

export const OFFLINE_NO_MATCH =
  'I found nothing in the help that matches this question. Try asking about one of the tools (Dump Product, Import Widgets, Copy Description, Keyword Extractor…) or a BigCommerce topic such as rate limits, channels, category trees, widgets, placements or Stencil themes.';

/** The heading of the sources list that ends every answer that used passages. */
export const SOURCES_HEADING = '**Sources**';

/** Most passages quoted in an offline answer, and the most characters quoted from one. */
export const OFFLINE_PASSAGES = 3;
export const OFFLINE_QUOTE_CHARS = 900;

export function sourceOf(passage: HelpPassage): ChatSource {
  return { id: passage.id, title: passage.title };
}

/** The offline answer: the notice, then the best passages quoted with their numbers, then the sources. */
export function composeOfflineAnswer(passages: readonly HelpPassage[]): {
  text: string;
  sources: ChatSource[];
} {
  const quoted = passages.slice(0, OFFLINE_PASSAGES);
  if (quoted.length === 0) return { text: `${OFFLINE_NOTICE}\n\n${OFFLINE_NO_MATCH}`, sources: [] };
  const sections = quoted.map(
    (passage, index) => `### [${index + 1}] ${passage.title}\n\n${quote(passage.text, OFFLINE_QUOTE_CHARS)}`,
  );
  const sources = quoted.map(sourceOf);
  return { text: `${OFFLINE_NOTICE}\n\n${sections.join('\n\n')}${sourcesFooter(sources)}`, sources };
}

/** The start of a passage, cut at the last paragraph (or sentence) that fits. */
export function quote(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const head = trimmed.slice(0, max);
  const paragraph = head.lastIndexOf('\n\n');
  if (paragraph > max / 3) return `${head.slice(0, paragraph).trimEnd()}\n\n…`;
  const sentence = head.lastIndexOf('. ');
  if (sentence > max / 3) return `${head.slice(0, sentence + 1)} …`;
  return `${head.trimEnd()}…`;
}

/**
 * The passages an answer cites as `[n]` (numbers of `passages`, 1-based), with their numbers; all of them when it
 * cites none (they were what it was given to answer from).
 */
export function citedPassages<T>(answer: string, passages: readonly T[]): { passage: T; n: number }[] {
  const cited = new Set<number>();
  for (const match of answer.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(match[1]);
    if (n >= 1 && n <= passages.length) cited.add(n);
  }
  const numbered = passages.map((passage, index) => ({ passage, n: index + 1 }));
  return cited.size === 0 ? numbered : numbered.filter((entry) => cited.has(entry.n));
}

/** The Markdown that ends an answer: a rule and the numbered sources ('' when none). */
export function sourcesFooter(sources: readonly ChatSource[], numbers?: readonly number[]): string {
  if (sources.length === 0) return '';
  const lines = sources.map((source, index) => `- [${numbers?.[index] ?? index + 1}] ${source.title}`);
  return `\n\n---\n\n${SOURCES_HEADING}\n\n${lines.join('\n')}`;
}
