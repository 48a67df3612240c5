// The stop-words of the keyword extractor (spec part 2 §5 "Keyword extractor": "drop common stop-words"). They come
// from `stopwords-iso` 1.1.0 (https://github.com/stopwords-iso/stopwords-iso, MIT), the English (`en`, 1,298
// entries) and Vietnamese (`vi`, 645 entries) lists, read from the package at build time, never copied here.
//
// Each entry goes through the tokeniser's own splitting (lower-case, NFC, split on anything that is not a letter,
// mark or number), so an entry matches exactly the tokens the extractor makes:
// - an entry that gives one token is a stop-word: the token is dropped ("the", "và", and "don" from "don't");
// - an entry that gives several tokens is a stop-phrase: no 2- or 3-word keyword may contain it. Vietnamese writes
//   a word as syllables separated by spaces, so 379 of its 645 entries are of this kind ("bao giờ", "chúng tôi",
//   "có thể"); their syllables on their own are ordinary words and are kept as 1-word keywords.
//
// Together: 1,451 stop-words and 470 stop-phrases (`STOP_WORD_SOURCE`, checked by a test).
//
// STOP_WORD_EXCEPTIONS: the English list merges several web-page lists and carries a few words that name goods or
// who they are for; in a product catalogue those are the keywords a store manager is looking for (a mug shop must
// see "mug"). They are the only changes made to the package's lists.
// Named imports, so that a bundler keeps only these two of the package's 58 lists.
import { en, vi } from 'stopwords-iso/stopwords-iso.json';

/** Entries of the English list kept as keywords: goods, rooms and audiences in a catalogue. */
export const STOP_WORD_EXCEPTIONS: readonly string[] = [
  'case',
  'cases',
  'computer',
  'face',
  'home',
  'man',
  'men',
  'mug',
  'ring',
  'room',
  'rooms',
  'tv',
];

const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

function splitEntry(entry: string): string[] {
  return entry
    .toLowerCase()
    .normalize('NFC')
    .split(NOT_WORD)
    .filter((part) => part !== '');
}

function build(lists: readonly (readonly string[])[]) {
  const words = new Set<string>();
  const phrases = new Set<string>();
  const exceptions = new Set(STOP_WORD_EXCEPTIONS);
  for (const list of lists) {
    for (const entry of list) {
      const parts = splitEntry(entry);
      if (parts.length === 1 && !exceptions.has(parts[0] ?? '')) words.add(parts[0] ?? '');
      else if (parts.length > 1) phrases.add(parts.join(' '));
    }
  }
  return { words, phrases };
}

const built = build([en, vi]);

/** Single-token stop-words: a token in this set is dropped (English and Vietnamese, see the file's head). */
export const STOP_WORDS: ReadonlySet<string> = built.words;

/** Multi-token stop-phrases, space-joined ("bao giờ"): no 2- or 3-word keyword contains one. */
export const STOP_PHRASES: ReadonlySet<string> = built.phrases;

/** Where the lists come from and how many entries they give, for the screen's help text and the notes. */
export const STOP_WORD_SOURCE = {
  package: 'stopwords-iso',
  version: '1.1.0',
  lists: { en: en.length, vi: vi.length },
  exceptions: STOP_WORD_EXCEPTIONS.length,
  stopWords: built.words.size,
  stopPhrases: built.phrases.size,
} as const;
