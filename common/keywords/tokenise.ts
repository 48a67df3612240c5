// The keyword extractor's tokeniser (spec part 2 §5 "Keyword extractor"). Pure, and the same in the browser (the
// extractor's Web Worker) and in Node (tests, benches).
//
// One pass over the text, no regular expression over the whole of it:
// - HTML (descriptions): tags are read with `indexOf('<')` and a small scanner that honours quoted attribute values;
//   `<script>`, `<style>` and `<template>` are skipped with their content; comments are skipped. Entities are
//   decoded per text run between two tags by `entities` (the browsers' own table: named, numeric and hex, with or
//   without `;` where browsers accept it), after the tags are gone, so `&lt;b&gt;` is text, not a tag.
// - A token is a run of letters, combining marks and numbers (`\p{L}\p{M}\p{N}`), so Vietnamese "giày da" is two
//   tokens, also when written decomposed ("gia\u0300y"). Everything else separates tokens. Emoji are not words:
//   variation selectors and the keycap mark (which Unicode files under marks) separate tokens, and pictographs end
//   a sentence, as they often stand for bullets ("Great gift 🎁 Free returns").
// - A token is lower-cased (`toLowerCase`, the same on every machine) and NFC-normalised, then dropped when it has
//   fewer than 2 characters (code points), has no letter (all digits, "²", "½") or is a stop-word (`stop-words.ts`).
// - Sentences end at `. , ! ? ; :` (and their full-width forms), newlines, `…`, `–`, `—`, emoji, block-level tags
//   (`</p>`, `<br>`, `<li>`, `</h1>`, `<td>`, …). Inline tags (`<b>`, `<span>`, `<a>`, …) join what they touch, as a
//   browser shows it ("<b>H</b>ello" is "hello"); other tags (`<img>`, unknown ones) separate tokens.
// - Phrases (2- and 3-word keywords) are built from tokens that stand next to each other in the text, within one
//   sentence. A dropped token breaks adjacency just like a sentence end: "made from leather" gives no "made
//   leather". A keyword should be words a customer can read and search for as written; joining across removed words
//   would invent phrases ("built everyday" from "built for everyday use") that crowd out real ones. A comma breaks
//   phrases too: lists of features ("rounded edges, tidy seams") are not phrases.
//
// The output of one text is a sequence of *runs*: maximal lists of kept tokens standing next to each other. Every
// n-gram of a run is a keyword candidate; `extractKeywords` and the counter build them the same way.
import { decodeHTML } from 'entities/decode';
import { STOP_PHRASES, STOP_WORDS } from './stop-words';

/** 1, 2 or 3 words. */
export type KeywordSize = 1 | 2 | 3;
export const KEYWORD_SIZES: readonly KeywordSize[] = [1, 2, 3];

/** Receives one run of adjacent kept tokens; `tokens` is reused after the call: copy what you keep. */
export type RunSink = (tokens: readonly string[], length: number) => void;

export type TextKind = 'html' | 'text';

// Character classes.
const SEP = 0; // separates tokens
const LOWER = 1; // a-z
const UPPER = 2; // A-Z
const DIGIT = 3; // 0-9
const BREAK = 4; // ends a sentence
const LETTER_NA = 5; // a non-ASCII letter
const WORD_NA = 6; // a non-ASCII combining mark or number
const IGNORE = 7; // soft hyphen, zero-width joiners (all in the BMP): invisible, neither join nor separate

// Token flags.
const HAS_LETTER = 1;
const NEEDS_LOWER = 2; // an ASCII capital (any non-ASCII token is lower-cased too)
const NON_ASCII = 4;
const HAS_IGNORED = 8;
const CARRIED = 16;
/** Tokens of lower-case ASCII letters and digits only, in one piece, go through the token cache. */
const NOT_CACHED = NEEDS_LOWER | NON_ASCII | HAS_IGNORED | CARRIED;

// FNV-1a over the char codes of a token, computed while scanning it.
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
/** Slots of the token cache; it is emptied when half full, so it holds at most 32,768 tokens. */
const CACHE_SLOTS = 1 << 16;

