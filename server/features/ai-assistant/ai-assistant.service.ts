// How the assistant answers (issue 18): retrieve from the help corpus first, then either let the model write the
// answer from the numbered passages (with read-only store tools when a store is picked), or, without a model
// (offline mode), quote the best passages. Either way the answer streams piece by piece and ends with its sources.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  citedPassages,
  composeOfflineAnswer,
  sourceOf,
  sourcesFooter,
  type HelpPassage,
} from '../../../common/ai-assistant/answer';
import { contextWindow } from '../../../common/ai-assistant/conversation';
import { streamPieces } from '../../../common/ai-assistant/stream-lines';
import type { ChatSource, HistoryItem } from '../../../common/contracts/ai-assistant';
import { modelFailure, type ChatModel, type ModelCallOptions } from './ai-assistant.model';
import type { HelpCorpus } from './retrieval';

export type AnswerMode = 'offline' | 'model';

export type AnswerDeps = {
  corpus: HelpCorpus;
  /** Undefined: offline mode. */
  model: ChatModel | undefined;
  /** Pause between the pieces of an offline answer, so it streams as a model's would (ms). */
  offlinePieceDelayMs?: number;
};

export type AnswerInput = ModelCallOptions & {
  question: string;
  /** The earlier messages the client sent; only the last 10 are used. */
  history: readonly HistoryItem[];
};

export type Answer = {
  mode: AnswerMode;
  /** The passages retrieved, numbered [1], [2]… in this order. */
  passages: readonly HelpPassage[];
  /** The answer's text as it is written. */
  pieces: AsyncIterable<string>;
  /** Once the text is whole: the Markdown that ends it (the sources list, '' if already in it) and its sources. */
  finish(text: string): { footer: string; sources: ChatSource[] };
};

export const OFFLINE_PIECE_DELAY_MS = 8;

export function answerQuestion(deps: AnswerDeps, input: AnswerInput): Answer {
  const passages = deps.corpus.search(input.question);
  if (!deps.model) {
    const offline = composeOfflineAnswer(passages);
    const delay = deps.offlinePieceDelayMs ?? OFFLINE_PIECE_DELAY_MS;
    return {
      mode: 'offline',
      passages,
      pieces: paced(streamPieces(offline.text), delay, input.signal),
      finish: () => ({ footer: '', sources: offline.sources }),
    };
  }
  const model = deps.model;
  return {
    mode: 'model',
    passages,
    pieces: model.stream({
      system: systemPrompt(passages, input.tools !== undefined),
      messages: [...contextWindow(input.history), { role: 'user', content: input.question }],
      ...(input.tools ? { tools: input.tools } : {}),
      signal: input.signal,
    }),
    finish: (text) => {
      const cited = passages.length === 0 ? [] : citedPassages(text, passages);
      return {
        footer: sourcesFooter(
          cited.map((entry) => sourceOf(entry.passage)),
          cited.map((entry) => entry.n),
        ),
        sources: cited.map((entry) => sourceOf(entry.passage)),
      };
    },
  };
}

async function* paced(
  pieces: readonly string[],
  delayMs: number,
  signal: AbortSignal,
): AsyncIterable<string> {
  for (const [index, piece] of pieces.entries()) {
    if (index > 0 && delayMs > 0) await sleep(delayMs, undefined, { signal });
    yield piece;
  }
}

/** What the model is told: who it serves, the rules, and the numbered help passages to answer from. */
export function systemPrompt(passages: readonly HelpPassage[], hasStoreTools: boolean): string {
  const rules = [
    'You are the AI Assistant of BC Toolbox, a web toolbox for people who run online stores on BigCommerce. You help store managers with the toolbox, the BigCommerce platform and API, Page Builder, widgets and Stencil themes.',
    'Answer from the numbered help passages below and cite each one you use as [1], [2]… right after the sentence it supports. If they do not cover the question, say so plainly and give only advice you are sure of. Never invent API endpoints, fields, Handlebars helpers or settings.',
    'Answer in the language of the question, concisely, in Markdown (lists and code where they help). Do not write HTML.',
    hasStoreTools
      ? 'You may call the tools to read the store the user picked (products, categories, page widgets, channels, product counts, keyword reports). They answer a page at a time (offset, limit): ask for small pages. They only read: you cannot change the store, so tell the user which tool of BC Toolbox or which control-panel page does what they ask.'
      : 'You cannot see the user’s store; if they ask about it, tell them to pick a store above the chat.',
  ];
  const context =
    passages.length === 0
      ? 'No help passage matches this question.'
      : passages.map((passage, index) => `[${index + 1}] ${passage.title}\n${passage.text}`).join('\n\n');
  return `${rules.join('\n')}\n\nHelp passages:\n\n${context}`;
}

/**
 * Reads an answer's first piece before anything is sent: a provider that refuses at once (429, 401, down) is
 * answered with a proper status (429 with Retry-After for the countdown) instead of a broken stream. Resolves with
 * the pieces, the first one included.
 */
export async function primePieces(pieces: AsyncIterable<string>): Promise<AsyncIterable<string>> {
  const iterator = pieces[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw modelFailure(error);
  }
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    },
  };
}
