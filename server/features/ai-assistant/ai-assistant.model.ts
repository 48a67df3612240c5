// The model adapter (issue 18): any OpenAI-compatible chat-completions endpoint (hosted providers, Ollama, vLLM…)
// through the Vercel AI SDK, configured by AI_BASE_URL, AI_MODEL and AI_API_KEY. Unset: no model, and the assistant
// answers in offline mode. Provider failures become the spec's messages (part 2 §8), never a stack trace.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, RetryError, stepCountIs, streamText, type ToolSet } from 'ai';
import {
  CHAT_RATE_LIMIT_MESSAGE,
  CHAT_RESPONSE_FAILED_MESSAGE,
  DEFAULT_RETRY_AFTER_SECONDS,
  type ChatRole,
} from '../../../common/contracts/ai-assistant';
import { ERROR_CODES } from '../../../common/errors';
import type { Env } from '../../env';
import { AppError } from '../../errors';

export type ModelTurn = { role: ChatRole; content: string };

/** What a question brings to the model besides its words: the store's tools, and the caller's abort. */
export type ModelCallOptions = {
  /** Read-only store tools; left out when no store is picked (model mode only). */
  tools?: ToolSet;
  signal: AbortSignal;
};

export type ModelRequest = ModelCallOptions & {
  system: string;
  messages: readonly ModelTurn[];
};

/** A chat model: the answer's text as it is written. Throws (as AppError) when the provider fails. */
export type ChatModel = {
  readonly name: string;
  stream(request: ModelRequest): AsyncIterable<string>;
};

/** Most model steps for one answer (a step is one call; tool calls take one each). */
export const MAX_MODEL_STEPS = 5;
/** Longest answer asked of the model, in tokens. */
export const MAX_OUTPUT_TOKENS = 1_500;
/** A provider's Retry-After is kept within this many seconds. */
export const MAX_RETRY_AFTER_SECONDS = 3_600;

/** The configured model, or undefined (offline mode) when AI_BASE_URL is unset. */
export function createChatModel(
  env: Pick<Env, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL'>,
  options: { fetch?: typeof fetch } = {},
): ChatModel | undefined {
  if (env.AI_BASE_URL === undefined || env.AI_MODEL === undefined) return undefined;
  const modelId = env.AI_MODEL;
  const provider = createOpenAICompatible({
    name: 'ai',
    baseURL: env.AI_BASE_URL.replace(/\/+$/, ''),
    ...(env.AI_API_KEY !== undefined ? { apiKey: env.AI_API_KEY } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const model = provider.chatModel(modelId);
  return {
    name: modelId,
    async *stream(request) {
      const result = streamText({
        model,
        system: request.system,
        messages: request.messages.map((turn) => ({ role: turn.role, content: turn.content })),
        ...(request.tools ? { tools: request.tools, stopWhen: stepCountIs(MAX_MODEL_STEPS) } : {}),
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        // A provider's 429 goes back to the user as the spec's countdown at once, not after hidden waits.
        maxRetries: 0,
        abortSignal: request.signal,
        // Errors come through the stream below and are logged by the route; the SDK's default prints a stack.
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          if (part.text !== '') yield part.text;
        } else if (part.type === 'error') {
          throw modelFailure(part.error);
        } else if (part.type === 'abort') {
          throw new DOMException('The request was cancelled', 'AbortError');
        }
      }
    },
  };
}

/** A provider's failure as the spec's messages: 429 with its Retry-After (60 s without one), else a 502. */
export function modelFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause) && cause.statusCode === 429) {
    return new AppError(
      ERROR_CODES.chatRateLimited,
      CHAT_RATE_LIMIT_MESSAGE,
      retryAfterSeconds(cause.responseHeaders) ?? DEFAULT_RETRY_AFTER_SECONDS,
    );
  }
  return new ModelError(cause);
}

/** A provider failure other than a rate limit; keeps what went wrong for the log, never for the user. */
export class ModelError extends AppError {
  constructor(readonly detail: unknown) {
    super(ERROR_CODES.aiProviderFailed, CHAT_RESPONSE_FAILED_MESSAGE);
    this.name = 'ModelError';
  }
}

/** `Retry-After` in seconds or as an HTTP date (and `retry-after-ms`), kept within 1 s to an hour. */
export function retryAfterSeconds(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const clamp = (seconds: number) => Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds)));
  const ms = Number(lower['retry-after-ms']);
  if (lower['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return clamp(ms / 1000);
  const value = lower['retry-after']?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return clamp(Number(value));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : clamp((date - now) / 1000);
}

/** What the log may say of a model failure: its kind, status and the provider's message, never a key. */
export function describeModelError(error: unknown): Record<string, unknown> {
  const cause = error instanceof ModelError ? error.detail : error;
  if (APICallError.isInstance(cause)) {
    return { kind: 'api_call', status: cause.statusCode, message: cause.message.slice(0, 300) };
  }
  if (cause instanceof Error) return { kind: cause.name, message: cause.message.slice(0, 300) };
  return { kind: typeof cause };
}
