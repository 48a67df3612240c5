// The app is one tool page with tabs as state; only the account pages are real paths (spec part 1 §2 "Routes").
// The server answers index.html for any GET, so the path is read here, once, at start-up. Links are plain anchors.

export const AUTH_PAGES = ['login', 'register', 'verify-email', 'forgot-password', 'reset-password'] as const;
export type AuthPage = (typeof AUTH_PAGES)[number];

export const AUTH_PATHS: Record<AuthPage, `/auth/${AuthPage}`> = {
  login: '/auth/login',
  register: '/auth/register',
  'verify-email': '/auth/verify-email',
  'forgot-password': '/auth/forgot-password',
  'reset-password': '/auth/reset-password',
};

export type Route = { kind: 'app' } | { kind: 'auth'; page: AuthPage } | { kind: 'not-found' };

function isAuthPage(value: string): value is AuthPage {
  return (AUTH_PAGES as readonly string[]).includes(value);
}

/** `/auth/<page>` (a trailing slash allowed) is an account page, any other `/auth/…` is not found, the rest the app. */
export function resolveRoute(pathname: string): Route {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed !== '/auth' && !trimmed.startsWith('/auth/')) return { kind: 'app' };
  const page = trimmed.slice('/auth/'.length);
  return isAuthPage(page) ? { kind: 'auth', page } : { kind: 'not-found' };
}

// Where Better Auth sends a person back from a mailed link (relative paths pass its origin check). It appends
// `?error=<CODE>` on failure; the reset link lands with `?token=` or `?error=INVALID_TOKEN`.

/** `callbackURL` of sign-up and send-verification-email: the address is verified when the link lands here. */
export const VERIFIED_CALLBACK_URL = `${AUTH_PATHS['verify-email']}?verified=1`;

/** `redirectTo` of request-password-reset. */
export const RESET_PASSWORD_REDIRECT = AUTH_PATHS['reset-password'];
