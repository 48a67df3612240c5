// `/api/chat/*` (spec part 2 §7; issue 18): the signed-in user's chat sessions, their history, and the streamed
// answer. Every route needs a session (401 otherwise); another user's session id answers 404. While an admin views
// the app as a user, the session is that user's, so these are the user's conversations.
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  CHAT_HISTORY_SESSION_PATH,
  CHAT_MESSAGE_PATH,
  CHAT_RATE_LIMIT_MESSAGE,
  CHAT_RESPONSE_FAILED_MESSAGE,
  CHAT_SESSION_PATH,
  CHAT_SESSIONS_PATH,
  chatSessionIdSchema,
  chatSessionsQuerySchema,
  sendChatMessageRequestSchema,
  type ChatStreamEvent,
} from '../../../common/contracts/ai-assistant';
import { titleFromQuestion } from '../../../common/ai-assistant/conversation';
import { ERROR_CODES } from '../../../common/errors';
import { AppError, failureOf, parseInput } from '../../errors';
import type { AppServices } from '../../services';
import { callerSignal, readInput, readQuery } from '../../tool-route';
import { createAttemptCounter } from '../auth/attempts';
import { requireUser } from '../auth/session';
import {
  createChatModel,
  describeModelError,
  modelFailure,
  ModelError,
  type ChatModel,
} from './ai-assistant.model';
import { createChatRepository, MAX_SESSION_MESSAGES } from './ai-assistant.repository';
import { answerQuestion, primePieces } from './ai-assistant.service';
import { loadHelpCorpus, type HelpCorpus } from './retrieval';
import { createStoreTools } from './store-tools';

export type ChatRoutesDeps = Pick<
  AppServices,
  'env' | 'database' | 'logger' | 'getAuth' | 'clients' | 'callerOf' | 'agentTools'
>;

/** Read once per process: the corpus is part of the code. */
let sharedCorpus: HelpCorpus | undefined;
function helpCorpus(): HelpCorpus {
  sharedCorpus ??= loadHelpCorpus();
  return sharedCorpus;
}

const notFound = () => new AppError(ERROR_CODES.chatSessionNotFound, 'This conversation was not found');

/** A session id from the path; anything that is not one of ours is a session that does not exist (404). */
function sessionIdOf(c: Context): string {
  return parseInput(chatSessionIdSchema, c.req.param('sessionId'), notFound);
}

