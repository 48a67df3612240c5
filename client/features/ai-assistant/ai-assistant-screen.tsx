import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSessionSummary } from '../../../common/contracts/ai-assistant';
import type { LocalStore } from '../../../common/contracts/stores';
import { TabIcon } from '../../components/icons';
import { PlaceholderPanel } from '../../components/placeholder-panel';
import { StorePicker, useStores } from '../../components/store-picker/store-picker';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { cn } from '../../lib/class-names';
import { AUTH_PATHS } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { ChatMarkdown } from './chat-markdown';
import { ChatSidebar } from './chat-sidebar';
import { useChat, type UiMessage } from './use-chat';
import { useCount } from '../../lib/number-format';

const STARTERS = ['helpers', 'widgets', 'rateLimits', 'templates'] as const;

/**
 * The AI Assistant (spec part 2 §2, §4, §5, §8; issue 18). Logged out: 'Authentication Required' with Log In and
 * Create Account. Logged in: the history sidebar, the chat with its welcome screen and starter prompts, and the
 * streamed answers rendered as Markdown.
 */
export default function AiAssistantScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <p role="status" className="mt-10 text-center text-sm text-slate-500">
        {t('app.loading')}
      </p>
    );
  }
  if (!user) {
    return (
      <div data-testid="ai-assistant">
        <PlaceholderPanel
          testId="auth-required"
          icon={<TabIcon tab="ai-assistant" className="h-6 w-6" />}
          title={t('panels.authenticationRequired')}
          body={t('chat.authBody')}
        >
          <a
            href={AUTH_PATHS.login}
            className="inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500"
          >
            {t('panels.logIn')}
          </a>
          <a
            href={AUTH_PATHS.register}
            className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
          >
            {t('panels.createAccount')}
          </a>
        </PlaceholderPanel>
      </div>
    );
  }
  return <Chat key={user.id} />;
}

