// The AI Assistant's API over HTTP (issue 18; spec part 2 §7, §8, §9): sessions and history private to their user,
// the streamed answer in offline mode (no model configured) and with a model (a loopback OpenAI-compatible server),
// the context cap, the rate limit, provider failures and the read-only store tools.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_CONTEXT_MESSAGES,
  CHAT_RATE_LIMIT_MESSAGE,
  CHAT_RESPONSE_FAILED_MESSAGE,
  chatHistoryResponseSchema,
  chatSessionsResponseSchema,
  createChatSessionResponseSchema,
  MAX_CHAT_MESSAGE_CHARS,
  type ChatStreamEvent,
} from '../../../common/contracts/ai-assistant';
import { OFFLINE_NOTICE } from '../../../common/ai-assistant/answer';
import { parseStreamLine } from '../../../common/ai-assistant/stream-lines';
import { ERROR_CODES } from '../../../common/errors';
import { errorSchema, signUpVerified, startSmtpSink, TestClient, type SmtpSink } from '../../test/accounts';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { DEMO_STORE, storeCall } from '../../test/store-tools';
import {
  EXPECTED_STORE_TOOL_NAMES,
  offeredToolNames,
  startFakeModel,
  type FakeModel,
} from './testing/fake-model';

const PASSWORD = 'secret-pass-1';
let counter = 0;

async function signedIn(server: TestServer, label: string): Promise<TestClient> {
  const client = new TestClient(server);
  const res = await client.signUp({
    name: label,
    email: `${label}-${++counter}@example.com`,
    password: PASSWORD,
  });
  expect(res.status).toBe(200);
  return client;
}

async function newSession(client: TestClient): Promise<string> {
  const res = await client.post('/api/chat/session');
  expect(res.status).toBe(200);
  return createChatSessionResponseSchema.parse(await res.json()).sessionId;
}

type Streamed = { status: number; headers: Headers; events: ChatStreamEvent[]; raw: string; text: string };

/** Sends a message and reads the whole answer: its events, and the text of its content pieces. */
async function ask(client: TestClient, body: Record<string, unknown>): Promise<Streamed> {
  const res = await client.post('/api/chat/message', body);
  const raw = await res.text();
  const events = raw.split('\n').flatMap((line) => {
    const event = parseStreamLine(line);
    return event ? [event] : [];
  });
  const text = events.map((event) => ('content' in event ? event.content : '')).join('');
  return { status: res.status, headers: res.headers, events, raw, text };
}

async function history(client: TestClient, sessionId: string) {
  const res = await client.request(`/api/chat/history/${sessionId}`);
  expect(res.status).toBe(200);
  return chatHistoryResponseSchema.parse(await res.json()).data.messages;
}

async function sessions(client: TestClient, query = '?limit=50') {
  const res = await client.request(`/api/chat/sessions${query}`);
  expect(res.status).toBe(200);
  return chatSessionsResponseSchema.parse(await res.json()).sessions;
}

const ADMIN_EMAIL = 'chat-boss@example.com';

