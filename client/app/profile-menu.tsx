import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '../components/icons';
import { cn } from '../lib/class-names';
import type { SessionUser } from '../lib/session';
import { userInitial } from '../lib/user-initial';

export interface ProfileMenuViewProps {
  user: SessionUser;
  isOpen: boolean;
  menuId: string;
  onToggle: () => void;
  onProfileSettings: () => void;
  onExitAdminMode: () => void;
  onLogout: () => void;
}

/** The logged-in header control (spec part 1 §2 "Shell"): avatar initial, name, email and the dropdown. */
export function ProfileMenuView({
  user,
  isOpen,
  menuId,
  onToggle,
  onProfileSettings,
  onExitAdminMode,
  onLogout,
}: ProfileMenuViewProps) {
  const { t } = useTranslation();
  const roleLabel = user.role === 'admin' ? t('header.roles.admin') : t('header.roles.user');
  // Named by the name and email it shows (a menu button, aria-haspopup); on a phone they are visually hidden only,
  // so the button keeps its name there.
  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={onToggle}
        data-testid="profile-control"
        className="flex items-center gap-2 rounded-lg px-1.5 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
        >
          {userInitial(user)}
        </span>
        <span className="sr-only min-w-0 text-left sm:not-sr-only sm:block">
          <span className="block max-w-40 truncate text-sm font-medium text-slate-900">{user.name}</span>
          <span className="block max-w-40 truncate text-xs text-slate-600">{user.email}</span>
        </span>
        <ChevronDownIcon
          className={cn('h-4 w-4 text-slate-500 transition-transform', isOpen && 'rotate-180')}
        />
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('header.accountMenu')}
          className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="border-b border-slate-100 px-3 pb-2 pt-1">
            <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            <p className="mt-1.5 inline-block rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
              {roleLabel}
            </p>
            {!user.isVerified && (
              <p className="mt-1.5 text-xs font-medium text-amber-700">{t('header.emailNotVerified')}</p>
            )}
          </div>
          <div className="pt-1">
            <MenuItem tone="text-slate-700" onSelect={onProfileSettings}>
              <UserIcon className="h-4 w-4 text-slate-500" />
              {t('header.profileSettings')}
            </MenuItem>
            {user.isImpersonating && (
              <MenuItem tone="text-orange-700" onSelect={onExitAdminMode}>
                <span aria-hidden="true" className="w-4 text-center">
                  ⇤
                </span>
                {t('header.exitAdminMode')}
              </MenuItem>
            )}
            <MenuItem tone="text-red-700" onSelect={onLogout}>
              <LogoutIcon className="h-4 w-4" />
              {t('header.logout')}
            </MenuItem>
          </div>
        </div>
      )}
    </>
  );
}

/** One entry of the dropdown (its icon and label as children), in its colour. */
function MenuItem({ tone, onSelect, children }: { tone: string; onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitem"
      className={cn(
        'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none',
        tone,
      )}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

export interface ProfileMenuProps {
  user: SessionUser;
  onProfileSettings: () => void;
  onExitAdminMode: () => void;
  onLogout: () => void;
}

/** Holds the open state; an outside click or Escape closes the dropdown. */
export function ProfileMenu({ user, onProfileSettings, onExitAdminMode, onLogout }: ProfileMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      setIsOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  const choose = (action: () => void) => () => {
    setIsOpen(false);
    action();
  };

  return (
    <div ref={containerRef} className="relative">
      <ProfileMenuView
        user={user}
        isOpen={isOpen}
        menuId={menuId}
        onToggle={() => setIsOpen((open) => !open)}
        onProfileSettings={choose(onProfileSettings)}
        onExitAdminMode={choose(onExitAdminMode)}
        onLogout={choose(onLogout)}
      />
    </div>
  );
}

export function ImpersonationBanner({ name, onExit }: { name: string; onExit: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 bg-orange-500 px-4 py-2 text-sm font-medium text-white"
    >
      <span>{t('header.viewingAs', { name })}</span>
      <button
        type="button"
        onClick={onExit}
        className="rounded-md bg-white/20 px-3 py-1 text-xs font-semibold hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t('header.exit')}
      </button>
    </div>
  );
}
