import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  CHAT_RATE_LIMIT_MESSAGE,
  CHAT_RESPONSE_FAILED_MESSAGE,
} from '../../../common/contracts/ai-assistant';
import { AppError } from '../../errors';
import {
  createChatModel,
  describeModelError,
  modelFailure,
  ModelError,
  retryAfterSeconds,
} from './ai-assistant.model';

const apiError = (statusCode: number, responseHeaders?: Record<string, string>) =>
  new APICallError({
    message: `failed ${statusCode}: key sk-secret`,
    url: 'http://x/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    ...(responseHeaders ? { responseHeaders } : {}),
  });

describe('createChatModel', () => {
  it('is undefined (offline mode) unless AI_BASE_URL and AI_MODEL are set', () => {
    expect(
      createChatModel({ AI_BASE_URL: undefined, AI_MODEL: undefined, AI_API_KEY: undefined }),
    ).toBeUndefined();
    expect(
      createChatModel({ AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODEL: 'm', AI_API_KEY: undefined })?.name,
    ).toBe('m');
  });
});

describe('modelFailure (spec part 2 §8)', () => {
  it('turns a provider 429 into the chat rate limit with its Retry-After, 60 s without one', () => {
    const withHeader = modelFailure(apiError(429, { 'Retry-After': '12' }));
    expect(withHeader).toMatchObject({ code: 'chat_rate_limited', status: 429, retryAfterSeconds: 12 });
    expect(withHeader.message).toBe(CHAT_RATE_LIMIT_MESSAGE);
    expect(modelFailure(apiError(429)).retryAfterSeconds).toBe(60);
  });

  it('reads the last error of a retry', () => {
    const retried = new RetryError({
      message: 'gave up',
      reason: 'maxRetriesExceeded',
      errors: [apiError(429)],
    });
    expect(modelFailure(retried).code).toBe('chat_rate_limited');
  });

  it('turns anything else into the spec’s failure message, keeping the detail for the log only', () => {
    for (const error of [apiError(500), apiError(401), new TypeError('fetch failed'), 'weird']) {
      const failure = modelFailure(error);
      expect(failure).toBeInstanceOf(ModelError);
      expect(failure).toMatchObject({
        code: 'ai_provider_failed',
        status: 502,
        message: CHAT_RESPONSE_FAILED_MESSAGE,
      });
    }
    expect(describeModelError(modelFailure(apiError(500)))).toEqual({
      kind: 'api_call',
      status: 500,
      message: 'failed 500: key sk-secret',
    });
    const own = new AppError('invalid_input', 'x');
    expect(modelFailure(own)).toBe(own);
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('reads seconds, milliseconds and an HTTP date, kept within 1 s to an hour', () => {
    expect(retryAfterSeconds({ 'retry-after': '7' }, now)).toBe(7);
    expect(retryAfterSeconds({ 'retry-after': '1.2' }, now)).toBe(2);
    expect(retryAfterSeconds({ 'retry-after-ms': '2500', 'retry-after': '9' }, now)).toBe(3);
    expect(retryAfterSeconds({ 'retry-after': 'Mon, 23 Nov 2026 12:00:30 GMT' }, now)).toBe(30);
    expect(retryAfterSeconds({ 'retry-after': '0' }, now)).toBe(1);
    expect(retryAfterSeconds({ 'retry-after': '999999' }, now)).toBe(3600);
  });

  it('is undefined without a readable header', () => {
    expect(retryAfterSeconds(undefined)).toBeUndefined();
    expect(retryAfterSeconds({})).toBeUndefined();
    expect(retryAfterSeconds({ 'retry-after': 'soon' })).toBeUndefined();
  });
});
