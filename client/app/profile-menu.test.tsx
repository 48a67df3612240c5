import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Language } from '../lib/i18n';
import type { SessionUser } from '../lib/session';
import { ImpersonationBanner, ProfileMenuView } from './profile-menu';
import { textOf } from '../lib/render-test';

function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    name: 'lan Nguyen',
    email: 'lan@example.com',
    role: 'user',
    isVerified: true,
    isImpersonating: false,
    ...overrides,
  };
}

const noop = () => undefined;

function render(user: SessionUser, isOpen: boolean, language: Language = 'en'): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(language)}>
      <ProfileMenuView
        user={user}
        isOpen={isOpen}
        menuId="menu"
        onToggle={noop}
        onProfileSettings={noop}
        onExitAdminMode={noop}
        onLogout={noop}
      />
    </I18nextProvider>,
  );
}

describe('profile control', () => {
  it('shows the avatar initial, name and email, closed by default', () => {
    const html = render(buildUser(), false);
    expect(textOf(html)).toBe('L lan Nguyen lan@example.com');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('role="menu"');
  });

  it('opens a dropdown with the role label, Profile Settings and Logout', () => {
    const html = render(buildUser(), true);
    expect(html).toContain('aria-expanded="true"');
    const menu = textOf(html.slice(html.indexOf('role="menu"')));
    expect(menu).toContain('User');
    expect(menu).toContain('Profile Settings');
    expect(menu).toContain('Logout');
    expect(menu).not.toContain('Email not verified');
    expect(menu).not.toContain('Exit Admin Mode');
  });

  it("labels an admin's role", () => {
    expect(textOf(render(buildUser({ role: 'admin' }), true))).toContain('Admin');
  });

  it("notes 'Email not verified' when applicable", () => {
    expect(textOf(render(buildUser({ isVerified: false }), true))).toContain('Email not verified');
  });

  it("offers 'Exit Admin Mode' while impersonating", () => {
    const html = render(buildUser({ isImpersonating: true, impersonatedName: 'lan Nguyen' }), true);
    expect(textOf(html)).toContain('Exit Admin Mode');
  });

  it('speaks Vietnamese', () => {
    const menu = textOf(render(buildUser({ isVerified: false, isImpersonating: true }), true, 'vi'));
    expect(menu).toContain('Cài đặt hồ sơ');
    expect(menu).toContain('Đăng xuất');
    expect(menu).toContain('Email chưa được xác minh');
    expect(menu).toContain('Thoát chế độ quản trị');
  });
});

describe('impersonation banner', () => {
  it("reads 'Viewing as: {name}' with an Exit button", () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={createI18n('en')}>
        <ImpersonationBanner name="Minh Tran" onExit={noop} />
      </I18nextProvider>,
    );
    expect(textOf(html)).toBe('Viewing as: Minh Tran Exit');
    expect(html).toContain('<button');
  });
});