const ASCII = new Uint8Array(128);
for (let c = 0x61; c <= 0x7a; c++) ASCII[c] = LOWER;
for (let c = 0x41; c <= 0x5a; c++) ASCII[c] = UPPER;
for (let c = 0x30; c <= 0x39; c++) ASCII[c] = DIGIT;
for (const ch of '.,!?;:\n\r\v\f') ASCII[ch.charCodeAt(0)] = BREAK;

/** Non-ASCII sentence ends: ellipsis, dashes, line and paragraph separators, other scripts' punctuation. */
const BREAKS_NA = new Set([
  ...[0x2026, 0x2013, 0x2014, 0x2028, 0x2029], // … – — and the line and paragraph separators
  ...[0x3002, 0x3001, 0xff01, 0xff0c, 0xff1a, 0xff1b, 0xff1f], // 。、！，：；？
  ...[0x00a1, 0x00bf, 0x037e, 0x0589, 0x061f, 0x060c, 0x06d4, 0x0964, 0x0965], // ¡ ¿ ; ։ ؟ ، ۔ । ॥
]);
const IGNORED = new Set([0x00ad, 0x200c, 0x200d, 0x2060, 0xfeff]);
const IGNORED_RE = /\u00ad|\u200c|\u200d|\u2060|\ufeff/g;
const LETTER_RE = /^\p{L}$/u;
const MARK_OR_NUMBER_RE = /^[\p{M}\p{N}]$/u;
const PICTOGRAPH_RE = /^\p{Extended_Pictographic}$/u;

function classify(cp: number): number {
  if (BREAKS_NA.has(cp)) return BREAK;
  if (IGNORED.has(cp)) return IGNORE;
  // Emoji parts that Unicode files under marks: variation selectors and the combining enclosing keycap.
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0x20e3 || (cp >= 0xe0100 && cp <= 0xe01ef)) return SEP;
  const ch = String.fromCodePoint(cp);
  // Emoji often stand for bullets or full stops ("Great gift 🎁 Free returns"). U+2139 "ℹ" is a letter and an emoji.
  if (PICTOGRAPH_RE.test(ch)) return BREAK;
  if (LETTER_RE.test(ch)) return LETTER_NA;
  if (MARK_OR_NUMBER_RE.test(ch)) return WORD_NA;
  return SEP;
}

// Classes of the Basic Multilingual Plane, filled on first sight (class + 1; 0 = not yet known). 64 KB.
const BMP = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) BMP[c] = (ASCII[c] ?? SEP) + 1;
const ASTRAL = new Map<number, number>();

function bmpClass(c: number): number {
  let k = BMP[c] ?? 0;
  if (k === 0) {
    // A lone surrogate is not a character.
    k = (c >= 0xd800 && c <= 0xdfff ? SEP : classify(c)) + 1;
    BMP[c] = k;
  }
  return k - 1;
}

function astralClass(cp: number): number {
  let k = ASTRAL.get(cp);
  if (k === undefined) {
    k = classify(cp);
    ASTRAL.set(cp, k);
  }
  return k;
}

// What a tag does to the text around it.
const TAG_INLINE = 1; // joins: "<b>H</b>ello" is one word
const TAG_BLOCK = 2; // ends a sentence
const TAG_SKIP = 3; // skipped with its content
const TAG_KINDS = new Map<string, number>();
const INLINE_TAGS =
  'a abbr b bdi bdo big cite code data del dfn em font i ins kbd mark nobr q rp rt ruby s samp small span strike ' +
  'strong sub sup time tt u var wbr';
const BLOCK_TAGS =
  'address article aside audio blockquote body br button canvas caption center dd details dialog dir div dl dt ' +
  'embed fieldset figcaption figure footer form frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe ' +
  'legend li main menu nav noscript object ol optgroup option p pre section select summary table tbody td ' +
  'textarea tfoot th thead title tr ul video';
