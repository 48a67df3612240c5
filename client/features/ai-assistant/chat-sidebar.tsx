import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { relativeTime } from '../../../common/ai-assistant/relative-time';
import type { ChatSessionSummary } from '../../../common/contracts/ai-assistant';
import { PlusIcon, SidePanelIcon, TrashIcon } from '../../components/icons';
import { cn } from '../../lib/class-names';
import { formatNumber } from '../../lib/number-format';

/** Spec §9 relative time labels, in the user's language; a date beyond 6 days. */
export function relativeTimeText(updatedAt: string, now: Date, t: TFunction, language: string): string {
  const label = relativeTime(updatedAt, now);
  switch (label.kind) {
    case 'justNow':
      return t('chat.justNow');
    case 'minutes':
      return t('chat.minutesAgo', { n: formatNumber(label.n, language) });
    case 'hours':
      return t('chat.hoursAgo', { n: formatNumber(label.n, language) });
    case 'yesterday':
      return t('chat.yesterday');
    case 'days':
      return t('chat.daysAgo', { n: formatNumber(label.n, language) });
    case 'date':
      return label.date.toLocaleDateString(language);
  }
}

/**
 * The history sidebar (spec part 2 §2): 72 units wide expanded, 16 collapsed; New Chat, and the last 50 sessions with
 * their relative time, each with a delete button.
 */
export function ChatSidebar({
  sessions,
  isError,
  activeId,
  onNewChat,
  onSelect,
  onDelete,
  isDisabled,
}: {
  sessions: readonly ChatSessionSummary[] | undefined;
  isError: boolean;
  activeId: string | null;
  onNewChat: () => void;
  onSelect: (sessionId: string) => void;
  onDelete: (session: ChatSessionSummary) => void;
  isDisabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Collapsed at first on a narrow screen (a phone), where 72 units would leave the chat too little room.
  const [isExpanded, setIsExpanded] = useState(
    () => typeof window === 'undefined' || !window.matchMedia('(max-width: 639px)').matches,
  );
  // Relative labels move on with the clock.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <aside
      data-testid="chat-sidebar"
      data-expanded={isExpanded}
      className={cn(
        // On a phone a bar above the chat (the history opening below it), so the chat keeps the full width.
        'flex max-h-[45%] w-full shrink-0 flex-col border-b border-slate-200 bg-slate-50 transition-[width]',
        'sm:max-h-none sm:border-r sm:border-b-0',
        isExpanded ? 'sm:w-72' : 'sm:w-16',
      )}
    >
      <div
        className={cn(
          'flex items-center justify-between gap-2 p-3',
          !isExpanded && 'sm:flex-col sm:justify-start',
        )}
      >
        <button
          type="button"
          onClick={() => setIsExpanded((value) => !value)}
          aria-expanded={isExpanded}
          aria-label={isExpanded ? t('chat.collapse') : t('chat.expand')}
          title={isExpanded ? t('chat.collapse') : t('chat.expand')}
          data-testid="chat-sidebar-toggle"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-200"
        >
          <SidePanelIcon isExpanded={isExpanded} />
        </button>
        <button
          type="button"
          onClick={onNewChat}
          disabled={isDisabled}
          data-testid="chat-new"
          aria-label={isExpanded ? undefined : t('chat.newChat')}
          title={t('chat.newChat')}
          className={cn(
            'inline-flex items-center gap-2 rounded-lg bg-indigo-600 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-50',
            isExpanded ? 'px-3 py-2' : 'p-2',
          )}
        >
          <PlusIcon />
          {isExpanded && t('chat.newChat')}
        </button>
      </div>
      {isExpanded && (
        <nav aria-label={t('chat.history')} className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          <h2 className="px-2 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('chat.history')}
          </h2>
          {isError && (
            <p role="alert" className="px-2 text-sm text-red-700">
              {t('chat.historyFailed')}
            </p>
          )}
          {sessions?.length === 0 && (
            <p className="px-2 text-sm text-slate-500">{t('chat.noConversations')}</p>
          )}
          <ul className="space-y-1" data-testid="chat-sessions">
            {sessions?.map((session) => {
              const title = session.title || t('chat.untitled');
              const isActive = session.sessionId === activeId;
              return (
                <li
                  key={session.sessionId}
                  data-testid="chat-session"
                  data-session-id={session.sessionId}
                  className={cn(
                    'group flex items-center rounded-lg',
                    isActive ? 'bg-indigo-100' : 'hover:bg-slate-200',
                  )}
                >
                  <button
                    type="button"
                    onClick={() => onSelect(session.sessionId)}
                    disabled={isDisabled}
                    aria-current={isActive ? 'true' : undefined}
                    className="min-w-0 flex-1 px-2 py-2 text-left disabled:cursor-not-allowed"
                  >
                    <span
                      className="block truncate text-sm font-medium text-slate-800"
                      data-testid="chat-session-title"
                    >
                      {title}
                    </span>
                    <span className="block text-xs text-slate-600" data-testid="chat-session-time">
                      {relativeTimeText(session.updatedAt, now, t, i18n.language)}
                    </span>
                  </button>
                  <button
                    type="button"
                    onClick={() => onDelete(session)}
                    aria-label={t('chat.deleteConversation', { title })}
                    title={t('chat.deleteConversation', { title })}
                    data-testid="chat-session-delete"
                    className="mr-1 rounded p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-700 focus-visible:text-red-700"
                  >
                    <TrashIcon className="h-4 w-4" />
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </aside>
  );
}
