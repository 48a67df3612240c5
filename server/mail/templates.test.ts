import { describe, expect, it } from 'vitest';
import {
  confirmEmailChangeMail,
  emailChangeRequestedMail,
  resetPasswordMail,
  verifyEmailMail,
} from './templates';

describe('account mails', () => {
  it('carry the link in the text and an escaped HTML version', () => {
    const url = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F';
    const mail = verifyEmailMail({ to: 'ada@example.com', name: 'Ada <script>', url });
    expect(mail.subject).toBe('Verify your email for BC Toolbox');
    expect(mail.text).toContain(`\n${url}\n`);
    expect(mail.html).toContain(
      'href="http://localhost:3000/api/auth/verify-email?token=abc&amp;callbackURL=%2F"',
    );
    expect(mail.html).toContain('Ada &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('has a reset mail and an email-changed notice', () => {
    expect(resetPasswordMail({ to: 'a@x.io', name: 'A', url: 'http://h/r/t' })).toMatchObject({
      to: 'a@x.io',
      subject: 'Reset your BC Toolbox password',
    });
    const notice = emailChangeRequestedMail({ to: 'old@x.io', name: 'A', newEmail: 'new@x.io' });
    expect(notice.to).toBe('old@x.io');
    expect(notice.text).toContain('from old@x.io to new@x.io');
    expect(notice.text).toContain('changes only when the link sent to new@x.io is opened');
    const confirm = confirmEmailChangeMail({ to: 'new@x.io', name: 'A', url: 'http://h/v?token=t' });
    expect(confirm).toMatchObject({ to: 'new@x.io', subject: 'Confirm your new email for BC Toolbox' });
    expect(confirm.text).toContain('http://h/v?token=t');
  });
});
