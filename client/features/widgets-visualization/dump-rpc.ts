// The visualization's messages between the screen and its Web Worker: one request, one answer, matched by id. Both
// ends take any message port (the Worker, the worker's own scope, a MessageChannel port in tests).
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

export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

type Envelope = { id: number; request: DumpRequest };
type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

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
  let queue: Promise<void> = Promise.resolve();
  port.addEventListener('message', (event: MessageEvent) => {
    const { id, request } = event.data as Envelope;
    queue = queue.then(async () => {
      let answer: Answer;
      try {
        answer = { id, ok: true, result: await handle(session, request) };
      } catch (error) {
        answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(answer);
    });
  });
}

export interface DumpClient {
  call<M extends DumpRequest['method']>(request: Extract<DumpRequest, { method: M }>): Promise<Replies[M]>;
  close(): void;
}

export function createDumpClient(port: MessagePortLike): DumpClient {
  let nextId = 1;
  let isClosed = false;
  const open = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.addEventListener('message', (event: MessageEvent) => {
    const answer = event.data as Answer;
    const call = open.get(answer.id);
    if (!call) return;
    open.delete(answer.id);
    if (answer.ok) call.resolve(answer.result);
    else call.reject(new Error(answer.error));
  });
  return {
    call: <M extends DumpRequest['method']>(request: Extract<DumpRequest, { method: M }>) =>
      new Promise<Replies[M]>((resolve, reject) => {
        if (isClosed) return reject(new Error('The file reader has stopped'));
        const id = nextId++;
        open.set(id, { resolve: resolve as (value: unknown) => void, reject });
        port.postMessage({ id, request } satisfies Envelope);
      }),
    close: () => {
      isClosed = true;
      for (const call of open.values()) call.reject(new Error('The file reader has stopped'));
      open.clear();
    },
  };
}

/** Starts the worker; `terminate` stops it and fails its open calls. */
export function startDumpWorker(): DumpClient & { terminate: () => void } {
  const worker = new Worker(new URL('./dump-worker.ts', import.meta.url), { type: 'module' });
  const client = createDumpClient(worker);
  // A worker that cannot load or crashes answers nothing more: its open calls fail instead of waiting forever.
  worker.addEventListener('error', () => client.close());
  return {
    call: (request) => client.call(request),
    close: () => client.close(),
    terminate: () => {
      worker.terminate();
      client.close();
    },
  };
}
