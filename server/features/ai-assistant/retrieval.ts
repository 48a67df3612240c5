// Retrieval over the help corpus (issue 18): the Markdown files of ./help, cut into passages at their `## ` headings
// and indexed with MiniSearch (BM25 with prefix and light fuzzy matching). Every answer retrieves from it first and
// cites what it used, with or without a model.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import type { HelpPassage } from '../../../common/ai-assistant/answer';

export const HELP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'help');

/** Passages given to the model, and the share of the best score a passage needs to be kept. */
export const RETRIEVED_PASSAGES = 4;
export const RELATIVE_SCORE_FLOOR = 0.3;
/** The longest query searched (a long message is cut: its start says what it is about). */
export const MAX_QUERY_CHARS = 1_000;

export type RetrievedPassage = HelpPassage & { topic: string; score: number };

export type HelpCorpus = {
  readonly passages: readonly (HelpPassage & { topic: string })[];
  /** The passages that best match `query`, best first: at most `limit`, none below 30% of the best score. */
  search(query: string, limit?: number): RetrievedPassage[];
};

// Words that say nothing about the topic of a question. A short list of our own: the keyword extractor's long
// stop-word list drops words that matter here ("page", "new", "show").
const QUERY_STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does doing for from get got had has have how i if in into ' +
    'is it its me my no not of on or our should so than that the their them then there these they this those to ' +
    'us was we were what when where which while who why will with would you your yours want need please tell ' +
    'about explain know'
  ).split(' '),
);

/** Lower case, and a light English stem so plural and singular meet ("widgets" = "widget", "categories" = "category"). */
export function normaliseTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (QUERY_STOP_WORDS.has(lower)) return null;
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') && !lower.endsWith('us')) {
    return lower.slice(0, -1);
  }
  return lower;
}

/** `## ` sections of one help file: id `file#slug`, the heading as title, the file's `# ` title as topic. */
export function parseHelpFile(fileName: string, markdown: string): (HelpPassage & { topic: string })[] {
  const base = fileName.replace(/\.md$/, '');
  const topic = /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? base;
  const passages: (HelpPassage & { topic: string })[] = [];
  for (const section of markdown.split(/^## /m).slice(1)) {
    const [heading = '', ...body] = section.split('\n');
    const title = heading.trim();
    const text = body.join('\n').trim();
    if (title === '' || text === '') continue;
    passages.push({ id: `${base}#${slugOf(title)}`, title, text, topic });
  }
  return passages;
}

export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function createHelpCorpus(passages: readonly (HelpPassage & { topic: string })[]): HelpCorpus {
  const ids = new Set<string>();
  for (const passage of passages) {
    if (ids.has(passage.id)) throw new Error(`Two help passages have the id ${passage.id}`);
    ids.add(passage.id);
  }
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const index = new MiniSearch<HelpPassage & { topic: string }>({
    fields: ['title', 'topic', 'text'],
    processTerm: (term) => normaliseTerm(term),
    searchOptions: {
      boost: { title: 3, topic: 1.5 },
      prefix: (term) => term.length >= 4,
      // Typos in longer words only: short ones would match too much.
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  index.addAll([...passages]);
  return {
    passages,
    search(query, limit = RETRIEVED_PASSAGES) {
      const results = index.search(query.slice(0, MAX_QUERY_CHARS));
      const best = results[0]?.score ?? 0;
      return results
        .filter((result) => result.score >= best * RELATIVE_SCORE_FLOOR)
        .slice(0, limit)
        .flatMap((result) => {
          const passage = byId.get(String(result.id));
          return passage ? [{ ...passage, score: result.score }] : [];
        });
    },
  };
}

/** Reads every help file of `dir` (README.md excepted) into a corpus. */
export function loadHelpCorpus(dir = HELP_DIR): HelpCorpus {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort();
  return createHelpCorpus(
    files.flatMap((name) => parseHelpFile(name, readFileSync(path.join(dir, name), 'utf8'))),
  );
}
