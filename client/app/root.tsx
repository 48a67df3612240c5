import { lazy, Suspense } from 'react';
import { App } from './app';
import { resolveRoute } from '../lib/routes';

const AuthScreen = lazy(() => import('../features/auth/auth-screen'));

/** The tool page, or one of the /auth/* pages (read once from the address: links between them are plain anchors). */
export function Root() {
  const route = resolveRoute(window.location.pathname);
  if (route.kind === 'app') return <App />;
  return (
    <Suspense fallback={null}>
      <AuthScreen page={route.kind === 'auth' ? route.page : null} />
    </Suspense>
  );
}
