// Messages between a screen and its Web Worker: one request, one answer, matched by id (the Keyword Extractor's
// counting worker, the Widgets Visualization's dump worker). Both ends take any message port: a Worker, the worker's
// own scope, a MessageChannel port in tests.

export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

type Envelope<R> = { id: number; request: R };
type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** Answers the requests arriving on `port` with `handle`, one at a time in arrival order. */
export function serveRequests<R>(port: MessagePortLike, handle: (request: R) => unknown): void {
  let queue: Promise<void> = Promise.resolve();
  port.addEventListener('message', (event: MessageEvent) => {
    const { id, request } = event.data as Envelope<R>;
    queue = queue.then(async () => {
      let answer: Answer;
      try {
        answer = { id, ok: true, result: await handle(request) };
      } catch (error) {
        answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(answer);
    });
  });
}

export interface RpcClient<R> {
  call(request: R): Promise<unknown>;
  /** Rejects every open call and every later one (the worker is gone). */
  close(): void;
}

/** Sends requests on `port`; a failed answer, or a call on a closed client, rejects with `toError(message)`. */
export function createRpcClient<R>(
  port: MessagePortLike,
  { toError, stoppedMessage }: { toError: (message: string) => Error; stoppedMessage: string },
): RpcClient<R> {
  let nextId = 1;
  let isClosed = false;
  const open = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  port.addEventListener('message', (event: MessageEvent) => {
    const answer = event.data as Answer;
    const call = open.get(answer.id);
    if (!call) return;
    open.delete(answer.id);
    if (answer.ok) call.resolve(answer.result);
    else call.reject(toError(answer.error));
  });
  return {
    call: (request) =>
      new Promise<unknown>((resolve, reject) => {
        if (isClosed) return reject(toError(stoppedMessage));
        const id = nextId++;
        open.set(id, { resolve, reject });
        port.postMessage({ id, request } satisfies Envelope<R>);
      }),
    close: () => {
      isClosed = true;
      for (const call of open.values()) call.reject(toError(stoppedMessage));
      open.clear();
    },
  };
}

/**
 * A started Worker with the client that talks to it. A worker that cannot load or crashes answers nothing more, so its
 * open calls fail instead of waiting forever; `terminate` stops it and fails them too.
 */
export function attachWorker<C extends { close(): void }>(
  worker: Worker,
  client: C,
): C & { terminate: () => void } {
  worker.addEventListener('error', () => client.close());
  return {
    ...client,
    terminate: () => {
      worker.terminate();
      client.close();
    },
  };
}