function Chat() {
  const { t } = useTranslation();
  const count = useCount();
  const chat = useChat();
  const { stores } = useStores();
  const [store, setStore] = useState<LocalStore | null>(null);
  const [draft, setDraft] = useState('');
  const [toDelete, setToDelete] = useState<ChatSessionSummary | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const endRef = useRef<HTMLDivElement>(null);

  // Follow the answer as it streams in.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [chat.messages]);

  const isInputBlocked =
    chat.isBusy || chat.isCountingDown || chat.sessionId === null || chat.isLoadingSession;
  const submit = (text: string) => {
    if (!chat.canSend(text)) return;
    setDraft('');
    void chat.send(text, store ? toStoreCredentials(store) : undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Spec §5: Enter sends, Shift+Enter adds a new line (and Enter while composing text belongs to the IME).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit(draft);
  };

  return (
    <div
      data-testid="ai-assistant"
      className="flex h-[calc(100vh-12rem)] min-h-[32rem] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row"
    >
      <ChatSidebar
        sessions={chat.sessions.data}
        isError={chat.sessions.isError}
        activeId={chat.sessionId}
        onNewChat={chat.startNewChat}
        onSelect={(id) => void chat.selectSession(id)}
        onDelete={(session) => {
          setDeleteFailed(false);
          setToDelete(session);
        }}
        isDisabled={chat.isBusy}
      />
      <section className="flex min-w-0 flex-1 flex-col" aria-labelledby={`${inputId}-title`}>
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
          <div className="flex items-center gap-3">
            <h2
              id={`${inputId}-title`}
              className="text-lg font-semibold text-slate-900"
              data-testid="chat-title"
            >
              {t('tabs.ai-assistant.title')}
            </h2>
            {chat.mode && (
              <span
                data-testid="chat-mode"
                title={chat.mode === 'offline' ? t('chat.offlineHint') : undefined}
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  chat.mode === 'offline' ? 'bg-amber-50 text-amber-800' : 'bg-emerald-50 text-emerald-700',
                )}
              >
                {chat.mode === 'offline' ? t('chat.offlineMode') : t('chat.modelMode')}
              </span>
            )}
          </div>
          {chat.mode === 'model' && stores.length > 0 && (
            <div className="w-full max-w-xs">
              <StorePicker
                value={store?.id ?? ''}
                onChange={setStore}
                label={t('chat.storeLabel')}
                testId="chat-store-picker"
              />
            </div>
          )}
        </header>

        {/* It scrolls: focusable, so the keyboard scrolls it too (a log is read politely as it grows). */}
        <div
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600"
          data-testid="chat-messages"
          role="log"
          aria-labelledby={`${inputId}-title`}
          tabIndex={0}
        >
          {chat.isLoadingSession ? (
            <p role="status" className="text-sm text-slate-500">
              {t('chat.loading')}
            </p>
          ) : chat.messages.length === 0 ? (
            <Welcome onPick={submit} isDisabled={isInputBlocked} />
          ) : (
            <ol className="space-y-4">
              {chat.messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ol>
          )}
          <div ref={endRef} />
        </div>

        <div className="border-t border-slate-200 px-5 py-3">
          {chat.notice && (
            <p
              role="alert"
              data-testid="chat-error"
              className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {chat.notice.text}
            </p>
          )}
          {chat.isStartFailed && (
            <p
              role="alert"
              className="mb-2 flex items-center gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {t('chat.startFailed')}
              <button type="button" onClick={chat.startNewChat} className="font-semibold underline">
                {t('common.tryAgain')}
              </button>
            </p>
          )}
          {chat.isCountingDown && (
            <div
              role="alert"
              data-testid="chat-countdown"
              className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {chat.rateLimitText && <p>{chat.rateLimitText}</p>}
              <p>{t('chat.waitSeconds', { n: count(chat.secondsLeft) })}</p>
            </div>
          )}
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              submit(draft);
            }}
          >
            <label htmlFor={inputId} className="sr-only">
              {t('chat.messageLabel')}
            </label>
            <textarea
              id={inputId}
              data-testid="chat-input"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              disabled={isInputBlocked}
              rows={2}
              maxLength={4000}
              placeholder={t('chat.placeholder')}
              aria-describedby={hintId}
              className="min-h-[2.75rem] flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none disabled:bg-slate-100"
            />
            <button
              type="submit"
              data-testid="chat-send"
              disabled={isInputBlocked || draft.trim() === ''}
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {t('chat.send')}
            </button>
          </form>
          <p id={hintId} className="mt-1 text-xs text-slate-500">
            {t('chat.inputHint')}
          </p>
        </div>
      </section>

      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t('chat.deleteTitle')}
        message={t('chat.confirmDelete')}
        confirmLabel={t('common.delete')}
        isDestructive
        testId="chat-delete-dialog"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const session = toDelete;
          setToDelete(null);
          if (!session) return;
          void chat.removeSession(session.sessionId).then((isDeleted) => setDeleteFailed(!isDeleted));
        }}
      />
      {deleteFailed && (
        <div
          role="alert"
          data-testid="chat-delete-failed"
          className="fixed right-6 bottom-6 flex items-center gap-3 rounded-lg bg-red-700 px-4 py-3 text-sm text-white shadow-lg"
        >
          {t('chat.deleteFailed')}
          <button type="button" onClick={() => setDeleteFailed(false)} className="font-semibold underline">
            {t('common.close')}
          </button>
        </div>
      )}
    </div>
  );
}

function Welcome({ onPick, isDisabled }: { onPick: (prompt: string) => void; isDisabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="chat-welcome" className="mx-auto max-w-2xl py-8 text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <TabIcon tab="ai-assistant" className="h-6 w-6" />
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{t('chat.welcomeTitle')}</h3>
      <p className="mt-2 text-sm text-slate-600">{t('chat.welcomeBody')}</p>
      <ul aria-label={t('chat.startersLabel')} className="mt-6 grid gap-3 text-left sm:grid-cols-2">
        {STARTERS.map((key) => (
          <li key={key}>
            <button
              type="button"
              data-testid="chat-starter"
              disabled={isDisabled}
              onClick={() => onPick(t(`chat.starters.${key}`))}
              className="h-full w-full rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 shadow-sm hover:border-indigo-300 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t(`chat.starters.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MessageItem({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  const isUser = message.role === 'user';
  return (
    <li
      data-testid={isUser ? 'chat-message-user' : 'chat-message-assistant'}
      data-pending={message.isPending ? 'true' : undefined}
      className={cn('flex', isUser ? 'justify-end' : 'justify-start')}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-3',
          isUser ? 'bg-indigo-600 text-white' : 'border border-slate-200 bg-slate-50',
        )}
      >
        <span className="sr-only">{isUser ? t('chat.you') : t('chat.assistant')}: </span>
        {isUser ? (
          <p className="text-sm whitespace-pre-wrap">{message.content}</p>
        ) : message.content === '' ? (
          <p className="text-sm text-slate-500" role="status">
            {t('chat.thinking')}
          </p>
        ) : (
          <ChatMarkdown text={message.content} />
        )}
      </div>
    </li>
  );
}
