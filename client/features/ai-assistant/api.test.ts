import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeStreamEvent } from '../../../common/ai-assistant/stream-lines';
import { ChatSendError, readRetryAfter, sendChatMessage } from './api';

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

function answerWith(response: Response) {
  const fetchMock = vi.fn(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const request = { message: 'Hi', sessionId: 's-1', conversationHistory: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendChatMessage', () => {
  it('posts the spec’s body and gives each content piece as it arrives, then the sources', async () => {
    const wire =
      encodeStreamEvent({ content: 'Hel' }) +
      encodeStreamEvent({ content: 'lo [1]' }) +
      encodeStreamEvent({ sources: [{ id: 'a#b', title: 'B' }], mode: 'offline' });
    const fetchMock = answerWith(
      new Response(streamOf([wire.slice(0, 10), wire.slice(10, 31), wire.slice(31)]), {
        headers: { 'content-type': 'text/event-stream' },
      }),
    );
    const pieces: string[] = [];
    const ending = await sendChatMessage({ ...request, onContent: (piece) => pieces.push(piece) });
    expect(pieces).toEqual(['Hel', 'lo [1]']);
    expect(ending).toEqual({ sources: [{ id: 'a#b', title: 'B' }], mode: 'offline' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/chat/message');
    expect(JSON.parse(init.body as string)).toEqual(request);
  });

  it('throws a rate limit with Retry-After on 429, 60 s without it', async () => {
    answerWith(
      Response.json(
        { error: 'Rate limit exceeded. Please try again later.', code: 'chat_rate_limited' },
        { status: 429, headers: { 'Retry-After': '17' } },
      ),
    );
    await expect(sendChatMessage({ ...request, onContent: () => undefined })).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterSeconds: 17,
      serverText: 'Rate limit exceeded. Please try again later.',
    });
    answerWith(new Response('', { status: 429 }));
    await expect(sendChatMessage({ ...request, onContent: () => undefined })).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterSeconds: 60,
      serverText: 'Rate limit exceeded. Please try again later.',
    });
  });

  it('throws a failure on another status, an error line, or a stream cut before its end', async () => {
    answerWith(Response.json({ error: 'Failed', code: 'ai_provider_failed' }, { status: 502 }));
    await expect(sendChatMessage({ ...request, onContent: () => undefined })).rejects.toMatchObject({
      kind: 'failed',
      code: 'ai_provider_failed',
    });
    answerWith(
      new Response(
        streamOf([
          encodeStreamEvent({ content: 'x' }),
          encodeStreamEvent({ error: 'Failed', code: 'ai_provider_failed' }),
        ]),
      ),
    );
    await expect(sendChatMessage({ ...request, onContent: () => undefined })).rejects.toBeInstanceOf(
      ChatSendError,
    );
    answerWith(new Response(streamOf([encodeStreamEvent({ content: 'x' })])));
    await expect(sendChatMessage({ ...request, onContent: () => undefined })).rejects.toMatchObject({
      kind: 'failed',
    });
  });
});

describe('readRetryAfter', () => {
  it('takes whole seconds up, and 60 for anything unreadable', () => {
    expect(readRetryAfter('5')).toBe(5);
    expect(readRetryAfter('2.1')).toBe(3);
    for (const value of [null, undefined, '', '0', '-3', 'soon']) expect(readRetryAfter(value)).toBe(60);
  });
});
