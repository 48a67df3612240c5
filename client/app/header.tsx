import { useTranslation } from 'react-i18next';
import type { TabId } from '../../common/contracts/tabs';
import { MenuIcon } from '../components/icons';
import { LanguageSwitch } from '../components/language-switch';
import { AUTH_PATHS } from '../lib/routes';
import type { SessionUser } from '../lib/session';
import { ProfileMenu } from './profile-menu';

export interface HeaderProps {
  tab: TabId;
  user: SessionUser | null;
  isSessionLoading: boolean;
  isMenuOpen: boolean;
  menuButtonRef: React.Ref<HTMLButtonElement>;
  onOpenMenu: () => void;
  onOpenProfileSettings: () => void;
  onExitAdminMode: () => void;
  onLogout: () => void;
}

export function Header({
  tab,
  user,
  isSessionLoading,
  isMenuOpen,
  menuButtonRef,
  onOpenMenu,
  onOpenProfileSettings,
  onExitAdminMode,
  onLogout,
}: HeaderProps) {
  const { t } = useTranslation();
  const linkBase =
    'inline-flex items-center rounded-lg px-2.5 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:px-3.5';
  // On a phone (issue 31) the header stays under 96 px: the controls on one row, the title on the next, and the
  // subtitle left to wider screens.
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 sm:flex-nowrap sm:gap-x-3 sm:px-6 sm:py-3">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          aria-label={t('nav.openMenu')}
          aria-expanded={isMenuOpen}
          aria-controls="app-sidebar"
          data-testid="menu-button"
          className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
        >
          <MenuIcon className="h-6 w-6" />
        </button>
        <div className="order-last min-w-0 basis-full sm:order-none sm:flex-1 sm:basis-auto">
          <h1 data-testid="tab-title" className="truncate text-lg font-semibold text-slate-900 sm:text-xl">
            {t(`tabs.${tab}.title`)}
          </h1>
          <p data-testid="subtitle" className="hidden text-sm text-slate-600 sm:block sm:truncate">
            {t('app.subtitle')}
          </p>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
          <LanguageSwitch />
          {user ? (
            <ProfileMenu
              user={user}
              onProfileSettings={onOpenProfileSettings}
              onExitAdminMode={onExitAdminMode}
              onLogout={onLogout}
            />
          ) : (
            !isSessionLoading && (
              <nav aria-label={t('header.accountMenu')} className="flex items-center gap-2">
                <a
                  href={AUTH_PATHS.login}
                  data-testid="login-link"
                  className={`${linkBase} border border-slate-200 text-slate-700 hover:bg-slate-50`}
                >
                  {t('header.login')}
                </a>
                <a
                  href={AUTH_PATHS.register}
                  data-testid="signup-link"
                  className={`${linkBase} bg-indigo-600 text-white shadow-sm hover:bg-indigo-500`}
                >
                  {t('header.signUp')}
                </a>
              </nav>
            )
          )}
        </div>
      </div>
    </header>
  );
}
