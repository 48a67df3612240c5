// Conversation rules both sides share (spec part 2 §5, §9): the context sent with a question is the last 10 earlier
// messages, whatever the client sends; a session is titled from its first question; a blank message is not sent.
import { CHAT_CONTEXT_MESSAGES, MAX_CHAT_TITLE_CHARS } from '../contracts/ai-assistant';

/** The last `limit` (10) messages, oldest first. */
export function contextWindow<T>(history: readonly T[], limit = CHAT_CONTEXT_MESSAGES): T[] {
  return limit <= 0 ? [] : history.slice(-limit);
}

/** A message worth sending: not empty, not only white space. */
export function isSendable(message: string): boolean {
  return message.trim().length > 0;
}

/**
 * A session's title from its first question: its first non-blank line, white space folded, at most 60 characters
 * (cut at a word when one ends in the last third, then '…').
 */
export function titleFromQuestion(question: string, max = MAX_CHAT_TITLE_CHARS): string {
  const line =
    question
      .split(/\r?\n/)
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .find((part) => part !== '') ?? '';
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  // The word ends right at the cut: keep it whole.
  if (chars[max - 1] === ' ') return `${cut.trimEnd()}…`;
  const space = cut.lastIndexOf(' ');
  const head = space >= Math.floor(((max - 1) * 2) / 3) ? cut.slice(0, space) : cut;
  return `${head.trimEnd()}…`;
}
