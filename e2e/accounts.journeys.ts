// Journeys of accounts (issue 4) against the real server: Better Auth at /api/auth/*, mails in the dev outbox
// (`GET /api/dev/outbox`, the e2e server runs without SMTP_URL). Expected texts are written out from the spec and the
// issue, not imported from the catalogues, so a wrong catalogue entry fails.
//
// Each journey talks to the server from its own client address (X-Forwarded-For, trusted from loopback), so the
// sign-in and sign-up rate limits (5 a minute, the production default) count per journey, as they would per person.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import {
  clientAddress,
  DESKTOP,
  describedBy,
  expectFieldError,
  expectText,
  expectTextIncludes,
  logIn,
  mailedLink,
  mcpStatus,
  openApp,
  openPage,
  signUpByApi,
  squash,
  textOf,
  verifyAdminByApi,
  verifyByApi,
} from './helpers';

const ADMIN_EMAIL = 'admin@example.com';

/** The e2e server's settings for these journeys (e2e/run.ts passes them to startApp). */
export const ACCOUNTS_SERVER_ENV = {
  ADMIN_EMAILS: ADMIN_EMAIL,
  TRUSTED_PROXIES: '127.0.0.1',
  AUTH_RATE_LIMIT: '5',
};

const PASSWORD = 'first-secret';

async function expectTitle(page: Page, expected: string): Promise<void> {
  await eventually(async () =>
    assert.equal(squash((await page.getByTestId('tab-title').textContent()) ?? ''), expected),
  );
}

async function openProfileMenu(page: Page): Promise<Locator> {
  await page.getByTestId('profile-control').click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

async function logOut(page: Page): Promise<void> {
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByTestId('login-link').waitFor();
}

/** Captures the JSON bodies the page sends to a path. */
function captureBodies(page: Page, pathname: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname && request.method() !== 'GET') {
      bodies.push(request.postDataJSON());
    }
  });
  return bodies;
}

