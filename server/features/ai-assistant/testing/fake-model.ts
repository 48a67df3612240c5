// A loopback server that speaks the OpenAI chat-completions protocol, streamed (Server-Sent Events), for the
// assistant's tests and journeys (issue 18). Replies are scripted one request at a time (`enqueue`); without a
// script it answers with a text naming the question and citing [1], and after a tool call with the tool's result.
// It can fail on purpose: an HTTP status (429 with Retry-After, 500…), a garbage stream, a connection dropped
// mid-answer, or a request for a tool call.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeReply =
  | { kind: 'text'; text: string; chunkSize?: number; delayMs?: number }
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'garbage' }
  | { kind: 'drop'; textBefore: string }
  | { kind: 'tool'; name: string; args: Record<string, unknown> };

export type FakeRequestMessage = {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: unknown;
};
export type FakeRequest = {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages: FakeRequestMessage[];
    tools?: {
      function: { name: string; parameters?: { properties?: Record<string, unknown>; required?: string[] } };
    }[];
  };
};

export type FakeModel = {
  /** The base URL to give as AI_BASE_URL (`http://127.0.0.1:PORT/v1`). */
  url: string;
  requests: FakeRequest[];
  enqueue(...replies: FakeReply[]): void;
  reset(): void;
  close(): Promise<void>;
};

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part) => (part as { text?: string }).text ?? '').join('')
      : '';

/** The names of the tools a request offered the model, sorted. */
export function offeredToolNames(request: FakeRequest | undefined): string[] {
  return (request?.body.tools ?? []).map((tool) => tool.function.name).sort();
}

/**
 * What the assistant offers a model with a store picked: the agent-tool registry's read tools that take a store (the
 * MCP server's but list_stores and job_status, Store History's list_snapshots among them); no write. Written out for
 * the tests and journeys that expect them.
 */
export const EXPECTED_STORE_TOOL_NAMES = [
  'count_products',
  'dump_categories',
  'dump_product',
  'dump_widgets',
  'export_products',
  'keyword_report',
  'list_channels',
  'list_snapshots',
  'missing_from_titles',
  'search_products',
];

/** The reply without a script: after a tool call, its result; else a text naming the question, citing [1]. */
export function defaultReply(request: FakeRequest): FakeReply {
  const last = request.body.messages.at(-1);
  if (last?.role === 'tool') return { kind: 'text', text: `The store says: ${textOf(last.content)} [1]` };
  const question = [...request.body.messages].reverse().find((m) => m.role === 'user');
  return {
    kind: 'text',
    text: `Fake model answer to "${textOf(question?.content)}": follow the help passage [1].`,
    chunkSize: 8,
    delayMs: 5,
  };
}

export async function startFakeModel(): Promise<FakeModel> {
  const script: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  let counter = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let body: FakeRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeRequest['body'];
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"bad json"}}');
      return;
    }
    const request: FakeRequest = { path: req.url, authorization: req.headers.authorization, body };
    requests.push(request);
    const reply = script.shift() ?? defaultReply(request);
    const id = `chatcmpl-${++counter}`;
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model: body.model ?? 'fake',
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    const sse = () =>
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    switch (reply.kind) {
      case 'status': {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (reply.retryAfter !== undefined) headers['retry-after'] = reply.retryAfter;
        res
          .writeHead(reply.status, headers)
          .end(
            reply.body ??
              JSON.stringify({ error: { message: `fake failure ${reply.status}`, type: 'fake' } }),
          );
        return;
      }
      case 'garbage':
        sse();
        res.end('data: {"this is": not json\n\ndata: <html>oops</html>\n\n');
        return;
      case 'drop':
        sse();
        res.write(chunk({ role: 'assistant', content: reply.textBefore }));
        await new Promise((resolve) => setTimeout(resolve, 20));
        res.socket?.destroy();
        return;
      case 'tool':
        sse();
        res.write(
          chunk({
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: `call_${counter}`,
                type: 'function',
                function: { name: reply.name, arguments: JSON.stringify(reply.args) },
              },
            ],
          }),
        );
        res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`);
        return;
      case 'text': {
        sse();
        const size = reply.chunkSize ?? 16;
        res.write(chunk({ role: 'assistant', content: '' }));
        for (let i = 0; i < reply.text.length; i += size) {
          res.write(chunk({ content: reply.text.slice(i, i + size) }));
          if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        }
        res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => script.push(...replies),
    reset: () => {
      script.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