for (const name of INLINE_TAGS.split(' ')) TAG_KINDS.set(name, TAG_INLINE);
for (const name of BLOCK_TAGS.split(' ')) TAG_KINDS.set(name, TAG_BLOCK);
for (const name of ['script', 'style', 'template']) TAG_KINDS.set(name, TAG_SKIP);
const SKIP_END = new Map<string, RegExp>(
  ['script', 'style', 'template'].map((name) => [name, new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi')]),
);

/**
 * Turns texts into runs of adjacent kept tokens. One instance can be reused for any number of texts; it is not
 * re-entrant (the sink must not feed the same scanner).
 */
export class KeywordScanner {
  private readonly run: string[] = [];
  private runLength = 0;
  /** The start of a token cut by an inline tag ("<b>H</b>ello"), with its flags. */
  private carry = '';
  private carryFlags = 0;
  private sink: RunSink = () => {};
  // The token cache: most tokens were seen before (and half are stop-words); finding them by the hash computed
  // while scanning, compared in place with `startsWith`, avoids a new string and a hash-set look-up per token.
  private readonly cacheKeys: (string | undefined)[] = new Array<string | undefined>(CACHE_SLOTS).fill(
    undefined,
  );
  private readonly cacheHashes = new Int32Array(CACHE_SLOTS);
  private readonly cacheStop = new Uint8Array(CACHE_SLOTS);
  private cacheSize = 0;

  /** Scans `text` (HTML or plain text) and hands every run to `sink`. */
  scan(text: string, kind: TextKind, sink: RunSink): void {
    this.sink = sink;
    this.runLength = 0;
    this.carry = '';
    this.carryFlags = 0;
    if (kind === 'html') this.scanHtml(text);
    else if (text.includes('&')) {
      // Product names are plain text, but stores often keep them HTML-escaped ("Salt &amp; Pepper").
      const decoded = decodeHTML(text);
      this.scanText(decoded, 0, decoded.length);
    } else this.scanText(text, 0, text.length);
    this.flushCarry();
    this.endRun();
  }

  private scanHtml(s: string): void {
    const n = s.length;
    let i = 0;
    // The next `&` at or after `i`, or `n`: found once, not searched again for every run of text.
    let amp = -1;
    while (i < n) {
      const lt = s.indexOf('<', i);
      const end = lt < 0 ? n : lt;
      if (end > i) {
        if (amp < i) {
          amp = s.indexOf('&', i);
          if (amp < 0) amp = n;
        }
        if (amp < end) {
          const decoded = decodeHTML(s.slice(i, end));
          this.scanText(decoded, 0, decoded.length);
        } else this.scanText(s, i, end);
      }
      if (lt < 0) return;
      i = this.scanTag(s, lt);
    }
  }

  /** Reads the markup at `lt` (a `<`) and returns where the text resumes. */
  private scanTag(s: string, lt: number): number {
    const n = s.length;
    let j = lt + 1;
    let c = j < n ? s.charCodeAt(j) : 0;
    if (c === 0x21 /* ! */) {
      if (s.startsWith('--', j + 1)) {
        // From the opening dashes, so that "<!-->" and "<!--->" close at once, as in browsers.
        const close = s.indexOf('-->', j + 1);
        return close < 0 ? n : close + 3; // a comment joins like an inline tag
      }
      this.flushCarry();
      const close = s.indexOf('>', j);
      return close < 0 ? n : close + 1;
    }
    if (c === 0x3f /* ? */) {
      this.flushCarry();
      const close = s.indexOf('>', j);
      return close < 0 ? n : close + 1;
    }
    const closing = c === 0x2f; /* / */
    if (closing) c = ++j < n ? s.charCodeAt(j) : 0;
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a))) {
      // Not a tag ("a < b", "</ x"): the `<` is text, and separates.
      this.flushCarry();
      return lt + 1;
    }
    const nameStart = j;
    while (j < n) {
      c = s.charCodeAt(j);
      if (c === 0x3e || c === 0x2f || c === 0x20 || (c >= 0x09 && c <= 0x0d)) break;
      j++;
    }
    const name = s.slice(nameStart, j).toLowerCase();
    const end = tagEnd(s, j);
    const kind = TAG_KINDS.get(name);
    if (kind === TAG_INLINE) return end;
    this.flushCarry();
    if (kind === TAG_BLOCK) this.endRun();
    else if (kind === TAG_SKIP && !closing) {
      this.endRun();
      const re = SKIP_END.get(name);
      if (re === undefined) return end;
      re.lastIndex = end;
      const m = re.exec(s);
      return m === null ? n : tagEnd(s, m.index + 2 + name.length);
    }
    return end;
  }

  /** Tokenises `s[from, to)`, text with no markup and no entities. */
  private scanText(s: string, from: number, to: number): void {
    let start = -1;
    let flags = 0;
    let hash = FNV_OFFSET;
    if (this.carry !== '') {
      start = from;
      flags = this.carryFlags | CARRIED;
    }
    for (let i = from; i < to; i++) {
      const c = s.charCodeAt(i);
      let k: number;
      if (c < 0x80) {
        k = ASCII[c]!;
        if (k === LOWER) {
          // The common case first: a lower-case ASCII letter.
          if (start < 0) {
            start = i;
            hash = FNV_OFFSET;
          }
          hash = Math.imul(hash ^ c, FNV_PRIME);
          flags |= HAS_LETTER;
          continue;
        }
      } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          k = astralClass(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
          if (k === LETTER_NA || k === WORD_NA) {
            if (start < 0) start = i;
            flags |= k === LETTER_NA ? HAS_LETTER | NON_ASCII : NON_ASCII;
            i++;
            continue;
          }
          if (start >= 0) {
            this.token(s, start, i, flags, hash);
            start = -1;
            flags = 0;
          }
          if (k === BREAK) this.endRun();
          i++;
          continue;
        }
        k = SEP;
      } else k = bmpClass(c);
      switch (k) {
        case UPPER:
          if (start < 0) start = i;
          flags |= HAS_LETTER | NEEDS_LOWER;
          break;
        case DIGIT:
          if (start < 0) {
            start = i;
            hash = FNV_OFFSET;
          }
          hash = Math.imul(hash ^ c, FNV_PRIME);
          break;
        case LETTER_NA:
          if (start < 0) start = i;
          flags |= HAS_LETTER | NON_ASCII;
          break;
        case WORD_NA:
          if (start < 0) start = i;
          flags |= NON_ASCII;
          break;
        case IGNORE:
          if (start >= 0) flags |= HAS_IGNORED;
          break;
        default:
          if (start >= 0) {
            this.token(s, start, i, flags, hash);
            start = -1;
            flags = 0;
          }
          if (k === BREAK) this.endRun();
      }
    }
    if (start >= 0) {
      this.carry = this.carry + s.slice(start, to);
      this.carryFlags = flags;
    }
  }

  private flushCarry(): void {
    if (this.carry !== '') this.token('', 0, 0, this.carryFlags | CARRIED, 0);
  }

  /** Finishes the token `carry + s[a, b)`: normalises it, then keeps it in the run or drops it. */
  private token(s: string, a: number, b: number, flags: number, hash: number): void {
    if ((flags & NOT_CACHED) === 0) return this.cachedToken(s, a, b, flags, hash);
    let t = this.carry === '' ? s.slice(a, b) : this.carry + s.slice(a, b);
    this.carry = '';
    this.carryFlags = 0;
    if ((flags & HAS_LETTER) === 0) return this.endRun();
    if ((flags & HAS_IGNORED) !== 0) t = t.replace(IGNORED_RE, '');
    // Non-ASCII numbers have cases too (Roman numeral "Ⅰ" is "ⅰ" in lower case).
    if ((flags & (NEEDS_LOWER | NON_ASCII)) !== 0) t = t.toLowerCase();
    if ((flags & NON_ASCII) !== 0) {
      t = t.normalize('NFC');
      // Fewer than 2 code points: one character, or one astral character (a surrogate pair).
      if (t.length < 2 || (t.length === 2 && t.charCodeAt(0) >= 0xd800 && t.charCodeAt(0) <= 0xdbff)) {
        return this.endRun();
      }
    } else if (t.length < 2) return this.endRun();
    if (STOP_WORDS.has(t)) return this.endRun();
    this.run[this.runLength++] = t;
  }

  /** `token` for lower-case ASCII letters and digits in one piece. */
  private cachedToken(s: string, a: number, b: number, flags: number, hash: number): void {
    const length = b - a;
    if ((flags & HAS_LETTER) === 0 || length < 2) return this.endRun();
    const keys = this.cacheKeys;
    let slot = hash & (CACHE_SLOTS - 1);
    for (let key = keys[slot]; key !== undefined; key = keys[slot]) {
      if (this.cacheHashes[slot] === hash && key.length === length && s.startsWith(key, a)) {
        if (this.cacheStop[slot] === 1) return this.endRun();
        this.run[this.runLength++] = key;
        return;
      }
      slot = (slot + 1) & (CACHE_SLOTS - 1);
    }
    const t = ownString(s.slice(a, b));
    const stop = STOP_WORDS.has(t);
    if (this.cacheSize * 2 >= CACHE_SLOTS) {
      keys.fill(undefined);
      this.cacheSize = 0;
      slot = hash & (CACHE_SLOTS - 1);
    }
    keys[slot] = t;
    this.cacheHashes[slot] = hash;
    this.cacheStop[slot] = stop ? 1 : 0;
    this.cacheSize++;
    if (stop) return this.endRun();
    this.run[this.runLength++] = t;
  }

  private endRun(): void {
    if (this.runLength === 0) return;
    const length = this.runLength;
    this.runLength = 0;
    this.sink(this.run, length);
  }
}