export function chatRoutes(deps: ChatRoutesDeps): Hono {
  const logger = deps.logger.child({ component: 'chat' });
  const db = deps.database.db;
  const repository = createChatRepository(db);
  // Per user, counted in the database (across restarts and instances), like sign-in attempts.
  const messageLimit = createAttemptCounter(db, { limit: deps.env.CHAT_RATE_LIMIT, windowSeconds: 60 });
  const model: ChatModel | undefined = createChatModel(deps.env);
  const userOf = async (c: Context) => requireUser(await deps.getAuth(), c.req.raw.headers);

  return new Hono()
    .get(CHAT_SESSIONS_PATH, async (c) => {
      const user = await userOf(c);
      const { limit } = await readInput(c, chatSessionsQuerySchema, { read: readQuery });
      c.header('Cache-Control', 'no-store');
      return c.json({ sessions: await repository.listSessions(user.id, limit) });
    })
    .post(CHAT_SESSION_PATH, async (c) => {
      const user = await userOf(c);
      c.header('Cache-Control', 'no-store');
      return c.json({
        sessionId: await repository.createSession(user.id),
        mode: model ? ('model' as const) : ('offline' as const),
      });
    })
    .get(CHAT_HISTORY_SESSION_PATH, async (c) => {
      const user = await userOf(c);
      const messages = await repository.messages(user.id, sessionIdOf(c));
      if (!messages) throw notFound();
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true as const, data: { messages } });
    })
    .delete(CHAT_HISTORY_SESSION_PATH, async (c) => {
      const user = await userOf(c);
      if (!(await repository.deleteSession(user.id, sessionIdOf(c)))) throw notFound();
      return c.json({ success: true as const });
    })
    .post(CHAT_MESSAGE_PATH, async (c) => {
      const user = await userOf(c);
      const request = await readInput(c, sendChatMessageRequestSchema);
      const wait = await messageLimit.take(`chat:${user.id}`);
      if (wait !== null) throw new AppError(ERROR_CODES.chatRateLimited, CHAT_RATE_LIMIT_MESSAGE, wait);
      const session = await repository.findSession(user.id, request.sessionId);
      if (!session) throw notFound();
      if (session.messageCount >= MAX_SESSION_MESSAGES) {
        throw new AppError(
          ERROR_CODES.invalidInput,
          `This conversation has reached ${MAX_SESSION_MESSAGES} messages: please start a New Chat`,
        );
      }
      const askedAt = new Date();
      const signal = callerSignal(c);
      // Tools only with a model and a picked store, through the store's own client and scheduler.
      // The agent-tool registry's read tools (the MCP server's), over the picked store only.
      const tools =
        model && request.storeCredentials
          ? createStoreTools(deps.agentTools, {
              userId: user.id,
              credentials: request.storeCredentials,
              client: deps.clients.forStore(request.storeCredentials, { caller: deps.callerOf(c) }),
              signal,
              logger,
            })
          : undefined;
      const answer = answerQuestion(
        { corpus: helpCorpus(), model },
        {
          question: request.message,
          history: request.conversationHistory,
          ...(tools ? { tools } : {}),
          signal,
        },
      );
      // A failure before the first piece is answered by the app's error handler (429 or 502): only logged here, with
      // what the provider said, which the answer never carries.
      let pieces: AsyncIterable<string>;
      try {
        pieces = await primePieces(answer.pieces);
      } catch (error) {
        if (error instanceof ModelError) logger.warn({ model: describeModelError(error) }, 'model failed');
        throw error;
      }

      // Hono's SSE stream, as the jobs' events are (issue 42): each event one `data:` line (JSON holds no newline, so
      // the bytes are `encodeStreamEvent`'s). Every failure is caught below and sent as the last event, so Hono's own
      // `event: error` never goes out.
      const response = streamSSE(c, async (stream) => {
        const send = async (event: ChatStreamEvent) => {
          if (!signal.aborted && !stream.aborted) await stream.writeSSE({ data: JSON.stringify(event) });
        };
        let text = '';
        // Once the stream has begun (200), a failure can only be its last event (`{error, code}`), not an answer.
        try {
          for await (const piece of pieces) {
            text += piece;
            await send({ content: piece });
          }
          // An empty answer is the model's failure (a ModelError, logged below), like one it reports itself.
          if (text.trim() === '') throw modelFailure(new Error('the model answered nothing'));
          const { footer, sources } = answer.finish(text);
          if (footer !== '') await send({ content: footer });
          const saved = await repository.saveExchange(user.id, request.sessionId, {
            question: request.message,
            askedAt,
            answer: text + footer,
            answeredAt: new Date(),
            title: titleFromQuestion(request.message),
          });
          if (!saved) logger.info({ sessionId: request.sessionId }, 'chat session deleted while answering');
          await send({ sources, mode: answer.mode });
        } catch (error) {
          if (!signal.aborted) {
            const failure = failureOf(
              error instanceof AppError ? error : modelFailure(error),
              logger,
              c.get('requestId'),
            );
            if (error instanceof ModelError || !(error instanceof AppError)) {
              logger.warn({ model: describeModelError(error) }, 'the answer failed mid-stream');
            }
            await send({
              error:
                failure.code === ERROR_CODES.chatRateLimited ? failure.message : CHAT_RESPONSE_FAILED_MESSAGE,
              code: failure.code,
              ...(failure.retryAfterSeconds !== undefined ? { retryAfter: failure.retryAfterSeconds } : {}),
            });
          }
        }
      });
      // The stream's headers as the client and proxies expect them: UTF-8, never cached, never buffered.
      response.headers.set('Content-Type', 'text/event-stream; charset=utf-8');
      response.headers.set('Cache-Control', 'no-store');
      response.headers.set('X-Accel-Buffering', 'no');
      return response;
    });
}
