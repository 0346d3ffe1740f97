import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales.ts';
import { accountMail, type AccountMail } from './accounts.mail.ts';
import { testSite } from './accounts.test-support.ts';

const site = testSite({ name: 'Unit <Hearts>' });
const MAILS: AccountMail[] = [
  {
    kind: 'activation',
    name: 'Ro<b>in',
    url: 'https://unit.example/api/activate.php?token=abc&x=1',
    days: 7,
  },
  {
    kind: 'password_reset',
    name: 'Robin',
    url: 'https://unit.example/reset-password/do?token=abc',
    minutes: 60,
  },
  {
    kind: 'email_change',
    name: 'Robin',
    url: 'https://unit.example/api/mail-change.php?token=abc',
    hours: 24,
  },
  { kind: 'email_change_notice', name: 'Robin', newEmail: 'new@example.org' },
  { kind: 'password_changed', name: 'Robin', resetUrl: 'https://unit.example/reset-password' },
  {
    kind: 'account_deleted',
    name: 'Robin',
    url: 'https://unit.example/account-deleted?token=abc',
    until: Date.UTC(2026, 0, 24),
  },
];

describe('account e-mails', () => {
  it.each(MAILS.map((m) => [m.kind, m] as const))(
    '%s is complete in every language, from the site’s sender',
    (_kind, mail) => {
      for (const locale of LOCALES) {
        const message = accountMail(site, locale, 'robin@example.org', mail);
        expect(message.from).toEqual({ name: site.mailName, address: site.mailFrom });
        expect(message.subject).toContain('Unit <Hearts>');
        for (const text of [message.subject, message.text, message.html!])
          expect(text, locale).not.toMatch(/\{\w+\}|accounts\.mail\./);
        if ('url' in mail) expect(message.text).toContain(mail.url);
      }
    },
  );

  it('escapes what members and operators wrote, in the HTML', () => {
    const message = accountMail(site, 'en', 'robin@example.org', MAILS[0]!);
    expect(message.html).toContain('Ro&#60;b&#62;in');
    expect(message.html).toContain('Unit &#60;Hearts&#62;');
    expect(message.html).toContain('token=abc&#38;x=1');
    expect(message.html).not.toContain('<b>in');
  });

  it('writes the reactivation deadline as the language writes dates', () => {
    expect(accountMail(site, 'de', 'r@example.org', MAILS[5]!).text).toContain('24. Januar 2026');
    expect(accountMail(site, 'en', 'r@example.org', MAILS[5]!).text).toContain('January 24, 2026');
  });
});
