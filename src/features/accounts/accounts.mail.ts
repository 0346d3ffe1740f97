import { translator, type MessageKey, type Translate } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { MailMessage } from '../../server/adapters/mailer.ts';
import type { Site } from '../../tenancy/site.ts';

/*
 * The accounts' e-mails: each in the member's language, from the site's own sender name and
 * address, with links on the site's canonical domain. Plain text and HTML carry the same words,
 * so a client that shows only text loses nothing.
 */

export interface MailLink {
  url: string;
  label: string;
}

interface MailContent {
  subject: string;
  /** The name in the greeting; none for an address that is not yet the member's (a new e-mail). */
  name: string | undefined;
  paragraphs: string[];
  link?: MailLink;
  /** Small print under the button: how long the link works, what to do if it was not you. */
  notes: string[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function footer(t: Translate, site: Site): string {
  const { company } = site;
  return t('accounts.mail.footer', {
    site: site.name,
    company: company.name,
    address: `${company.address}, ${company.city}`,
  });
}

/** Builds the message: text first (what spam filters and screen readers read), then HTML. */
export function composeMail(t: Translate, site: Site, to: string, content: MailContent): MailMessage {
  const greeting = content.name
    ? t('accounts.mail.greeting', { name: content.name })
    : t('accounts.mail.greeting_plain');
  const textParts = [greeting, ...content.paragraphs];
  if (content.link) textParts.push(`${content.link.label}:\n${content.link.url}`);
  textParts.push(...content.notes, '--', footer(t, site), t('accounts.mail.no_reply'));

  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const button = content.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:#b45309;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(content.link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(t('accounts.mail.link_hint'))}<br><a href="${escapeHtml(content.link.url)}" style="color:#b45309;word-break:break-all">${escapeHtml(content.link.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f5f5f4">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c1917;background:#ffffff">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(site.name)}</p>`,
    paragraph(greeting),
    ...content.paragraphs.map(paragraph),
    button,
    ...content.notes.map(
      (note) => `<p style="margin:0 0 16px;font-size:14px;color:#555555">${escapeHtml(note)}</p>`,
    ),
    `<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">`,
    `<p style="margin:0;font-size:12px;color:#78716c">${escapeHtml(footer(t, site))}<br>${escapeHtml(t('accounts.mail.no_reply'))}</p>`,
    '</div></body></html>',
  ].join('\n');

  return {
    from: { name: site.mailName, address: site.mailFrom },
    to,
    subject: content.subject,
    text: textParts.join('\n\n') + '\n',
    html,
    // Tells mail servers and out-of-office replies that no person sent this.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

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
  switch (mail.kind) {
    case 'activation':
      return composeMail(t, site, to, {
        subject: t(key('subject'), vars),
        name: mail.name,
        paragraphs: [t(key('intro'), vars)],
        link: { url: mail.url, label: t(key('button')) },
        notes: [t(key('note'), { ...vars, days: mail.days })],
      });
    case 'password_reset':
      return composeMail(t, site, to, {
        subject: t(key('subject'), vars),
        name: mail.name,
        paragraphs: [t(key('intro'), vars)],
        link: { url: mail.url, label: t(key('button')) },
        notes: [t(key('note'), { minutes: mail.minutes })],
      });
    case 'email_change':
      return composeMail(t, site, to, {
        subject: t(key('subject'), vars),
        name: undefined,
        paragraphs: [t(key('intro'), vars)],
        link: { url: mail.url, label: t(key('button')) },
        notes: [t(key('note'), { hours: mail.hours })],
      });
    case 'email_change_notice':
      return composeMail(t, site, to, {
        subject: t(key('subject'), vars),
        name: mail.name,
        paragraphs: [t(key('intro'), { ...vars, email: mail.newEmail })],
        notes: [t(key('note'))],
      });
    case 'password_changed':
      return composeMail(t, site, to, {
        subject: t(key('subject'), vars),
        name: mail.name,
        paragraphs: [t(key('intro'), vars)],
        link: { url: mail.resetUrl, label: t(key('button')) },
        notes: [t(key('note'))],
      });
    case 'account_deleted':
      return composeMail(t, site, to, {
        subject: t(key('subject'), vars),
        name: mail.name,
        paragraphs: [t(key('intro'), vars), t(key('reactivate'), { date: formatDate(locale, mail.until) })],
        link: { url: mail.url, label: t(key('button')) },
        notes: [t(key('note'))],
      });
  }
}
