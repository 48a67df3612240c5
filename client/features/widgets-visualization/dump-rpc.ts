// The visualization's messages between the screen and its Web Worker, on the shared request/answer channel
// (`client/lib/worker-rpc.ts`).
import { attachWorker, createRpcClient, serveRequests, type MessagePortLike } from '../../lib/worker-rpc';
import type { HierarchyFilters } from '../../../common/dumps/widgets-hierarchy';
import type { DumpSession, DumpSlot, LoadReply, NodeReply, SearchReply, ViewReply } from './dump-session';

export type DumpRequest =
  | { method: 'load'; slot: DumpSlot; file: Blob; filters?: HierarchyFilters }
  | { method: 'stopCompare' }
  | { method: 'view'; filters: HierarchyFilters }
  | { method: 'search'; query: string }
  | { method: 'node'; id: string };

type Replies = {
  load: LoadReply;
  stopCompare: null;
  view: ViewReply;
  search: SearchReply;
  node: NodeReply;
};

export type { MessagePortLike };

async function handle(session: DumpSession, request: DumpRequest): Promise<unknown> {
  switch (request.method) {
    case 'load': {
      let text: string;
      try {
        text = await request.file.text();
      } catch (error) {
        return {
          ok: false,
          kind: 'invalid-json',
          message: error instanceof Error ? error.message : String(error),
        } satisfies LoadReply;
      }
      return session.load(request.slot, text, request.filters);
    }
    case 'stopCompare':
      session.stopCompare();
      return null;
    case 'view':
      return session.view(request.filters);
    case 'search':
      return session.search(request.query);
    case 'node':
      return session.node(request.id);
  }
}

/** Answers the requests arriving on `port`, one at a time in arrival order. */
export function serveDumpSession(port: MessagePortLike, session: DumpSession): void {
  serveRequests<DumpRequest>(port, (request) => handle(session, request));
}

export interface DumpClient {
  call<M extends DumpRequest['method']>(request: Extract<DumpRequest, { method: M }>): Promise<Replies[M]>;
  close(): void;
}

export function createDumpClient(port: MessagePortLike): DumpClient {
  const client = createRpcClient<DumpRequest>(port, {
    toError: (message) => new Error(message),
    stoppedMessage: 'The file reader has stopped',
  });
  return {
    call: <M extends DumpRequest['method']>(request: Extract<DumpRequest, { method: M }>) =>
      client.call(request) as Promise<Replies[M]>,
    close: () => client.close(),
  };
}

/** Starts the worker; `terminate` stops it and fails its open calls. */
export function startDumpWorker(): DumpClient & { terminate: () => void } {
  const worker = new Worker(new URL('./dump-worker.ts', import.meta.url), { type: 'module' });
  return attachWorker(worker, createDumpClient(worker));
}
