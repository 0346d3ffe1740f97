import { translator, type MessageKey } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { MailMessage } from '../../server/adapters/mailer.ts';
import { composeMail, type MailContent } from '../../server/mail/index.ts';
import type { Site } from '../../tenancy/site.ts';

/*
 * The accounts' e-mails: the words of each, in the member's language, with links on the site's
 * canonical domain. The frame (sender, greeting, button, footer, colours) is the platform's
 * mail layout (src/server/mail/).
 */

/** A date as people of the locale write it (the server's clock is UTC, so is the date). */
export function formatDate(locale: Locale, epochMs: number): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(epochMs);
}

export type AccountMail =
  | { kind: 'activation'; name: string; url: string; days: number }
  | { kind: 'password_reset'; name: string; url: string; minutes: number }
  | { kind: 'email_change'; name: string; url: string; hours: number }
  | { kind: 'email_change_notice'; name: string; newEmail: string }
  | { kind: 'password_changed'; name: string; resetUrl: string }
  | { kind: 'account_deleted'; name: string; url: string; until: number };

/** Every account e-mail as a message, in `locale`, to `to`. */
export function accountMail(site: Site, locale: Locale, to: string, mail: AccountMail): MailMessage {
  const t = translator(locale);
  const vars = { site: site.name };
  const key = (suffix: string) => `accounts.mail.${mail.kind}.${suffix}` as MessageKey;
  const intro = t(key('intro'), vars);
  const button = (url: string) => ({ url, label: t(key('button')) });
  const note = t(key('note'));
  const body = ((): Pick<MailContent, 'paragraphs' | 'link' | 'notes'> => {
    switch (mail.kind) {
      case 'activation':
        return {
          paragraphs: [intro],
          link: button(mail.url),
          notes: [t(key('note'), { ...vars, days: mail.days })],
        };
      case 'password_reset':
        return {
          paragraphs: [intro],
          link: button(mail.url),
          notes: [t(key('note'), { minutes: mail.minutes })],
        };
      case 'email_change':
        return {
          paragraphs: [intro],
          link: button(mail.url),
          notes: [t(key('note'), { hours: mail.hours })],
        };
      case 'email_change_notice':
        return { paragraphs: [t(key('intro'), { ...vars, email: mail.newEmail })], notes: [note] };
      case 'password_changed':
        return { paragraphs: [intro], link: button(mail.resetUrl), notes: [note] };
      case 'account_deleted': {
        const reactivate = t(key('reactivate'), { date: formatDate(locale, mail.until) });
        return { paragraphs: [intro, reactivate], link: button(mail.url), notes: [note] };
      }
    }
  })();
  return composeMail(t, site, to, {
    subject: t(key('subject'), vars),
    // The change confirmation goes to the new, still unconfirmed address: greeted without a name.
    name: mail.kind === 'email_change' ? undefined : mail.name,
    ...body,
  });
}
