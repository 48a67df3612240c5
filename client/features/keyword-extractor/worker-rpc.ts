// The Keyword Extractor's messages between the screen and its Web Worker, on the shared request/answer channel
// (`client/lib/worker-rpc.ts`).
import { createRpcClient, serveRequests, type MessagePortLike } from '../../lib/worker-rpc';
import type { KeywordReplies, KeywordRequest, KeywordRequestOf } from './keyword-protocol';
import type { KeywordSession } from './keyword-session';

export type { MessagePortLike };

/**
 * Answers the requests arriving on `port` with the session, one at a time in arrival order (a page is counted and
 * saved before the next request is looked at).
 */
export function serveKeywordSession(port: MessagePortLike, session: KeywordSession): void {
  serveRequests<KeywordRequest>(port, (request) => session.handle(request));
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
  const client = createRpcClient<KeywordRequest>(port, {
    toError: (message) => new KeywordWorkerError(message),
    stoppedMessage: 'The keyword worker has stopped',
  });
  return {
    call: <K extends KeywordRequest['kind']>(request: KeywordRequestOf<K>) =>
      client.call(request) as Promise<KeywordReplies[K]>,
    close: () => client.close(),
  };
}