/** The index after the `>` that closes the tag whose name ends before `from`, honouring quoted attribute values. */
function tagEnd(s: string, from: number): number {
  const n = s.length;
  for (let j = from; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c === 0x3e /* > */) return j + 1;
    if (c === 0x3d /* = */) {
      let k = j + 1;
      while (k < n && isSpace(s.charCodeAt(k))) k++;
      const q = k < n ? s.charCodeAt(k) : 0;
      if (q === 0x22 || q === 0x27) {
        const close = s.indexOf(q === 0x22 ? '"' : "'", k + 1);
        if (close < 0) return n;
        j = close;
      } else j = k - 1;
    }
  }
  return n;
}

/**
 * A copy of a token that does not keep the whole text alive: V8 makes a slice of 13 or more characters a view into
 * its parent string, and a kept token (a cache entry, a counter's key) would hold a whole description.
 */
export function ownString(token: string): string {
  return token.length >= 13 ? (token + ' ').slice(0, -1) : token;
}

function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** True when the space-joined phrase is, or contains, a multi-word stop-phrase ("có thể"). */
export function containsStopPhrase(words: readonly string[], from: number, to: number): boolean {
  if (STOP_PHRASES.size === 0) return false;
  for (let a = from; a < to - 1; a++) {
    let phrase = words[a] ?? '';
    for (let b = a + 1; b < to; b++) {
      phrase = `${phrase} ${words[b]}`;
      if (STOP_PHRASES.has(phrase)) return true;
    }
  }
  return false;
}

