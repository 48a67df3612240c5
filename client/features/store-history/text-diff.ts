// A readable, word-level diff of two texts (a description before and after): the longest common subsequence of their
// words, with the runs of changed words gathered so "[-old words-][+new words+]" reads as one replacement.

export type TextDiffType = 'same' | 'added' | 'removed';

export interface TextDiffSegment {
  type: TextDiffType;
  text: string;
}

/**
 * Above this many cells (words of the changed middle of one text times those of the other), the middle is shown as
 * one removal and one addition rather than diffed word by word: the table would cost too much memory and time.
 */
export const MAX_DIFF_CELLS = 4_000_000;

/** Words and the white space between them, in order: joined back, they are the text. */
export function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** The segments that turn `before` into `after`: same, removed and added text, in reading order. */
export function diffWords(before: string, after: string): TextDiffSegment[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const raw: TextDiffSegment[] = [];
  const push = (type: TextDiffType, text: string) => raw.push({ type, text });
  a.slice(0, start).forEach((token) => push('same', token));
  diffMiddle(a.slice(start, endA), b.slice(start, endB)).forEach((segment) => raw.push(segment));
  a.slice(endA).forEach((token) => push('same', token));
  return gather(raw);
}

/** Token by token, through the LCS table (or as a whole when it would be too large). */
function diffMiddle(a: readonly string[], b: readonly string[]): TextDiffSegment[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > MAX_DIFF_CELLS) {
    return [
      ...a.map((text) => ({ type: 'removed' as const, text })),
      ...b.map((text) => ({ type: 'added' as const, text })),
    ];
  }
  // lengths[i * (m + 1) + j]: the LCS length of a[i..] and b[j..].
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const out: TextDiffSegment[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ type: 'same', text: a[i] ?? '' });
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      out.push({ type: 'removed', text: a[i] ?? '' });
      i += 1;
    } else {
      out.push({ type: 'added', text: b[j] ?? '' });
      j += 1;
    }
  }
  for (; i < n; i += 1) out.push({ type: 'removed', text: a[i] ?? '' });
  for (; j < m; j += 1) out.push({ type: 'added', text: b[j] ?? '' });
  return out;
}

const isBlank = (text: string) => text.trim() === '';

/**
 * Joins the tokens into segments: same text stays as it is; each run of changes (with the blanks between its words)
 * becomes one removal followed by one addition.
 */
function gather(tokens: readonly TextDiffSegment[]): TextDiffSegment[] {
  const out: TextDiffSegment[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ type: 'removed', text: removed });
    if (added) out.push({ type: 'added', text: added });
    removed = '';
    added = '';
  };
  tokens.forEach((token, index) => {
    if (token.type === 'same') {
      const inRun = (removed || added) && isBlank(token.text) && tokens[index + 1]?.type !== 'same';
      if (inRun && index + 1 < tokens.length) {
        // A space between two changed words belongs to both sides of the replacement (either side alone may then
        // be white space only: the view shows it plain).
        removed += token.text;
        added += token.text;
        return;
      }
      flush();
      const last = out.at(-1);
      if (last?.type === 'same') last.text += token.text;
      else out.push({ type: 'same', text: token.text });
      return;
    }
    if (token.type === 'removed') removed += token.text;
    else added += token.text;
  });
  flush();
  return out;
}

/** Words removed and added (white space not counted). */
export function countChangedWords(segments: readonly TextDiffSegment[]): { added: number; removed: number } {
  const words = (text: string) => tokenize(text).filter((token) => !isBlank(token)).length;
  return segments.reduce(
    (sum, segment) =>
      segment.type === 'added'
        ? { ...sum, added: sum.added + words(segment.text) }
        : segment.type === 'removed'
          ? { ...sum, removed: sum.removed + words(segment.text) }
          : sum,
    { added: 0, removed: 0 },
  );
}
