import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveVisibleTab, type TabId } from '../../common/contracts/tabs';
import { isAdmin, useSession, useSessionActions } from '../lib/session';
import { TabNavigationContext } from '../lib/tab-navigation';
import { Footer } from './footer';
import { Header } from './header';
import { ImpersonationBanner } from './profile-menu';
import { Sidebar } from './sidebar';
import { TabContent } from './tab-content';
import { useRequestedTab, writeTabToUrl } from './use-current-tab';

/** Tailwind's md breakpoint, where the sidebar stops being a slide-over. */
const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

/** The one tool page (spec part 1 §2 "Shell", part 2 §2 "Dashboard shell"). */
export function App() {
  const { t } = useTranslation();
  const { user, isLoading: isSessionLoading } = useSession();
  const { signOut, stopImpersonating } = useSessionActions();
  const [requestedTab, setRequestedTab] = useRequestedTab();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  // Until the session is known an admin-only tab keeps its place (so an admin's reload stays on it).
  const tab: TabId = isSessionLoading ? requestedTab : resolveVisibleTab(requestedTab, isAdmin(user));
  const title = t(`tabs.${tab}.title`);

  useEffect(() => {
    if (!isSessionLoading) writeTabToUrl(tab);
  }, [tab, isSessionLoading]);

  useEffect(() => {
    document.title = t('app.documentTitle', { title });
  }, [t, title]);

  const shouldRestoreFocusRef = useRef(false);
  const closeMenu = useCallback(() => {
    shouldRestoreFocusRef.current = true;
    setIsMenuOpen(false);
  }, []);

  // Back to the menu button once the page is no longer inert.
  useEffect(() => {
    if (isMenuOpen || !shouldRestoreFocusRef.current) return;
    shouldRestoreFocusRef.current = false;
    menuButtonRef.current?.focus();
  }, [isMenuOpen]);

  // The slide-over exists below the md breakpoint only: widening the window closes it.
  useEffect(() => {
    if (!isMenuOpen) return;
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) setIsMenuOpen(false);
    };
    closeWhenWide();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [isMenuOpen]);

  useEffect(() => {
    if (!isMenuOpen) return;
    closeButtonRef.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen, closeMenu]);

  const selectTab = (next: TabId) => {
    setRequestedTab(next);
    setIsMenuOpen(false);
    document.getElementById('main-content')?.scrollTo({ top: 0 });
  };

  // Back to the admin's own session, then to the user list the admin came from (spec part 1 §8 for the alert).
  const exitAdminMode = () => {
    stopImpersonating.mutate(undefined, {
      onSuccess: () => selectTab('admin-users'),
      onError: () => window.alert(t('errors.stopImpersonationFailed')),
    });
  };

  const logout = () => {
    signOut.mutate(undefined, { onError: () => window.alert(t('errors.logoutFailed')) });
  };

  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('app.skipToContent')}
      </a>
      <Sidebar
        currentTab={tab}
        isAdmin={isAdmin(user)}
        isOpen={isMenuOpen}
        closeButtonRef={closeButtonRef}
        onSelect={selectTab}
        onClose={closeMenu}
      />
      {/* While the slide-over is open the page behind it is inert (no focus, no clicks), like a modal. */}
      <div className="flex min-w-0 flex-1 flex-col" inert={isMenuOpen}>
        {user?.isImpersonating && (
          <ImpersonationBanner name={user.impersonatedName ?? user.name} onExit={exitAdminMode} />
        )}
        <Header
          tab={tab}
          user={user}
          isSessionLoading={isSessionLoading}
          isMenuOpen={isMenuOpen}
          menuButtonRef={menuButtonRef}
          onOpenMenu={() => setIsMenuOpen(true)}
          onOpenProfileSettings={() => selectTab('profile-settings')}
          onExitAdminMode={exitAdminMode}
          onLogout={logout}
        />
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <TabNavigationContext value={selectTab}>
            <TabContent tab={tab} user={user} isSessionLoading={isSessionLoading} />
          </TabNavigationContext>
        </main>
        <Footer />
      </div>
    </div>
  );
}