describe.each(testDatabaseKinds())('AI assistant, offline mode, on %s', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, {
      TRUSTED_PROXIES: '127.0.0.1',
      CHAT_RATE_LIMIT: '1000',
      SMTP_URL: sink.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
  });
  afterAll(async () => {
    await server.stop();
    await sink.close();
  });

  it('shows an admin viewing as a user that user’s conversations, and only theirs', async () => {
    const viewed = await signedIn(server, 'viewed');
    const viewedSession = await newSession(viewed);
    await ask(viewed, { message: 'What is a dropzone?', sessionId: viewedSession });
    const admin = new TestClient(server);
    await signUpVerified(admin, sink, { name: 'Boss', email: ADMIN_EMAIL, password: PASSWORD });
    const adminSession = await newSession(admin);
    await ask(admin, { message: 'What is a region?', sessionId: adminSession });
    const viewedId = (await viewed.session())?.user.id;

    expect((await admin.post('/api/auth/admin/impersonate-user', { userId: viewedId })).status).toBe(200);
    expect((await sessions(admin)).map((s) => s.sessionId)).toEqual([viewedSession]);
    expect(await history(admin, viewedSession)).toHaveLength(2);
    expect((await admin.request(`/api/chat/history/${adminSession}`)).status).toBe(404);
    expect((await admin.post('/api/auth/admin/stop-impersonating')).status).toBe(200);
    expect((await sessions(admin)).map((s) => s.sessionId)).toEqual([adminSession]);
  });

  it('answers 401 on every chat endpoint without a session', async () => {
    const visitor = new TestClient(server);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', '/api/chat/sessions?limit=50'],
      ['POST', '/api/chat/session'],
      ['GET', `/api/chat/history/${id}`],
      ['DELETE', `/api/chat/history/${id}`],
      ['POST', '/api/chat/message'],
    ] as const) {
      const res = await visitor.request(path, {
        method,
        ...(method === 'POST' ? { json: { message: 'hi', sessionId: id, conversationHistory: [] } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(errorSchema.parse(await res.json()).code).toBe(ERROR_CODES.unauthorized);
    }
  });

  it('streams an offline answer from the help corpus, cites it, saves it and titles the session', async () => {
    const client = await signedIn(server, 'offline');
    const sessionId = await newSession(client);
    expect(await sessions(client)).toEqual([]);

    const question = 'Why are custom Handlebars helpers not allowed in Stencil?\nMore detail here.';
    const answer = await ask(client, { message: question, sessionId, conversationHistory: [] });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(answer.raw.startsWith('data: {"content":')).toBe(true);
    const pieces = answer.events.filter((event) => 'content' in event);
    expect(pieces.length).toBeGreaterThan(10);
    expect(answer.text.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(answer.text).toContain('### [1] Why custom Handlebars helpers are not allowed in Stencil');
    expect(answer.text).toMatch(
      /\*\*Sources\*\*\n\n- \[1\] Why custom Handlebars helpers are not allowed in Stencil/,
    );
    expect(answer.events.at(-1)).toEqual({
      mode: 'offline',
      sources: expect.arrayContaining([
        {
          id: 'stencil#why-custom-handlebars-helpers-are-not-allowed-in-stencil',
          title: 'Why custom Handlebars helpers are not allowed in Stencil',
        },
      ]) as unknown,
    });

    const saved = await history(client, sessionId);
    expect(saved.map((m) => [m.role, m.content])).toEqual([
      ['user', question.trim()],
      ['assistant', answer.text],
    ]);
    expect(Date.parse(saved[0]?.timestamp ?? '')).not.toBeNaN();
    const [listed] = await sessions(client);
    expect(listed).toMatchObject({
      sessionId,
      _id: sessionId,
      title: 'Why are custom Handlebars helpers not allowed in Stencil?',
      messageCount: 2,
    });

    // The title comes from the first question only.
    await ask(client, { message: 'And what about regions?', sessionId, conversationHistory: [] });
    expect((await sessions(client))[0]).toMatchObject({ title: listed?.title, messageCount: 4 });
  });

  it('says so when nothing in the help matches', async () => {
    const client = await signedIn(server, 'nomatch');
    const sessionId = await newSession(client);
    const answer = await ask(client, { message: 'hello there', sessionId });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('I found nothing in the help that matches this question.');
    expect(answer.events.at(-1)).toEqual({ mode: 'offline', sources: [] });
  });

  it('refuses blank, too long and malformed messages with 4xx, and saves nothing', async () => {
    const client = await signedIn(server, 'bounds');
    const sessionId = await newSession(client);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ message: '', sessionId }, 400, ERROR_CODES.messageRequired],
      [{ message: '  \n\t ', sessionId }, 400, ERROR_CODES.messageRequired],
      [{ sessionId }, 400, ERROR_CODES.messageRequired],
      [{ message: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1), sessionId }, 400, ERROR_CODES.messageTooLong],
      [{ message: 'hi', sessionId: 'not-a-session' }, 400, ERROR_CODES.invalidInput],
      [
        {
          message: 'hi',
          sessionId,
          conversationHistory: Array.from({ length: 51 }, () => ({ role: 'user', content: 'x' })),
        },
        400,
        ERROR_CODES.invalidInput,
      ],
      [
        { message: 'hi', sessionId, conversationHistory: [{ role: 'system', content: 'x' }] },
        400,
        ERROR_CODES.invalidInput,
      ],
      [
        { message: 'hi', sessionId: '00000000-0000-4000-8000-000000000000' },
        404,
        ERROR_CODES.chatSessionNotFound,
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await client.post('/api/chat/message', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(errorSchema.parse(await res.json()).code).toBe(code);
    }
    expect(await history(client, sessionId)).toEqual([]);
    const badLimit = await client.request('/api/chat/sessions?limit=51');
    expect(badLimit.status).toBe(400);
  });

  it('keeps each user’s sessions private: another user’s id answers 404 everywhere', async () => {
    const alice = await signedIn(server, 'alice');
    const bob = await signedIn(server, 'bob');
    const sessionId = await newSession(alice);
    expect((await ask(alice, { message: 'What is a placement?', sessionId })).status).toBe(200);

    expect((await bob.request(`/api/chat/history/${sessionId}`)).status).toBe(404);
    const deleted = await bob.request(`/api/chat/history/${sessionId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(404);
    expect(errorSchema.parse(await deleted.json()).code).toBe(ERROR_CODES.chatSessionNotFound);
    expect((await bob.post('/api/chat/message', { message: 'hi', sessionId })).status).toBe(404);
    expect(await sessions(bob)).toEqual([]);
    expect((await bob.request('/api/chat/history/not-a-uuid')).status).toBe(404);
    // Alice's conversation is untouched.
    expect(await history(alice, sessionId)).toHaveLength(2);
  });

  it('deletes a conversation with its messages', async () => {
    const client = await signedIn(server, 'deleter');
    const kept = await newSession(client);
    const gone = await newSession(client);
    await ask(client, { message: 'What are channels?', sessionId: kept });
    await ask(client, { message: 'What are category trees?', sessionId: gone });
    expect((await sessions(client)).map((s) => s.sessionId)).toEqual([gone, kept]);

    const res = await client.request(`/api/chat/history/${gone}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await client.request(`/api/chat/history/${gone}`)).status).toBe(404);
    expect((await sessions(client)).map((s) => s.sessionId)).toEqual([kept]);
  });

  it('lists at most `limit` sessions, newest first, and keeps only a few empty ones', async () => {
    const client = await signedIn(server, 'many');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await newSession(client);
      ids.push(id);
      await ask(client, { message: `Question ${i} about widgets`, sessionId: id });
    }
    const empties = [];
    for (let i = 0; i < 8; i++) empties.push(await newSession(client));
    expect((await sessions(client, '?limit=2')).map((s) => s.sessionId)).toEqual([ids[2], ids[1]]);
    expect(await sessions(client, '')).toHaveLength(3);
    // The oldest empty sessions are gone; the newest remain usable.
    expect((await client.request(`/api/chat/history/${empties[0] ?? ''}`)).status).toBe(404);
    expect(await history(client, empties[7] ?? '')).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('AI assistant rate limit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { TRUSTED_PROXIES: '127.0.0.1', CHAT_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 429 with Retry-After once a user has sent CHAT_RATE_LIMIT messages in a minute, per user', async () => {
    const client = await signedIn(server, 'chatty');
    const sessionId = await newSession(client);
    for (let i = 0; i < 2; i++) {
      expect((await ask(client, { message: `What is a widget? ${i}`, sessionId })).status).toBe(200);
    }
    const refused = await client.post('/api/chat/message', { message: 'One more?', sessionId });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: CHAT_RATE_LIMIT_MESSAGE,
      code: ERROR_CODES.chatRateLimited,
    });
    expect(await history(client, sessionId)).toHaveLength(4);

    // Another user has a quota of their own.
    const other = await signedIn(server, 'quiet');
    expect(
      (await ask(other, { message: 'What is a widget?', sessionId: await newSession(other) })).status,
    ).toBe(200);
  });
});