const shared = new KeywordScanner();

/** The runs of adjacent kept tokens of a text, as arrays. */
export function tokeniseRuns(text: string, kind: TextKind = 'html'): string[][] {
  const runs: string[][] = [];
  shared.scan(text, kind, (tokens, length) => runs.push(tokens.slice(0, length)));
  return runs;
}

/** The kept tokens of a text (its 1-word keywords, each occurrence), in order. */
export function tokenise(text: string, kind: TextKind = 'html'): string[] {
  const out: string[] = [];
  shared.scan(text, kind, (tokens, length) => {
    for (let i = 0; i < length; i++) out.push(tokens[i] ?? '');
  });
  return out;
}

/**
 * Every keyword occurrence of a text by size: 1-word tokens, and the 2- and 3-word phrases of adjacent tokens within a
 * run, space-joined, without stop-phrases. The counter counts exactly these; other tools (products that contain a
 * keyword, keywords missing from page titles) use them to look at one product.
 */
export function extractKeywords(text: string, kind: TextKind = 'html'): Record<KeywordSize, string[]> {
  const out: Record<KeywordSize, string[]> = { 1: [], 2: [], 3: [] };
  shared.scan(text, kind, (tokens, length) => {
    const run = tokens.slice(0, length);
    for (let i = 0; i < length; i++) {
      out[1].push(run[i] ?? '');
      if (i >= 1 && !containsStopPhrase(run, i - 1, i + 1)) out[2].push(run.slice(i - 1, i + 1).join(' '));
      if (i >= 2 && !containsStopPhrase(run, i - 2, i + 1)) out[3].push(run.slice(i - 2, i + 1).join(' '));
    }
  });
  return out;
}
