// The mail seam: features send through a Mailer and never know whether it is SMTP or the database outbox.
import type { Database } from '../db/database';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** `smtp` when SMTP_URL is set; `outbox` for the embedded default (mails kept in the database). */
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
};

/** SMTP when SMTP_URL is set, else the outbox in the database (shown at /dev/outbox outside production). */
export function createMailer(deps: { env: Env; database: Database; logger: Logger }): Mailer {
  const { env, database, logger } = deps;
  if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, logger });
  if (env.NODE_ENV === 'production') {
    logger.warn('SMTP_URL is not set: mails are kept in the database outbox and not delivered');
  }
  return createOutboxMailer({ db: database.db, logger });
}
