import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, resolveRoute } from './routes';

describe('resolveRoute', () => {
  it('opens the tool page for the root and any other path', () => {
    expect(resolveRoute('/')).toEqual({ kind: 'app' });
    expect(resolveRoute('/index.html')).toEqual({ kind: 'app' });
    expect(resolveRoute('/authors')).toEqual({ kind: 'app' });
  });

  it('opens each account page by its path, with or without a trailing slash', () => {
    for (const [page, path] of Object.entries(AUTH_PATHS)) {
      expect(resolveRoute(path)).toEqual({ kind: 'auth', page });
      expect(resolveRoute(`${path}/`)).toEqual({ kind: 'auth', page });
    }
  });

  it('answers not found for unknown account paths', () => {
    expect(resolveRoute('/auth')).toEqual({ kind: 'not-found' });
    expect(resolveRoute('/auth/')).toEqual({ kind: 'not-found' });
    expect(resolveRoute('/auth/logout')).toEqual({ kind: 'not-found' });
    expect(resolveRoute('/auth/login/extra')).toEqual({ kind: 'not-found' });
  });
});
