// Sends mail over SMTP (nodemailer). smtp:// upgrades with STARTTLS when the server offers it; smtps:// is TLS.
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
      // Never the body: it carries verification and reset tokens.
      options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
}
