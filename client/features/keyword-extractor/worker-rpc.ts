// The Keyword Extractor's messages between the screen and its Web Worker: one request, one answer, matched by id.
// Both ends take any message port (a Worker, the worker's own scope, a MessageChannel port in tests).
import type { KeywordReplies, KeywordRequest, KeywordRequestOf } from './keyword-protocol';
import type { KeywordSession } from './keyword-session';

export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

type Envelope = { id: number; request: KeywordRequest };
type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/**
 * Answers the requests arriving on `port` with the session, one at a time in arrival order (a page is counted and
 * saved before the next request is looked at).
 */
export function serveKeywordSession(port: MessagePortLike, session: KeywordSession): void {
  let queue: Promise<void> = Promise.resolve();
  port.addEventListener('message', (event: MessageEvent) => {
    const { id, request } = event.data as Envelope;
    queue = queue.then(async () => {
      let answer: Answer;
      try {
        answer = { id, ok: true, result: await session.handle(request) };
      } catch (error) {
        answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(answer);
    });
  });
}

export class KeywordWorkerError extends Error {
  override name = 'KeywordWorkerError';
}

export interface KeywordClient {
  call<K extends KeywordRequest['kind']>(request: KeywordRequestOf<K>): Promise<KeywordReplies[K]>;
  /** Rejects every open call (the worker is gone). */
  close(): void;
}

export function createKeywordClient(port: MessagePortLike): KeywordClient {
  let nextId = 1;
  let isClosed = false;
  const open = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.addEventListener('message', (event: MessageEvent) => {
    const answer = event.data as Answer;
    const call = open.get(answer.id);
    if (!call) return;
    open.delete(answer.id);
    if (answer.ok) call.resolve(answer.result);
    else call.reject(new KeywordWorkerError(answer.error));
  });
  return {
    call: <K extends KeywordRequest['kind']>(request: KeywordRequestOf<K>) =>
      new Promise<KeywordReplies[K]>((resolve, reject) => {
        if (isClosed) return reject(new KeywordWorkerError('The keyword worker has stopped'));
        const id = nextId++;
        open.set(id, { resolve: resolve as (value: unknown) => void, reject });
        port.postMessage({ id, request } satisfies Envelope);
      }),
    close: () => {
      isClosed = true;
      for (const call of open.values()) call.reject(new KeywordWorkerError('The keyword worker has stopped'));
      open.clear();
    },
  };
}
