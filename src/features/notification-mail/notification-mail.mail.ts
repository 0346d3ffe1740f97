import { translator, type MessageKey, type Translate } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { MailMessage } from '../../server/adapters/mailer.ts';
import { composeMail, type MailContent } from '../../server/mail/index.ts';
import { localePath } from '../../server/request.ts';
import { markedName } from '../../tenancy/public-settings.ts';
import type { Site } from '../../tenancy/site.ts';
import type { NotificationCategory } from '../notifications/index.ts';
import type { ActorName, DigestLine } from './digest.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/*
 * The words of the notification e-mails, in the member's language, in the platform's mail
 * layout; and the headers every one of them carries: List-Unsubscribe with a link on the site's
 * own origin and a mailto, and List-Unsubscribe-Post for the one-click unsubscribe of RFC 8058.
 */

export interface Recipient {
  memberId: string;
  email: string;
  name: string;
  locale: Locale;
}

export interface MailSetting {
  site: Site;
  /** The site's origin as members reach it (configured scheme, canonical domain). */
  origin: string;
  secret: Buffer;
}

/** The link and the mailto of a category's unsubscribe. */
export function unsubscribeLinks(setting: MailSetting, memberId: string, category: NotificationCategory) {
  const token = unsubscribeToken(setting.secret, setting.site.id, memberId, category);
  const url = `${setting.origin}/api/unsubscribe.php?token=${token}`;
  // The mailto reaches the mail-events webhook (docs/operators.md), which reads the token back.
  const mailto = `mailto:${setting.site.mailFrom}?subject=unsubscribe%20${token}`;
  return { token, url, mailto };
}

/** The layout's message with the unsubscribe headers and a line naming the category's switch. */
function categoryMail(
  setting: MailSetting,
  to: Recipient,
  category: NotificationCategory,
  content: Omit<MailContent, 'name'>,
): MailMessage {
  const t = translator(to.locale);
  const links = unsubscribeLinks(setting, to.memberId, category);
  const message = composeMail(t, setting.site, to.email, {
    ...content,
    name: to.name || undefined,
    notes: [
      ...content.notes,
      t('mailnotify.why', {
        site: setting.site.name,
        category: t(`notify.category.${category}` as MessageKey),
      }),
      t('mailnotify.unsubscribe', { url: links.url }),
    ],
  });
  return {
    ...message,
    headers: {
      ...message.headers,
      'List-Unsubscribe': `<${links.url}>, <${links.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The category that governs a digest line (a match counts as a like). */
export function lineCategory(line: Pick<DigestLine, 'kind'>): NotificationCategory {
  return line.kind === 'first' ? 'new_conversations' : line.kind === 'message' ? 'new_messages' : 'like';
}

function lineText(t: Translate, line: DigestLine, name: string): string {
  switch (line.kind) {
    case 'first':
      return t('mailnotify.line.first', { name, count: line.count });
    case 'message':
      return t('mailnotify.line.message', { name, count: line.count });
    case 'like':
      return t('mailnotify.line.like', { name });
    case 'match':
      return t('mailnotify.line.match', { name });
  }
}

/**
 * One e-mail for the member's waiting events: one line each. Its unsubscribe switches off the
 * category of its first line, the news the member most likely wants to stop.
 */
export function digestMail(
  setting: MailSetting,
  to: Recipient,
  lines: readonly DigestLine[],
  names: ReadonlyMap<string, ActorName>,
): MailMessage {
  const t = translator(to.locale);
  const { site } = setting;
  // A profile the operator runs is named with the site's marker here too, as on every page and push.
  const nameOf = (line: DigestLine) => {
    const actor = names.get(line.actorProfileId);
    return actor ? markedName(site, to.locale, t, actor) : '…';
  };
  const first = lines[0]!;
  const single = lines.length === 1;
  const path =
    single && first.conversationId
      ? `/chats/${first.conversationId}`
      : lines.every((l) => !l.conversationId)
        ? first.kind === 'match'
          ? '/likes/matches'
          : '/likes/received'
        : '/chats';
  const subject = single
    ? t(`mailnotify.subject.${first.kind}` as MessageKey, {
        name: nameOf(first),
        count: first.count,
        site: site.name,
      })
    : t('mailnotify.subject.digest', { count: lines.length, site: site.name });
  const button = single
    ? t(first.conversationId ? 'mailnotify.button.chat' : 'mailnotify.button.likes')
    : t('mailnotify.button.open', { site: site.name });
  return categoryMail(setting, to, lineCategory(first), {
    subject,
    paragraphs: lines.map((line) => lineText(t, line, nameOf(line))),
    link: { url: `${setting.origin}${localePath(to.locale, path)}`, label: button },
    notes: [],
  });
}

export function activationReminderMail(
  setting: MailSetting,
  to: Recipient,
  url: string,
  days: number,
): MailMessage {
  const t = translator(to.locale);
  const site = setting.site.name;
  return categoryMail(setting, to, 'reminders', {
    subject: t('mailnotify.activation.subject', { site }),
    paragraphs: [t('mailnotify.activation.intro', { site })],
    link: { url, label: t('mailnotify.activation.button') },
    notes: [t('mailnotify.activation.note', { days })],
  });
}

export function unreadReminderMail(setting: MailSetting, to: Recipient, count: number): MailMessage {
  const t = translator(to.locale);
  const site = setting.site.name;
  return categoryMail(setting, to, 'unread_message_reminders', {
    subject: t('mailnotify.unread.subject', { count, site }),
    paragraphs: [t('mailnotify.unread.intro', { count, site })],
    link: {
      url: `${setting.origin}${localePath(to.locale, '/chats')}`,
      label: t('mailnotify.unread.button'),
    },
    notes: [],
  });
}

export function weeklyUpdateMail(
  setting: MailSetting,
  to: Recipient,
  numbers: { newMembers: number; matches: number },
): MailMessage {
  const t = translator(to.locale);
  const site = setting.site.name;
  const paragraphs: string[] = [];
  if (numbers.newMembers > 0) paragraphs.push(t('mailnotify.weekly.members', { count: numbers.newMembers }));
  if (numbers.matches > 0) paragraphs.push(t('mailnotify.weekly.matches', { count: numbers.matches }));
  return categoryMail(setting, to, 'weekly_updates', {
    subject: t('mailnotify.weekly.subject', { site }),
    paragraphs,
    link: {
      url: `${setting.origin}${localePath(to.locale, numbers.newMembers > 0 ? '/members' : '/likes/matches')}`,
      label: t('mailnotify.button.open', { site }),
    },
    notes: [],
  });
}

/** An operator's text (promotions, news): as written, in the member's language where given. */
export interface Campaign {
  id: string;
  category: 'promotions' | 'news';
  /** Subject and paragraphs per language; `en` or the first one stands in for a missing one. */
  texts: Partial<Record<Locale, { subject: string; paragraphs: string[]; link?: string }>>;
  /** Only to members reading one of these languages (a console mailing is written per language). */
  locales?: Locale[];
}

export function campaignMail(setting: MailSetting, to: Recipient, campaign: Campaign): MailMessage {
  const t = translator(to.locale);
  const text = campaign.texts[to.locale] ?? campaign.texts.en ?? Object.values(campaign.texts)[0]!;
  const path = text.link && text.link.startsWith('/') ? text.link : '/';
  return categoryMail(setting, to, campaign.category, {
    subject: text.subject,
    paragraphs: text.paragraphs,
    link: {
      url: `${setting.origin}${localePath(to.locale, path)}`,
      label: t('mailnotify.button.open', { site: setting.site.name }),
    },
    notes: [],
  });
}
