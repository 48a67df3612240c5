import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabId } from '../../common/contracts/tabs';
import { TabIcon, UserIcon } from '../components/icons';
import { PlaceholderPanel } from '../components/placeholder-panel';
import { AUTH_PATHS } from '../lib/routes';
import type { SessionUser } from '../lib/session';
import { tabScreens } from './tab-registry';

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="mt-10 text-center text-sm text-slate-500">
      {t('app.loading')}
    </p>
  );
}

export function TabContent({
  tab,
  user,
  isSessionLoading,
}: {
  tab: TabId;
  user: SessionUser | null;
  isSessionLoading: boolean;
}) {
  const { t } = useTranslation();
  if (isSessionLoading && (tab === 'profile-settings' || tab === 'admin-users')) return <Loading />;

  // Spec part 2 §2 "Profile settings": without login it shows 'Login Required' and a 'Go to Login' link.
  if (tab === 'profile-settings' && !user) {
    return (
      <PlaceholderPanel
        testId="login-required"
        icon={<UserIcon className="h-6 w-6" />}
        title={t('panels.loginRequired')}
        body={t('panels.loginRequiredBody')}
      >
        <a
          href={AUTH_PATHS.login}
          className="inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {t('panels.goToLogin')}
        </a>
      </PlaceholderPanel>
    );
  }

  const Screen = tabScreens[tab];
  if (Screen) {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  }
  return (
    <PlaceholderPanel
      testId="not-built"
      icon={<TabIcon tab={tab} className="h-6 w-6" />}
      title={t(`tabs.${tab}.title`)}
      body={t('panels.notBuilt')}
    >
      <p className="text-xs text-slate-500">{t('panels.notBuiltHint')}</p>
    </PlaceholderPanel>
  );
}
