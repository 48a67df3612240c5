import { describe, expect, it } from 'vitest';
import { OFFLINE_NOTICE } from '../../../common/ai-assistant/answer';
import type { ChatModel, ModelRequest } from './ai-assistant.model';
import { answerQuestion, primePieces, systemPrompt } from './ai-assistant.service';
import { createHelpCorpus } from './retrieval';

const corpus = createHelpCorpus([
  {
    id: 'api#rate-limits',
    title: 'Rate limits',
    text: 'Each store has a quota of requests per 30 seconds.',
    topic: 'API',
  },
  {
    id: 'api#batches',
    title: 'Batch limits',
    text: 'Update at most 10 products per batch request.',
    topic: 'API',
  },
  {
    id: 'theme#helpers',
    title: 'Handlebars helpers',
    text: 'Stencil refuses custom helpers.',
    topic: 'Stencil',
  },
]);

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

function fakeModel(reply: string[] | Error): ChatModel & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    name: 'fake',
    requests,
    // eslint-disable-next-line @typescript-eslint/require-await
    async *stream(request) {
      requests.push(request);
      if (reply instanceof Error) throw reply;
      yield* reply;
    },
  };
}

const signal = new AbortController().signal;

describe('answerQuestion', () => {
  it('offline: streams the composed answer in pieces and cites what it quoted', async () => {
    const answer = answerQuestion(
      { corpus, model: undefined, offlinePieceDelayMs: 0 },
      { question: 'What are the batch limits for products?', history: [], signal },
    );
    expect(answer.mode).toBe('offline');
    const text = await collect(answer.pieces);
    expect(text.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(text).toContain('### [1] Batch limits');
    expect(answer.finish(text)).toEqual({
      footer: '',
      sources: expect.arrayContaining([{ id: 'api#batches', title: 'Batch limits' }]) as unknown,
    });
  });

  it('with a model: sends the system prompt, the last 10 messages and the question; cites what the answer cites', async () => {
    const model = fakeModel(['Use batches of 10 ', '[1].']);
    const history = Array.from({ length: 14 }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      content: `m${i}`,
    }));
    const answer = answerQuestion({ corpus, model }, { question: 'batch limits?', history, signal });
    const text = await collect(answer.pieces);
    expect(text).toBe('Use batches of 10 [1].');
    const [request] = model.requests;
    expect(request?.messages.map((m) => m.content)).toEqual([
      ...history.slice(4).map((m) => m.content),
      'batch limits?',
    ]);
    expect(request?.system).toContain('[1] Batch limits\nUpdate at most 10 products per batch request.');
    expect(request?.tools).toBeUndefined();
    expect(answer.finish(text)).toEqual({
      footer: '\n\n---\n\n**Sources**\n\n- [1] Batch limits',
      sources: [{ id: 'api#batches', title: 'Batch limits' }],
    });
  });

  it('with a model and no matching passage: says so to the model and cites nothing', async () => {
    const model = fakeModel(['Hello!']);
    const answer = answerQuestion({ corpus, model }, { question: 'good morning', history: [], signal });
    await collect(answer.pieces);
    expect(model.requests[0]?.system).toContain('No help passage matches this question.');
    expect(answer.finish('Hello!')).toEqual({ footer: '', sources: [] });
  });
});

describe('systemPrompt', () => {
  it('tells the model about the store tools only when it has them', () => {
    expect(systemPrompt([], true)).toContain('You may call the tools to read the store the user picked');
    expect(systemPrompt([], false)).toContain('pick a store above the chat');
  });
});

describe('primePieces', () => {
  it('reads the first piece before anything is sent, and keeps every piece', async () => {
    const primed = await primePieces(fakeModel(['a', 'b', 'c']).stream({ system: '', messages: [], signal }));
    expect(await collect(primed)).toBe('abc');
  });

  it('throws the spec’s failure at once when the model fails before its first piece', async () => {
    await expect(
      primePieces(fakeModel(new Error('boom')).stream({ system: '', messages: [], signal })),
    ).rejects.toMatchObject({ code: 'ai_provider_failed', status: 502 });
  });
});