export const accountsJourneys: Journey[] = [
  {
    name: 'register in development mode, on this machine: the page says where the verification mail is (issue 31)',
    run: async ({ newPage }) => {
      // No X-Forwarded-For: the browser of the person running the app on their own machine.
      const page = await newPage(DESKTOP);
      await page.goto('/auth/register');
      await page.getByLabel('Full name').fill('Minh Tran');
      await page.getByLabel('Email').fill('minh.dev@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      const hint = page.getByTestId('register-done').getByTestId('outbox-hint');
      await hint.waitFor();
      assert.equal(await hint.getByRole('link').getAttribute('href'), '/dev/outbox');
      assert.match(
        await textOf(hint),
        /^Development mode: .* outbox: http:\/\/127\.0\.0\.1:\d+\/dev\/outbox$/,
      );
    },
  },
  {
    name: 'register: the form says what is missing, creates the account, the header shows it unverified, the mailed link verifies it',
    run: async ({ baseUrl, newPage, screenshot }) => {
      const page = await openPage(newPage, { allowedFailedPaths: ['/api/dev/outbox'] });
      await openApp(page);
      await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
      await page.waitForURL('**/auth/register');
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Create your account');
      assert.equal(await page.title(), 'Create your account · BC Toolbox');

      const name = page.getByLabel('Full name');
      const email = page.getByLabel('Email');
      const password = page.getByLabel('Password');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectFieldError(name, 'Name is required');
      await expectFieldError(email, 'Email is required');
      await expectFieldError(password, 'Password is required');
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('autocomplete')),
        'name',
        'focus moves to the first field with a problem',
      );

      await name.fill('lan Nguyen');
      await email.fill('lan@example');
      await password.fill('12345');
      await expectFieldError(email, 'Please enter a valid email address');
      await expectFieldError(password, 'Password must be at least 6 characters');
      await email.fill('lan@example.com');
      await password.fill(PASSWORD);
      assert.equal(await name.getAttribute('aria-invalid'), null);
      assert.equal(await describedBy(password), 'At least 6 characters');
      await screenshot(page, 'register');
      await page.getByRole('button', { name: 'Create Account' }).click();

      const done = page.getByTestId('register-done');
      await done.waitFor();
      assert.equal(await done.getByRole('heading', { level: 1 }).innerText(), 'Account created');
      assert.equal(
        await textOf(done.getByRole('status')),
        'We sent a verification link to lan@example.com. You can use BC Toolbox right away; open the link to verify your email.',
      );
      // A caller behind a proxy (this page's X-Forwarded-For) is not on this machine: the outbox refuses it, and the
      // page says nothing about it.
      assert.equal(await done.getByTestId('outbox-hint').count(), 0);
      await done.getByRole('link', { name: 'Continue to BC Toolbox' }).click();
      await page.getByTestId('profile-control').waitFor();
      assert.equal(await textOf(page.getByTestId('profile-control')), 'L lan Nguyen lan@example.com');
      const menu = await openProfileMenu(page);
      const menuText = await textOf(menu);
      assert.ok(menuText.includes('User'), menuText);
      assert.ok(menuText.includes('Email not verified'), 'an unverified user is told so in the menu');
      await page.mouse.click(700, 600);
      await menu.waitFor({ state: 'hidden' });

      const { mail, link } = await mailedLink(baseUrl, 'lan@example.com', /verify/i);
      assert.equal(mail.subject, 'Verify your email for BC Toolbox');
      // The mailed link names PUBLIC_URL (localhost); this person uses the app at 127.0.0.1, where their session is,
      // and opens the link's path there (issue 27: the page works at any address).
      const mailed = new URL(link);
      assert.equal(mailed.hostname, 'localhost');
      await page.goto(mailed.pathname + mailed.search);
      await page.waitForURL('**/auth/verify-email?verified=1');
      await expectText(page.getByRole('heading', { level: 1 }), 'Email verified');
      assert.equal(
        await textOf(page.getByRole('status')),
        'Thank you! Your email address has been verified.',
      );
      await page.getByRole('link', { name: 'Continue to BC Toolbox' }).click();
      await page.getByTestId('profile-control').waitFor();
      const verifiedMenu = await textOf(await openProfileMenu(page));
      assert.ok(!verifiedMenu.includes('Email not verified'), verifiedMenu);

      // The same address cannot be registered twice.
      const other = await openPage(newPage, { allowedFailedPaths: ['/api/auth/sign-up/email'] });
      await other.goto('/auth/register');
      await other.getByLabel('Full name').fill('Someone Else');
      await other.getByLabel('Email').fill('LAN@example.com');
      await other.getByLabel('Password').fill('another-secret');
      await other.getByRole('button', { name: 'Create Account' }).click();
      await expectText(other.getByRole('alert'), 'An account with this email is already registered');
    },
  },
  {
    name: 'login: wrong password and unknown email are refused, a good login opens the app, too many attempts are stopped',
    run: async ({ baseUrl, newPage }) => {
      await signUpByApi(baseUrl, { name: 'Minh Le', email: 'minh.le@example.com', password: PASSWORD });
      // The store list's read at login can still be in flight when the journey logs out again: its 401 is the
      // expected answer for a session that has ended (the visitor's list is local), not a fault.
      const page = await openPage(newPage, {
        allowedFailedPaths: ['/api/auth/sign-in/email', '/api/user/stores'],
      });
      await page.goto('/auth/login');
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Log in to BC Toolbox');
      assert.equal(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href'), '/auth/register');
      assert.equal(
        await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href'),
        '/auth/forgot-password',
      );
      const submit = page.getByRole('button', { name: 'Log In' });
      await submit.click();
      await expectFieldError(page.getByLabel('Email'), 'Email is required');
      await expectFieldError(page.getByLabel('Password'), 'Password is required');

      // A wrong password and an unknown email get their own clear messages.
      await page.getByLabel('Email').fill('minh.le@example.com');
      await page.getByLabel('Password').fill('wrong-secret');
      await submit.click();
      await expectText(page.getByRole('alert'), 'Incorrect password');
      await page.getByLabel('Email').fill('nobody@example.com');
      await submit.click();
      await eventually(async () => assert.equal(await submit.isEnabled(), true));
      await expectText(page.getByRole('alert'), 'No account found with this email');

      await page.getByLabel('Email').fill('minh.le@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await submit.click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectText(page.getByTestId('profile-control'), 'M Minh Le minh.le@example.com');

      // Sign-ins from one address are limited to 5 a minute: three so far, two more wrong ones, then the sixth.
      await logOut(page);
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill('minh.le@example.com');
      for (let attempt = 4; attempt <= 5; attempt += 1) {
        await page.getByLabel('Password').fill(`wrong-${attempt}`);
        await submit.click();
        await expectText(page.getByRole('alert'), 'Incorrect password');
        await eventually(async () => assert.equal(await submit.isEnabled(), true));
      }
      await page.getByLabel('Password').fill(PASSWORD);
      await submit.click();
      await expectText(page.getByRole('alert'), 'Too many attempts. Please try again later.');
      assert.equal(await page.getByTestId('login-page').count(), 1, 'still on the login page');
    },
  },
  {
    name: 'Profile Settings: change name, password and email (only changed fields sent), the rules, log out and in again',
    run: async ({ baseUrl, newPage, screenshot }) => {
      await signUpByApi(baseUrl, { name: 'Thu Pham', email: 'thu@example.com', password: PASSWORD });
      const page = await openPage(newPage, {
        allowedFailedPaths: ['/api/auth/profile', '/api/auth/sign-in/email'],
      });
      const sent = captureBodies(page, '/api/auth/profile');
      await logIn(page, 'thu@example.com', PASSWORD);
      await openProfileMenu(page);
      await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
      await expectTitle(page, 'Profile Settings');

      const card = page.getByTestId('profile-card');
      await card.waitFor();
      assert.equal(await textOf(card.getByTestId('profile-avatar')), 'T');
      assert.equal(await textOf(card.getByTestId('profile-name')), 'Thu Pham');
      assert.equal(await textOf(card.getByTestId('profile-email')), 'thu@example.com');
      assert.equal(await textOf(card.getByTestId('verified-badge')), 'Not verified');
      assert.ok((await textOf(page.getByTestId('profile-form'))).includes('Personal Information'));
      assert.ok((await textOf(page.getByTestId('profile-form'))).includes('Change Password'));

      const name = page.getByLabel('Full name');
      const email = page.getByLabel('Email');
      const current = page.getByLabel('Current password');
      const fresh = page.getByLabel('New password', { exact: true });
      const confirm = page.getByLabel('Confirm new password');
      const save = page.getByRole('button', { name: 'Save Changes' });
      const notice = page.getByTestId('profile-notice');

      // The rules, before anything is sent.
      await name.fill('');
      await fresh.fill('abc');
      await confirm.fill('abd');
      await save.click();
      await expectFieldError(name, 'Name is required');
      await expectFieldError(current, 'Current password is required to change password');
      await expectFieldError(fresh, 'New password must be at least 6 characters');
      await expectFieldError(confirm, 'New passwords do not match');
      assert.deepEqual(sent, [], 'nothing is sent while the form breaks a rule');

      // A new name only.
      await name.fill('Thu Pham Tran');
      await fresh.fill('');
      await confirm.fill('');
      await save.click();
      await expectText(notice, 'Profile updated successfully!');
      assert.deepEqual(sent, [{ name: 'Thu Pham Tran' }]);
      await expectText(page.getByTestId('profile-control'), 'T Thu Pham Tran thu@example.com');
      await expectText(card.getByTestId('profile-name'), 'Thu Pham Tran');
      await screenshot(page, 'profile-settings');
      // The success message goes away after 5 seconds.
      await notice.waitFor({ state: 'detached', timeout: 8_000 });

      // A wrong current password: the server's message.
      await current.fill('not-my-password');
      await fresh.fill('second-secret');
      await confirm.fill('second-secret');
      await save.click();
      await eventually(async () => assert.equal(await notice.getAttribute('role'), 'alert'));
      // The server's own message (spec part 2 §8 "Profile": the server error, else 'Failed to update profile').
      assert.equal(await textOf(notice), 'Current password is incorrect');
      assert.deepEqual(sent.at(-1), { currentPassword: 'not-my-password', newPassword: 'second-secret' });

      await current.fill(PASSWORD);
      await save.click();
      await expectText(notice, 'Profile updated successfully!');
      assert.deepEqual(sent.at(-1), { currentPassword: PASSWORD, newPassword: 'second-secret' });
      assert.equal(await current.inputValue(), '', 'the password fields are cleared after a change');

      // A new email: the notice while typing, then only the email is sent.
      assert.equal(await page.getByText('Changing email will require re-verification').count(), 0);
      await email.fill('thu.tran@example.com');
      await eventually(async () => {
        const described = await describedBy(email);
        assert.ok(
          described.includes('Changing email will require re-verification'),
          `"${described}" names the re-verification notice`,
        );
      });
      // The address is a key to the account (issue 9): the current password first, then a link to the new address.
      await save.click();
      await expectFieldError(current, 'Current password is required to change email');
      await current.fill('second-secret');
      await save.click();
      await expectText(
        notice,
        'Profile updated successfully! To change your email, open the link we sent to thu.tran@example.com.',
      );
      assert.deepEqual(sent.at(-1), { email: 'thu.tran@example.com', currentPassword: 'second-secret' });
      // Nothing changes until the new address confirms.
      await expectText(page.getByTestId('profile-control'), 'T Thu Pham Tran thu@example.com');
      const { link: confirmLink } = await mailedLink(
        baseUrl,
        'thu.tran@example.com',
        /confirm your new email/i,
      );
      await page.goto(confirmLink);
      await expectText(page.getByTestId('profile-control'), 'T Thu Pham Tran thu.tran@example.com');
      await expectText(page.getByTestId('verified-badge'), '✓ Verified');

      await logOut(page);
      await page.getByTestId('login-required').waitFor();
      assert.equal(await textOf(page.getByTestId('login-required').locator('h2')), 'Login Required');

      // The old password and the old address no longer open the account; the new ones do.
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill('thu.tran@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expectText(page.getByRole('alert'), 'Incorrect password');
      await logIn(page, 'thu.tran@example.com', 'second-secret');
      await expectText(page.getByTestId('profile-control'), 'T Thu Pham Tran thu.tran@example.com');
    },
  },
  {
    name: 'forgot password: the mailed link opens the reset page, a new password works, the used link does not',
    run: async ({ baseUrl, newPage }) => {
      await signUpByApi(baseUrl, { name: 'Quang Vo', email: 'quang@example.com', password: PASSWORD });
      const page = await openPage(newPage, { allowedFailedPaths: ['/api/auth/reset-password'] });
      await page.goto('/auth/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/auth/forgot-password');
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Forgot your password?');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectFieldError(page.getByLabel('Email'), 'Email is required');
      await page.getByLabel('Email').fill('quang@example.com');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectText(
        page.getByRole('status'),
        'If this email exists in our system, check your email for the reset link.',
      );

      const { link } = await mailedLink(baseUrl, 'quang@example.com', /reset/i);
      await page.goto(link);
      await page.waitForURL(
        (url) => url.pathname === '/auth/reset-password' && url.searchParams.has('token'),
      );
      const usedLink = page.url();
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Set a new password');
      await page.getByLabel('New password', { exact: true }).fill('reset-secret');
      await page.getByLabel('Confirm new password').fill('reset-secreT');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectFieldError(page.getByLabel('Confirm new password'), 'Passwords do not match');
      await page.getByLabel('Confirm new password').fill('reset-secret');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectText(
        page.getByRole('status'),
        'Your password has been reset. You can now log in with your new password.',
      );
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await logIn(page, 'quang@example.com', 'reset-secret');
      await expectText(page.getByTestId('profile-control'), 'Q Quang Vo quang@example.com');

      // A reset link works once.
      await page.goto(usedLink);
      await page.getByLabel('New password', { exact: true }).fill('third-secret');
      await page.getByLabel('Confirm new password').fill('third-secret');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expectText(page.getByRole('alert'), 'This link is invalid or has expired.');
      await page.goto('/auth/reset-password?error=INVALID_TOKEN');
      await expectText(page.getByRole('alert'), 'This link is invalid or has expired.');
      assert.equal(
        await page.getByRole('link', { name: 'Request a new link' }).getAttribute('href'),
        '/auth/forgot-password',
      );
    },
  },
  {
    name: "admin: User Management lists, searches and pages users; role, ban, unban, delete; impersonation banner 'Viewing as' and Exit; audit log; a user's access token listed and revoked",
    run: async ({ baseUrl, newPage, screenshot }) => {
      await signUpByApi(baseUrl, { name: 'Admin Person', email: ADMIN_EMAIL, password: PASSWORD });
      await verifyAdminByApi(baseUrl, ADMIN_EMAIL, PASSWORD);
      await signUpByApi(baseUrl, { name: 'Viewed Person', email: 'viewed@example.com', password: PASSWORD });
      await signUpByApi(baseUrl, { name: 'Delete Me', email: 'delete.me@example.com', password: PASSWORD });

      const page = await openPage(newPage);
      await logIn(page, ADMIN_EMAIL, PASSWORD);
      const adminTab = page.locator('#app-sidebar [data-tab="admin-users"]');
      await adminTab.waitFor();
      assert.equal(await adminTab.getByTestId('admin-crown').count(), 1, 'the admin tab wears the crown');
      assert.ok((await textOf(await openProfileMenu(page))).includes('Admin'));
      await page.keyboard.press('Escape');
      await adminTab.click();
      await expectTitle(page, 'User Management');

      const panel = page.getByTestId('admin-users');
      const rows = panel.getByTestId('user-row');
      const row = (email: string) => panel.locator(`[data-testid="user-row"][data-email="${email}"]`);
      await row('viewed@example.com').waitFor();
      const total = await rows.count();
      assert.ok(total >= 3 && total <= 10, `one page of users (${total})`);
      assert.match(await textOf(page.getByTestId('users-summary')), /^Total: \d+ · Page 1 of \d+$/);
      assert.deepEqual(
        await panel
          .locator('thead th')
          .allInnerTexts()
          .then((texts) => texts.map((t) => t.toLowerCase())),
        ['user', 'role', 'verified', 'created', 'status', 'actions'],
      );
      const me = row(ADMIN_EMAIL);
      const meText = await textOf(me);
      assert.match(meText, /^Admin Person You admin@example\.com .* Verified .+ Active$/, meText);
      const myRole = me.getByRole('combobox', { name: 'Role of Admin Person' });
      assert.equal(await myRole.inputValue(), 'admin');
      assert.equal(await myRole.isDisabled(), true, 'an admin cannot change their own role');
      assert.equal(await me.getByRole('button').count(), 0, 'no actions on oneself');
      const viewed = row('viewed@example.com');
      const viewedText = await textOf(viewed);
      assert.match(
        viewedText,
        /^Viewed Person viewed@example\.com .* Not verified .+ Active Tokens Impersonate Ban Delete$/,
        viewedText,
      );
      assert.equal(
        await viewed.getByRole('combobox', { name: 'Role of Viewed Person' }).inputValue(),
        'user',
      );

      // Search by name, then by a piece of an address typed in capitals.
      await panel.getByLabel('Search by').selectOption('name');
      await panel.getByRole('searchbox', { name: 'Search' }).fill('Viewed');
      await panel.getByRole('button', { name: 'Search', exact: true }).click();
      await eventually(async () => assert.equal(await rows.count(), 1));
      assert.equal(await textOf(page.getByTestId('users-summary')), 'Total: 1 · Page 1 of 1');
      await panel.getByLabel('Search by').selectOption('email');
      await panel.getByRole('searchbox', { name: 'Search' }).fill('DELETE.ME@');
      await panel.getByRole('button', { name: 'Search', exact: true }).click();
      await eventually(async () =>
        assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-email'))), [
          'delete.me@example.com',
        ]),
      );
      await panel.getByRole('searchbox', { name: 'Search' }).fill('');
      await panel.getByRole('button', { name: 'Search', exact: true }).click();
      await eventually(async () => assert.equal(await rows.count(), total));

      // Role, ban, unban.
      const feedback = page.getByTestId('admin-feedback');
      await viewed.getByLabel('Role of Viewed Person').selectOption('admin');
      await expectText(feedback, 'The role of viewed@example.com is now Admin.');
      await viewed.getByLabel('Role of Viewed Person').selectOption('user');
      await expectText(feedback, 'The role of viewed@example.com is now User.');
      await viewed.getByRole('button', { name: 'Ban' }).click();
      await expectText(feedback, 'viewed@example.com has been banned.');
      await expectTextIncludes(viewed, 'Banned');
      await viewed.getByRole('button', { name: 'Unban' }).click();
      await expectText(feedback, 'viewed@example.com has been unbanned.');
      await expectTextIncludes(viewed, 'Active');

      // Delete asks first, in the app's own dialog naming the user (issue 44); cancelling keeps the user. The
      // browser's own dialogs (an error alert) are counted: none may open.
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const deleteDialog = page.getByTestId('user-delete-dialog');
      await row('delete.me@example.com').getByRole('button', { name: 'Delete' }).click();
      await expectText(
        deleteDialog,
        'Delete delete.me@example.com? Are you sure you want to delete delete.me@example.com? This cannot be undone. Cancel Delete',
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Cancel',
        'focus starts on the safe answer',
      );
      await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
      await deleteDialog.waitFor({ state: 'detached' });
      assert.equal(await row('delete.me@example.com').count(), 1);
      await row('delete.me@example.com').getByRole('button', { name: 'Delete' }).click();
      await deleteDialog.getByRole('button', { name: 'Delete' }).click();
      await expectText(feedback, 'delete.me@example.com has been deleted.');
      await row('delete.me@example.com').waitFor({ state: 'detached' });
      await screenshot(page, 'admin-users');

      // Impersonate: the orange banner, the user's view, Exit back to the admin.
      await viewed.getByRole('button', { name: 'Impersonate' }).click();
      const banner = page.getByRole('status').filter({ hasText: 'Viewing as:' });
      await expectText(banner, 'Viewing as: Viewed Person Exit');
      await expectTitle(page, 'Store Manager');
      await expectText(page.getByTestId('profile-control'), 'V Viewed Person viewed@example.com');
      assert.equal(await adminTab.count(), 0, 'the viewed user has no admin tab');
      await screenshot(page, 'impersonating');
      await banner.getByRole('button', { name: 'Exit' }).click();
      await banner.waitFor({ state: 'detached' });
      await expectTitle(page, 'User Management');
      await expectText(page.getByTestId('profile-control'), 'A Admin Person admin@example.com');

      // The dropdown's 'Exit Admin Mode' does the same, and the view survives a reload.
      await row('viewed@example.com').getByRole('button', { name: 'Impersonate' }).click();
      await banner.waitFor();
      await page.reload();
      await expectText(banner, 'Viewing as: Viewed Person Exit');
      const menu = await openProfileMenu(page);
      assert.ok((await textOf(menu)).includes('Exit Admin Mode'));
      await page.getByRole('menuitem', { name: 'Exit Admin Mode' }).click();
      await banner.waitFor({ state: 'detached' });
      await expectTitle(page, 'User Management');
      assert.deepEqual(dialogs, [], 'no browser dialog, no error alert');

      // The audit log names what happened, newest first.
      const audit = page.getByTestId('audit-log');
      await audit.getByRole('button', { name: 'Refresh' }).click();
      await eventually(async () => {
        const actions = await audit
          .getByTestId('audit-row')
          .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-action')));
        assert.deepEqual(actions.slice(0, 8), [
          'impersonation.stop',
          'impersonation.start',
          'impersonation.stop',
          'impersonation.start',
          'user.delete',
          'user.unban',
          'user.ban',
          'user.role.set',
        ]);
      });
      const newest = audit.getByTestId('audit-row').first();
      assert.ok((await textOf(newest)).includes('Impersonation stopped'));
      assert.ok((await textOf(audit)).includes('User deleted'));
      assert.ok((await textOf(audit)).includes('delete.me@example.com'));

      // A user's access tokens (issue 41): the admin sees the viewed user's token and revokes it; /mcp refuses it then.
      await verifyByApi(baseUrl, 'viewed@example.com');
      const agentToken = await accessTokenByApi(baseUrl, 'viewed@example.com', PASSWORD, 'Viewed Agent');
      assert.equal(await mcpStatus(baseUrl, agentToken), 200);
      await row('viewed@example.com').getByRole('button', { name: 'Tokens' }).click();
      const tokensPanel = page.getByTestId('user-tokens');
      await expectText(tokensPanel.locator('h3'), 'Access tokens of Viewed Person');
      const tokenRow = tokensPanel.getByTestId('user-token');
      await expectTextIncludes(tokenRow, 'Viewed Agent');
      assert.match(await textOf(tokenRow), /^Viewed Agent Read only .+ Revoke$/);
      await tokenRow.getByRole('button', { name: 'Revoke' }).click();
      await expectTextIncludes(tokensPanel, 'Token "Viewed Agent" revoked.');
      await expectTextIncludes(tokensPanel, 'No access tokens.');
      assert.equal(await mcpStatus(baseUrl, agentToken), 401);
      await audit.getByRole('button', { name: 'Refresh' }).click();
      await eventually(async () =>
        assert.equal(
          await audit.getByTestId('audit-row').first().getAttribute('data-action'),
          'user.access_token.revoke',
        ),
      );
      await tokensPanel.getByRole('button', { name: 'Close' }).click();
      await tokensPanel.waitFor({ state: 'detached' });
    },
  },
];

/** Signs in outside the browser and makes a read-only access token (the person did it on another machine). */
async function accessTokenByApi(
  baseUrl: string,
  email: string,
  password: string,
  name: string,
): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': clientAddress() };
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  assert.equal(signIn.status, 200, `sign-in of ${email}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const created = await fetch(`${baseUrl}/api/access-tokens`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name, scope: 'read' }),
  });
  const body = await created.text();
  assert.equal(created.status, 201, `a token of ${email}: ${body}`);
  return (JSON.parse(body) as { token: string }).token;
}
