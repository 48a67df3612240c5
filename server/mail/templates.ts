// The three account mails (issue 4): verify your email, reset your password, email changed. Plain text plus a small
// HTML version; every value is escaped.
import type { Mail } from './mailer';

const APP_NAME = 'BC Toolbox';

export function verifyEmailMail(input: { to: string; name: string; url: string }): Mail {
  return buildMail(input.to, `Verify your email for ${APP_NAME}`, [
    `Hi ${input.name},`,
    `Please confirm that ${input.to} is your email address by opening this link:`,
    { link: input.url, label: 'Verify my email' },
    `If you did not create an account or change your email on ${APP_NAME}, you can ignore this mail.`,
  ]);
}

export function resetPasswordMail(input: { to: string; name: string; url: string }): Mail {
  return buildMail(input.to, `Reset your ${APP_NAME} password`, [
    `Hi ${input.name},`,
    'Someone asked to reset the password of your account. To choose a new password, open this link:',
    { link: input.url, label: 'Reset my password' },
    'The link works once and expires in one hour. If you did not ask for it, you can ignore this mail: your password stays the same.',
  ]);
}

/** To the old address when a change is asked for: nothing changes until the new address confirms. */
export function emailChangeRequestedMail(input: { to: string; name: string; newEmail: string }): Mail {
  return buildMail(input.to, `A change of your ${APP_NAME} email was requested`, [
    `Hi ${input.name},`,
    `Someone signed in to your ${APP_NAME} account asked to change its email address from ${input.to} to ${input.newEmail}. The address changes only when the link sent to ${input.newEmail} is opened.`,
    'If you did not ask for this, change your password and contact an administrator.',
  ]);
}

/** To the new address: opening the link switches the account to it. */
export function confirmEmailChangeMail(input: { to: string; name: string; url: string }): Mail {
  return buildMail(input.to, `Confirm your new email for ${APP_NAME}`, [
    `Hi ${input.name},`,
    `Open this link to make ${input.to} the email address of your ${APP_NAME} account:`,
    { link: input.url, label: 'Confirm my new email' },
    'If you did not ask for this, you can ignore this mail: nothing changes.',
  ]);
}

type Part = string | { link: string; label: string };

function buildMail(to: string, subject: string, parts: Part[]): Mail {
  const text = parts.map((part) => (typeof part === 'string' ? part : part.link)).join('\n\n');
  const body = parts
    .map((part) =>
      typeof part === 'string'
        ? `<p>${escapeHtml(part)}</p>`
        : `<p><a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(part.link)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
  return { to, subject, text: `${text}\n\n— ${APP_NAME}\n`, html };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
