// The development outbox (only when NODE_ENV is not production): every mail the embedded default kept, as JSON at
// `GET /api/dev/outbox` and as a page at `GET /dev/outbox` with clickable links (no scripts: it passes the CSP).
import { Hono } from 'hono';
import { z } from 'zod';
import { OUTBOX_API_PATH, OUTBOX_PAGE_PATH, type OutboxMail } from '../../../common/contracts/dev-outbox';
import { ERROR_CODES } from '../../../common/errors';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { listOutbox } from '../../mail/outbox';
import { escapeHtml } from '../../mail/templates';
import { readInput, readQuery } from '../../tool-route';

const OUTBOX_LIMIT = 100;
const querySchema = z.object({ to: z.string().trim().min(1).optional() });

export function devOutboxRoutes({ database }: { database: Database }): Hono {
  const db = database.db;
  return new Hono()
    .get(OUTBOX_API_PATH, async (c) => {
      const query = await readInput(c, querySchema, {
        read: readQuery,
        refuse: () => new AppError(ERROR_CODES.invalidInput, 'to must be an email address'),
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ mails: await listOutbox(db, { to: query.to, limit: OUTBOX_LIMIT }) });
    })
    .get(OUTBOX_PAGE_PATH, async (c) => {
      const mails = await listOutbox(db, { limit: OUTBOX_LIMIT });
      c.header('Cache-Control', 'no-store');
      return c.html(renderOutboxPage(mails));
    });
}

export function renderOutboxPage(mails: OutboxMail[]): string {
  const items = mails.map(
    (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.at)}">${escapeHtml(mail.at)}</time></p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · BC Toolbox (development)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 50rem; padding: 0 1rem; color: #1f2937; }
article { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 0 1rem; margin: 1rem 0; }
h2 { font-size: 1.1rem; } .meta { color: #4b5563; font-size: 0.9rem; }
pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Mails kept by the embedded default (SMTP_URL is not set), newest first. Development only: not shown in production.</p>
${items.length > 0 ? items.join('\n') : '<p>No mail yet.</p>'}
</body>
</html>`;
}

/** Escapes the text and turns http(s) addresses into links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}
