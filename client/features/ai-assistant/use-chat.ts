import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contextWindow, isSendable } from '../../../common/ai-assistant/conversation';
import type { ChatRole } from '../../../common/contracts/ai-assistant';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { serverErrorText } from '../../lib/error-text';
import {
  ChatSendError,
  chatSessionsQueryKey,
  createChatSession,
  deleteChatHistory,
  fetchChatHistory,
  fetchChatSessions,
  sendChatMessage,
} from './api';

export type UiMessage = {
  id: number;
  role: ChatRole;
  content: string;
  /** The assistant's answer while it streams in. */
  isPending?: boolean;
};

type Notice = { kind: 'error'; text: string } | null;

/** The chat's state and actions (spec part 2 §4 "Chat", §5, §8). */
export function useChat() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [mode, setMode] = useState<'offline' | 'model' | undefined>(undefined);
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const [isLoadingSession, setIsLoadingSession] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [rateLimit, setRateLimit] = useState<{ until: number; text: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const nextId = useRef(1);
  // The latest session choice: an older load that answers late is ignored.
  const choice = useRef(0);

  const sessions = useQuery({
    queryKey: chatSessionsQueryKey,
    queryFn: ({ signal }) => fetchChatSessions(signal),
  });

  // Spec §4: a new session is created on open and on New Chat. A session chosen meanwhile in the history wins.
  const { mutate: createSession, isError: isStartFailed } = useMutation({
    mutationFn: (_choice: number) => createChatSession(),
    onSuccess: (created, madeFor) => {
      if (madeFor !== choice.current) return;
      setSessionId(created.sessionId);
      if (created.mode) setMode(created.mode);
    },
  });
  useEffect(() => {
    createSession(choice.current);
  }, [createSession]);

  // The countdown ticks while a rate limit holds, and stops with it.
  useEffect(() => {
    if (!rateLimit) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= rateLimit.until) setRateLimit(null);
    }, 250);
    return () => clearInterval(timer);
  }, [rateLimit]);
  const secondsLeft = rateLimit ? Math.max(0, Math.ceil((rateLimit.until - now) / 1000)) : 0;
  const isCountingDown = secondsLeft > 0;

  const startNewChat = useCallback(() => {
    choice.current += 1;
    setMessages([]);
    setNotice(null);
    setSessionId(null);
    setIsLoadingSession(false);
    createSession(choice.current);
  }, [createSession]);

  const selectSession = useCallback(
    async (id: string) => {
      if (isBusy) return;
      const mine = ++choice.current;
      setNotice(null);
      setIsLoadingSession(true);
      try {
        const loaded = await fetchChatHistory(id);
        if (mine !== choice.current) return;
        setMessages(
          loaded.map((message) => ({ id: nextId.current++, role: message.role, content: message.content })),
        );
        setSessionId(id);
      } catch {
        if (mine === choice.current) setNotice({ kind: 'error', text: t('chat.loadFailed') });
      } finally {
        if (mine === choice.current) setIsLoadingSession(false);
      }
    },
    [isBusy, t],
  );

  /** Deletes a conversation; true when it is gone. The open one makes way for a new chat. */
  const removeSession = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await deleteChatHistory(id);
      } catch {
        return false;
      }
      if (id === sessionId) startNewChat();
      await queryClient.invalidateQueries({ queryKey: chatSessionsQueryKey });
      return true;
    },
    [queryClient, sessionId, startNewChat],
  );

  // Spec §5: a blank message is not sent; nothing is sent while busy or counting down.
  const canSend = (text: string) =>
    isSendable(text) && !isBusy && !isCountingDown && sessionId !== null && !isLoadingSession;

  const send = useCallback(
    async (text: string, storeCredentials?: StoreCredentials): Promise<boolean> => {
      if (!isSendable(text) || isBusy || isCountingDown || sessionId === null || isLoadingSession)
        return false;
      const question = text.trim();
      const history = contextWindow(
        messages.filter((m) => !m.isPending).map((m) => ({ role: m.role, content: m.content })),
      );
      const userId = nextId.current++;
      const answerId = nextId.current++;
      setNotice(null);
      setIsBusy(true);
      setMessages((current) => [
        ...current,
        { id: userId, role: 'user', content: question },
        { id: answerId, role: 'assistant', content: '', isPending: true },
      ]);
      const dropPlaceholder = () => setMessages((current) => current.filter((m) => m.id !== answerId));
      try {
        const ending = await sendChatMessage({
          message: question,
          sessionId,
          conversationHistory: history,
          ...(storeCredentials ? { storeCredentials } : {}),
          onContent: (piece) =>
            setMessages((current) =>
              current.map((m) => (m.id === answerId ? { ...m, content: m.content + piece } : m)),
            ),
        });
        setMode(ending.mode);
        setMessages((current) => current.map((m) => (m.id === answerId ? { ...m, isPending: false } : m)));
        void queryClient.invalidateQueries({ queryKey: chatSessionsQueryKey });
      } catch (error) {
        // Spec §4: the empty assistant placeholder is removed; a rate limit disables input for a countdown.
        dropPlaceholder();
        if (error instanceof ChatSendError && error.kind === 'rateLimited') {
          const at = Date.now();
          setNow(at);
          setRateLimit({
            until: at + error.retryAfterSeconds * 1000,
            text:
              serverErrorText({ code: error.code, text: error.serverText }, t) ??
              t('serverErrors.chat_rate_limited'),
          });
        } else {
          setNotice({ kind: 'error', text: t('chat.responseFailed') });
        }
      } finally {
        setIsBusy(false);
      }
      return true;
    },
    [isBusy, isCountingDown, isLoadingSession, messages, queryClient, sessionId, t],
  );

  return {
    sessionId,
    mode,
    messages,
    isBusy,
    isLoadingSession,
    isStartFailed,
    notice,
    rateLimitText: isCountingDown ? (rateLimit?.text ?? null) : null,
    secondsLeft,
    isCountingDown,
    sessions,
    startNewChat,
    selectSession,
    removeSession,
    canSend,
    send,
  };
}
