// The AI Assistant's wire contract (spec part 2 §3, §7, §9; issue 18): chat sessions and their messages, and the
// streamed answer of `POST /api/chat/message`.
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { storeCredentialsSchema } from './stores';
import { codedIssue } from './tool-result';

export const CHAT_SESSIONS_PATH = '/api/chat/sessions';
export const CHAT_SESSION_PATH = '/api/chat/session';
export const CHAT_HISTORY_PATH = '/api/chat/history';
export const CHAT_MESSAGE_PATH = '/api/chat/message';
/** The server's route of one session's history (`:sessionId`); `chatHistoryPath` fills one in. */
export const CHAT_HISTORY_SESSION_PATH = `${CHAT_HISTORY_PATH}/:sessionId`;

/** `GET /api/chat/history/{sessionId}` and `DELETE` of the same path. */
export function chatHistoryPath(sessionId: string): string {
  return `${CHAT_HISTORY_PATH}/${encodeURIComponent(sessionId)}`;
}

/** Spec §9: the history sidebar loads 50 sessions (also the most `?limit=` may ask for). */
export const CHAT_SESSIONS_LIMIT = 50;
/** Spec §9: the last 10 messages are sent as context; the server keeps no more, whatever the client sends. */
export const CHAT_CONTEXT_MESSAGES = 10;
/** Longest question accepted, in characters. */
export const MAX_CHAT_MESSAGE_CHARS = 4_000;
/** Most items `conversationHistory` may carry (only the last 10 are used) and the longest item, in characters. */
export const MAX_HISTORY_ITEMS = 50;
export const MAX_HISTORY_ITEM_CHARS = 16_000;
/** Longest session title (from the first question), in characters. */
export const MAX_CHAT_TITLE_CHARS = 60;
/** Spec §8: a 429 without Retry-After blocks sending for 60 seconds. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Spec §8: what the chat shows when a 429 carries no message, and on any other failure. */
export const CHAT_RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please try again later.';
export const CHAT_RESPONSE_FAILED_MESSAGE = 'Failed to get response. Please try again.';
export const CHAT_MESSAGE_REQUIRED_MESSAGE = 'Please enter a message';

export const chatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof chatRoleSchema>;

/** A session id as the server makes them (a UUID); anything else is a session that does not exist. */
export const chatSessionIdSchema = z.uuid({ message: 'sessionId: must be a chat session id' });

/** Spec §3 "Message". `timestamp` is an ISO 8601 date. */
export const chatMessageSchema = z.object({
  role: chatRoleSchema,
  content: z.string(),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Spec §3 "Chat session": `sessionId` and `_id` are the same id. `updatedAt` is an ISO 8601 date. */
export const chatSessionSummarySchema = z.object({
  sessionId: z.string(),
  _id: z.string(),
  title: z.string(),
  messageCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;

/** `GET /api/chat/sessions?limit=50` query: 1 to 50, 50 when left out. */
export const chatSessionsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit: must be a number from 1 to 50' })
    .int({ message: 'limit: must be a number from 1 to 50' })
    .min(1, { message: 'limit: must be a number from 1 to 50' })
    .max(CHAT_SESSIONS_LIMIT, { message: 'limit: must be a number from 1 to 50' })
    .default(CHAT_SESSIONS_LIMIT),
});

export const chatSessionsResponseSchema = z.object({ sessions: z.array(chatSessionSummarySchema) });
/** `POST /api/chat/session`: the new session's id, and whether answers come from a model or offline (ours). */
export const createChatSessionResponseSchema = z.object({
  sessionId: z.string(),
  mode: z.enum(['offline', 'model']).optional(),
});
export const chatHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ messages: z.array(chatMessageSchema) }),
});
export const deleteChatHistoryResponseSchema = z.object({ success: z.literal(true) });

/** One earlier message sent as context (spec §7 `conversationHistory`). */
export const historyItemSchema = z.object({
  role: chatRoleSchema,
  content: z.string().max(MAX_HISTORY_ITEM_CHARS, {
    message: `conversationHistory: a message is longer than ${MAX_HISTORY_ITEM_CHARS} characters`,
  }),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/**
 * `POST /api/chat/message` (spec §7). `storeCredentials` (optional, ours) is the store the user picked in the chat:
 * with a model, its read-only tools look things up there.
 */
export const sendChatMessageRequestSchema = z.object({
  // Missing reads as empty: 'Please enter a message' with its own code, as a blank one.
  message: z.preprocess(
    (value) => value ?? '',
    z
      .string({ message: CHAT_MESSAGE_REQUIRED_MESSAGE })
      .trim()
      .superRefine((value, ctx) => {
        if (value === '')
          ctx.addIssue(codedIssue(ERROR_CODES.messageRequired, CHAT_MESSAGE_REQUIRED_MESSAGE));
        else if (value.length > MAX_CHAT_MESSAGE_CHARS) {
          ctx.addIssue(
            codedIssue(
              ERROR_CODES.messageTooLong,
              `The message is longer than ${MAX_CHAT_MESSAGE_CHARS} characters`,
            ),
          );
        }
      }),
  ),
  sessionId: chatSessionIdSchema,
  conversationHistory: z
    .array(historyItemSchema)
    .max(MAX_HISTORY_ITEMS, { message: `conversationHistory: at most ${MAX_HISTORY_ITEMS} messages` })
    .default([]),
  storeCredentials: storeCredentialsSchema.optional(),
});
export type SendChatMessageRequest = z.input<typeof sendChatMessageRequestSchema>;

/** A help passage an answer used: its id (`file#section`) and title. */
export const chatSourceSchema = z.object({ id: z.string(), title: z.string() });
export type ChatSource = z.infer<typeof chatSourceSchema>;

/**
 * The lines of the answer stream, each `data: <json>`: pieces of the answer (`{content}`, spec §7), then one
 * `{sources, mode}` line naming the help passages used (the answer's Markdown also ends with them), or
 * `{error, code, retryAfter?}` when the answer fails after it began (nothing of it is saved then).
 */
export const chatStreamEventSchema = z.union([
  z.object({ content: z.string() }),
  z.object({ sources: z.array(chatSourceSchema), mode: z.enum(['offline', 'model']) }),
  z.object({
    error: z.string(),
    code: z.string().optional(),
    retryAfter: z.number().int().positive().optional(),
  }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;
