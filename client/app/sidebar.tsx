import { useTranslation } from 'react-i18next';
import { listSidebarTabs, type TabId } from '../../common/contracts/tabs';
import { CloseIcon, CrownIcon, TabIcon, ToolboxIcon } from '../components/icons';
import { cn } from '../lib/class-names';
import { withTabInUrl } from './tab-location';

export interface SidebarProps {
  currentTab: TabId;
  isAdmin: boolean;
  /** Mobile only: the slide-over is open. On wide screens the sidebar is always shown. */
  isOpen: boolean;
  closeButtonRef: React.Ref<HTMLButtonElement>;
  onSelect: (tab: TabId) => void;
  onClose: () => void;
}

/** Tabs in the spec's order (part 1 §2 "Tab ids"); a slide-over with a backdrop below the md breakpoint. */
export function Sidebar({ currentTab, isAdmin, isOpen, closeButtonRef, onSelect, onClose }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <>
      <div
        aria-hidden="true"
        data-testid="sidebar-backdrop"
        onClick={onClose}
        className={cn(
          'fixed inset-0 z-30 bg-slate-900/50 transition-opacity md:hidden',
          isOpen ? 'opacity-100' : 'pointer-events-none invisible opacity-0',
        )}
      />
      {/* Named, so it is told apart from another complementary region (the chat's history). */}
      <aside
        aria-label={t('app.name')}
        id="app-sidebar"
        data-testid="sidebar"
        data-open={isOpen}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-72 flex-col bg-slate-900 text-slate-300 shadow-xl transition-[translate,visibility] duration-200',
          'md:visible md:sticky md:top-0 md:h-screen md:w-64 md:translate-x-0 md:shadow-none',
          isOpen ? 'visible translate-x-0' : 'invisible -translate-x-full',
        )}
      >
        <div className="flex items-center gap-3 px-5 py-5">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-indigo-500 text-white">
            <ToolboxIcon className="h-5 w-5" />
          </span>
          <span className="flex-1 text-base font-semibold tracking-tight text-white">{t('app.name')}</span>
          <button
            ref={closeButtonRef}
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="rounded-lg p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400 md:hidden"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 pb-6">
          <ul className="space-y-0.5">
            {listSidebarTabs(isAdmin).map((tab) => {
              const isCurrent = tab.id === currentTab;
              return (
                <li key={tab.id}>
                  <a
                    href={withTabInUrl(window.location.href, tab.id)}
                    data-tab={tab.id}
                    aria-current={isCurrent ? 'page' : undefined}
                    onClick={(event) => {
                      // A middle-click, or one with a modifier (new tab, new window), is the browser's.
                      if (
                        event.button !== 0 ||
                        event.metaKey ||
                        event.ctrlKey ||
                        event.shiftKey ||
                        event.altKey
                      )
                        return;
                      event.preventDefault();
                      onSelect(tab.id);
                    }}
                    className={cn(
                      'group flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-400',
                      isCurrent ? 'bg-indigo-600 text-white' : 'hover:bg-slate-800 hover:text-white',
                    )}
                  >
                    <TabIcon
                      tab={tab.id}
                      className={cn(
                        'h-5 w-5 shrink-0',
                        isCurrent ? 'text-white' : 'text-slate-400 group-hover:text-white',
                      )}
                    />
                    <span className="min-w-0 flex-1 break-words" data-testid="tab-label">
                      {t(tab.labelKey)}
                    </span>
                    {tab.id === 'video-h265-converter' && (
                      <span
                        className={cn(
                          'rounded px-1.5 py-0.5 text-[11px] font-semibold',
                          // On the current tab's indigo the sky tint falls under 4.5:1: white badge, indigo text.
                          isCurrent ? 'bg-white text-indigo-700' : 'bg-sky-500/20 text-sky-300',
                        )}
                      >
                        {t('nav.cloudBadge')}
                      </span>
                    )}
                    {tab.isAdminOnly && (
                      <span title={t('nav.adminOnly')} data-testid="admin-crown">
                        <CrownIcon className="h-4 w-4 text-amber-400" />
                        <span className="sr-only">{t('nav.adminOnly')}</span>
                      </span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
    </>
  );
}