describe.each(testDatabaseKinds())('AI assistant with a model on %s', (kind) => {
  let server: TestServer;
  let fake: FakeModel;
  let client: TestClient;
  beforeAll(async () => {
    fake = await startFakeModel();
    server = await startTestServer(kind, {
      TRUSTED_PROXIES: '127.0.0.1',
      CHAT_RATE_LIMIT: '1000',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model-1',
      AI_API_KEY: 'sk-test-key',
    });
    client = await signedIn(server, 'modeled');
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  it('streams the model’s answer, grounded in the passages it was given, and cites the ones it used', async () => {
    const sessionId = await newSession(client);
    const question = 'How many products can I update in one batch request?';
    const answer = await ask(client, { message: question, sessionId, conversationHistory: [] });
    expect(answer.status).toBe(200);
    expect(answer.events.filter((event) => 'content' in event).length).toBeGreaterThan(3);
    expect(answer.text).toMatch(
      /^Fake model answer to "How many products can I update in one batch request\?": follow the help passage \[1\]\.\n\n---\n\n\*\*Sources\*\*\n\n- \[1\] Batch limits and per-request caps$/,
    );
    expect(answer.events.at(-1)).toEqual({
      mode: 'model',
      sources: [
        {
          id: 'bigcommerce-api#batch-limits-and-per-request-caps',
          title: 'Batch limits and per-request caps',
        },
      ],
    });

    const [request] = fake.requests;
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body).toMatchObject({ model: 'fake-model-1', stream: true });
    expect(request?.body.tools).toBeUndefined();
    const [system, ...rest] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(String(system?.content)).toContain(
      '[1] Batch limits and per-request caps\nBigCommerce caps how many items',
    );
    expect(String(system?.content)).toContain('Never invent API endpoints, fields, Handlebars helpers');
    expect(rest).toEqual([{ role: 'user', content: question }]);
    expect((await history(client, sessionId)).map((m) => m.content)).toEqual([question, answer.text]);
  });

  it('sends at most the last 10 earlier messages as context, whatever the client sends', async () => {
    const sessionId = await newSession(client);
    const sent = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `earlier message ${i}`,
    }));
    const answer = await ask(client, { message: 'And channels?', sessionId, conversationHistory: sent });
    expect(answer.status).toBe(200);
    const messages = fake.requests[0]?.body.messages ?? [];
    expect(messages).toHaveLength(1 + CHAT_CONTEXT_MESSAGES + 1);
    expect(messages.slice(1)).toEqual([
      ...sent.slice(-CHAT_CONTEXT_MESSAGES).map((m) => ({ role: m.role, content: m.content })),
      { role: 'user', content: 'And channels?' },
    ]);
  });

  it('turns the provider’s 429 into the spec’s 429 with its Retry-After, and saves nothing', async () => {
    const sessionId = await newSession(client);
    fake.enqueue({ kind: 'status', status: 429, retryAfter: '7' });
    const res = await client.post('/api/chat/message', { message: 'What is a region?', sessionId });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toEqual({ error: CHAT_RATE_LIMIT_MESSAGE, code: ERROR_CODES.chatRateLimited });

    fake.enqueue({ kind: 'status', status: 429 });
    const noHeader = await client.post('/api/chat/message', { message: 'What is a region?', sessionId });
    expect(noHeader.status).toBe(429);
    expect(noHeader.headers.get('retry-after')).toBe('60');
    expect(await history(client, sessionId)).toEqual([]);
  });

  it('answers the spec’s failure message for a provider error or garbage, never a stack', async () => {
    const sessionId = await newSession(client);
    for (const reply of [
      { kind: 'status', status: 500 },
      { kind: 'status', status: 401, body: '{"error":{"message":"Incorrect API key sk-test-key"}}' },
      { kind: 'status', status: 200, body: '<html>not a stream</html>' },
      { kind: 'garbage' },
    ] as const) {
      fake.enqueue(reply);
      const res = await client.post('/api/chat/message', { message: 'What is a widget?', sessionId });
      const text = await res.text();
      expect(res.status, JSON.stringify(reply)).toBe(502);
      expect(JSON.parse(text)).toEqual({
        error: CHAT_RESPONSE_FAILED_MESSAGE,
        code: ERROR_CODES.aiProviderFailed,
      });
      expect(text).not.toMatch(/sk-test-key|at .*\.ts|Error:/);
    }
    expect(await history(client, sessionId)).toEqual([]);
  });

  it('ends a stream that fails mid-answer with an error line, and saves nothing', async () => {
    const sessionId = await newSession(client);
    fake.enqueue({ kind: 'drop', textBefore: 'The answer starts well but' });
    const answer = await ask(client, { message: 'What is a layout?', sessionId });
    expect(answer.status).toBe(200);
    expect(answer.events[0]).toEqual({ content: 'The answer starts well but' });
    expect(answer.events.at(-1)).toEqual({
      error: CHAT_RESPONSE_FAILED_MESSAGE,
      code: ERROR_CODES.aiProviderFailed,
    });
    expect(await history(client, sessionId)).toEqual([]);
  });

  it('lets the model look a product up, read-only, in the store picked in the chat, with the MCP server’s read tools', async () => {
    const sessionId = await newSession(client);
    const listed = await storeCall<{ data: { id: number; name: string; sku: string }[] }>(
      server,
      'sandbox-demo',
      'GET',
      '/v3/catalog/products?limit=1&include_fields=id,name,sku',
    );
    const product = listed.body.data[0];
    if (!product) throw new Error('the demo store has no product');
    fake.enqueue({
      kind: 'tool',
      name: 'dump_product',
      args: { searchType: 'sku', searchValue: product.sku },
    });
    const answer = await ask(client, {
      message: `What is the product with SKU ${product.sku}?`,
      sessionId,
      storeCredentials: DEMO_STORE,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`The store says: {"id":${product.id},"summary":{`);
    expect(answer.text).toContain(`"name":${JSON.stringify(product.name)}`);
    // Nothing is kept for the assistant: no link to a whole dump.
    expect(answer.text).not.toContain('fullDump');

    const [first, second] = fake.requests;
    // The registry's read tools that take a store (the MCP server's, but list_stores and job_status); no write.
    const offered = first?.body.tools ?? [];
    expect(offeredToolNames(first)).toEqual(EXPECTED_STORE_TOOL_NAMES);
    // The same input schema as over MCP, without storeId: the picked store is the only one.
    const dumpTool = offered.find((t) => t.function.name === 'dump_product')!.function;
    expect(Object.keys(dumpTool.parameters?.properties ?? {}).sort()).toEqual([
      'fields',
      'searchType',
      'searchValue',
    ]);
    expect(dumpTool.parameters?.required).toEqual(['searchValue']);
    const toolMessage = second?.body.messages.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMessage?.content)).toContain(String(product.id));
  });

  it('gives the model the app’s message when a tool fails', async () => {
    const sessionId = await newSession(client);
    fake.enqueue({ kind: 'tool', name: 'dump_product', args: { searchValue: 999999 } });
    const answer = await ask(client, {
      message: 'What is product 999999?',
      sessionId,
      storeCredentials: DEMO_STORE,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(
      'The store says: {"error":"No product with ID 999999 was found in this store","code":"product_not_found"}',
    );
  });

  it('counts products and lists a page’s widgets for the model, and offers no tool without a store', async () => {
    const sessionId = await newSession(client);
    fake.enqueue(
      { kind: 'tool', name: 'count_products', args: { channelId: 1 } },
      { kind: 'text', text: 'Counted [1].' },
    );
    const counted = await ask(client, {
      message: 'How many products are on channel 1?',
      sessionId,
      storeCredentials: DEMO_STORE,
    });
    expect(counted.status).toBe(200);
    const toolResult = JSON.stringify(
      fake.requests[1]?.body.messages.find((m) => m.role === 'tool')?.content,
    );
    expect(toolResult).toMatch(/\\"total\\":\d+/);

    fake.reset();
    fake.enqueue({
      kind: 'tool',
      name: 'dump_widgets',
      args: { dumpMode: 'selected', selectedTemplates: ['home'], include: ['widgets'] },
    });
    const widgets = await ask(client, {
      message: 'Which widgets are on my home page?',
      sessionId,
      storeCredentials: DEMO_STORE,
    });
    expect(widgets.status).toBe(200);
    expect(widgets.text).toMatch(
      /The store says: \{"summary":\{"storeHash":"sandbox-demo","channelId":1,"dumpMode":"selected",.*"pages":1,.*"widgets":\d+.*"templateFile":"pages\/home"/,
    );
  });
});
