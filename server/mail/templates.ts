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

export function emailChangedMail(input: { to: string; name: string; newEmail: string }): Mail {
  return buildMail(input.to, `Your ${APP_NAME} email was changed`, [
    `Hi ${input.name},`,
    `The email address of your ${APP_NAME} account was changed from ${input.to} to ${input.newEmail}.`,
    'If you did not make this change, reset your password and contact an administrator.',
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
