// The answer stream of `POST /api/chat/message` (spec part 2 §7): lines `data: <json>`, one event each, separated by
// a blank line as Server-Sent Events are. Written by the server, read by the screen.
import { chatStreamEventSchema, type ChatStreamEvent } from '../contracts/ai-assistant';

export const STREAM_DATA_PREFIX = 'data: ';

/** One event as it goes on the wire. */
export function encodeStreamEvent(event: ChatStreamEvent): string {
  return `${STREAM_DATA_PREFIX}${JSON.stringify(event)}\n\n`;
}

/**
 * Reads a stream's text piece by piece: `push` returns the events completed by a piece, `end` those left at the end.
 * Lines that are not `data: ` lines (comments, blank lines) and data that is not a known event are skipped.
 */
export function createStreamReader(): { push(text: string): ChatStreamEvent[]; end(): ChatStreamEvent[] } {
  let buffered = '';
  const read = (lines: string[]) =>
    lines.flatMap((line) => {
      const event = parseStreamLine(line);
      return event ? [event] : [];
    });
  return {
    push(text) {
      buffered += text;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      return read(lines);
    },
    end() {
      const rest = buffered;
      buffered = '';
      return read([rest]);
    },
  };
}

export function parseStreamLine(line: string): ChatStreamEvent | null {
  const trimmed = line.replace(/\r$/, '');
  if (!trimmed.startsWith(STREAM_DATA_PREFIX)) return null;
  try {
    const parsed = chatStreamEventSchema.safeParse(JSON.parse(trimmed.slice(STREAM_DATA_PREFIX.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * An answer cut into small pieces for streaming (the offline mode streams the same way a model does): about `size`
 * characters each, ending after a space or a line break where one is near, so no word is split.
 */
export function streamPieces(text: string, size = 24): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const window = rest.slice(0, size * 2);
    const breakAt = Math.max(window.lastIndexOf(' ', size), window.lastIndexOf('\n', size));
    const end = breakAt > 0 ? breakAt + 1 : size;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}
