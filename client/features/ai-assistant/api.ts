// The AI Assistant's calls (spec part 2 §7): sessions, history, delete, and the streamed answer.
import {
  CHAT_MESSAGE_PATH,
  CHAT_RATE_LIMIT_MESSAGE,
  CHAT_SESSION_PATH,
  CHAT_SESSIONS_LIMIT,
  CHAT_SESSIONS_PATH,
  chatHistoryPath,
  chatHistoryResponseSchema,
  chatSessionsResponseSchema,
  createChatSessionResponseSchema,
  deleteChatHistoryResponseSchema,
  DEFAULT_RETRY_AFTER_SECONDS,
  type ChatMessage,
  type ChatSource,
  type HistoryItem,
} from '../../../common/contracts/ai-assistant';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { createStreamReader } from '../../../common/ai-assistant/stream-lines';
import { apiRequest } from '../../lib/api';
import { readFailure } from '../../lib/error-text';

export const chatSessionsQueryKey = ['chat', 'sessions'] as const;

export function fetchChatSessions(signal?: AbortSignal) {
  return apiRequest({
    path: `${CHAT_SESSIONS_PATH}?limit=${CHAT_SESSIONS_LIMIT}`,
    schema: chatSessionsResponseSchema,
    ...(signal ? { signal } : {}),
  }).then((body) => body.sessions);
}

export function createChatSession() {
  return apiRequest({ method: 'POST', path: CHAT_SESSION_PATH, schema: createChatSessionResponseSchema });
}

export function fetchChatHistory(sessionId: string): Promise<ChatMessage[]> {
  return apiRequest({ path: chatHistoryPath(sessionId), schema: chatHistoryResponseSchema }).then(
    (body) => body.data.messages,
  );
}

export function deleteChatHistory(sessionId: string) {
  return apiRequest({
    method: 'DELETE',
    path: chatHistoryPath(sessionId),
    schema: deleteChatHistoryResponseSchema,
  });
}

/** A message that got no answer: a rate limit (with the seconds to wait) or any other failure. */
export class ChatSendError extends Error {
  constructor(
    readonly kind: 'rateLimited' | 'failed',
    /** The server's text, when it sent one. */
    readonly serverText: string | undefined,
    readonly code: string | undefined,
    readonly retryAfterSeconds: number,
  ) {
    super(serverText ?? kind);
    this.name = 'ChatSendError';
  }
}

/** Spec §8: Retry-After in seconds, 60 when missing or unreadable. */
export function readRetryAfter(value: string | null | undefined): number {
  const seconds = Number(value);
  return value != null && value.trim() !== '' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : DEFAULT_RETRY_AFTER_SECONDS;
}

export type SendChatMessage = {
  message: string;
  sessionId: string;
  conversationHistory: HistoryItem[];
  storeCredentials?: StoreCredentials;
  signal?: AbortSignal;
  /** Each piece of the answer as it arrives. */
  onContent: (piece: string) => void;
};

/**
 * `POST /api/chat/message`: reads the `data:` lines as they arrive, giving each content piece to `onContent`, and
 * resolves with the sources once the answer is whole. Throws ChatSendError on 429 (Retry-After, 60 s without it),
 * on any other refusal, on an error line, and when the stream ends without its last line.
 */
export async function sendChatMessage({
  onContent,
  signal,
  ...body
}: SendChatMessage): Promise<{ sources: ChatSource[]; mode: 'offline' | 'model' }> {
  const response = await fetch(CHAT_MESSAGE_PATH, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    const failure = readFailure(await response.json().catch(() => null));
    if (response.status === 429) {
      throw new ChatSendError(
        'rateLimited',
        failure.text ?? CHAT_RATE_LIMIT_MESSAGE,
        failure.code,
        readRetryAfter(response.headers.get('Retry-After')),
      );
    }
    throw new ChatSendError('failed', failure.text, failure.code, 0);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const lines = createStreamReader();
  let ending: { sources: ChatSource[]; mode: 'offline' | 'model' } | undefined;
  const take = (events: ReturnType<typeof lines.push>) => {
    for (const event of events) {
      if ('content' in event) onContent(event.content);
      else if ('sources' in event) ending = event;
      else {
        const isRateLimit = event.code === 'chat_rate_limited';
        throw new ChatSendError(
          isRateLimit ? 'rateLimited' : 'failed',
          event.error,
          event.code,
          isRateLimit ? (event.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS) : 0,
        );
      }
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    take(lines.push(value));
  }
  take(lines.end());
  if (!ending) throw new ChatSendError('failed', undefined, undefined, 0);
  return ending;
}
