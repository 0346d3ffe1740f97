import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer, MailMessage } from '../../server/adapters/mailer.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { Logger } from '../../server/log.ts';
import type { NotificationEvent, NotificationSender } from '../../server/notifications.ts';
import { siteOrigin } from '../../server/request.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Site } from '../../tenancy/site.ts';
import { activationLink, memberLocale } from '../accounts/index.ts';
import {
  categoryEnabled,
  notificationPreferences,
  type NotificationCategory,
} from '../notifications/index.ts';
import { digestLines, planMail, type PendingItem } from './digest.ts';
import {
  activationReminderMail,
  campaignMail,
  digestMail,
  lineCategory,
  unreadReminderMail,
  weeklyUpdateMail,
  type Campaign,
  type MailSetting,
  type Recipient,
} from './notification-mail.mail.ts';
import { MAILING_TEST_RECIPIENT } from './unsubscribe-token.ts';
import {
  activationReminderDue,
  consentingMembers,
  deferPending,
  deletePending,
  duePendingOf,
  insertPending,
  lastMailed,
  logMail,
  mailedCount,
  mailMember,
  membersWithDueMail,
  profileNames,
  unreadMessages,
  unreadWaiting,
  unseenLikers,
  weeklyDue,
  markWeekLookedAt,
  type WeeklyCursor,
  weeklyNumbers,
  type MailMember,
  type PendingRow,
} from './notification-mail.repository.ts';
import { memberTimeZone, quietUntil } from './quiet-hours.ts';

/*
 * Notification e-mails (API.md "Away from the site"). A message, like or match is recorded when
 * it happens; a job mails it after the delay if the member has still not seen it and no other
 * channel (push) reached them, in the categories they want, outside their quiet hours, one e-mail
 * for all waiting events and at most one per conversation per gap. Unconfirmed members get one
 * activation reminder a day after signup and nothing else.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The sender's name among the notification senders. */
export const EMAIL_SENDER = 'email';

/** What the e-mail jobs need: the whole database, the mailer, the sites and the settings. */
export interface MailJobContext {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  secret: Buffer;
  scheme: 'http' | 'https';
  publicPort: number | undefined;
  delayMs: number;
  gapMs: number;
  site(id: string): Site | undefined;
  /** A service context on `site`, for the other senders' `delivered()` and the accounts' links. */
  serviceContext(site: Site): ServiceContext;
  /** The other channels (push): an event one of them delivered is not mailed. */
  otherSenders(): readonly NotificationSender[];
  signal?: AbortSignal;
}

/** The e-mail channel's part of `notify()`: the event waits for the job. */
export const emailSender: NotificationSender = {
  name: EMAIL_SENDER,
  async accept(ctx, event: NotificationEvent) {
    await insertPending(ctx.db, {
      id: event.id,
      network: event.network,
      siteId: event.siteId,
      memberId: event.recipientMemberId,
      type: event.type,
      actorProfileId: event.actorProfileId,
      conversationId: event.conversationId ?? null,
      messageId: event.messageId ?? null,
      firstInConversation: event.firstInConversation ?? false,
      createdAt: event.at.getTime(),
    });
  },
};

/** What sending a prepared e-mail needs (a campaign from the command line needs no more). */
export type MailSending = Pick<
  MailJobContext,
  'db' | 'clock' | 'log' | 'mailer' | 'secret' | 'scheme' | 'publicPort'
>;

function settingFor(job: MailSending, site: Site): MailSetting {
  return { site, origin: siteOrigin(site, job.scheme, job.publicPort), secret: job.secret };
}

function recipient(site: Site, member: MailMember): Recipient {
  return {
    memberId: member.id,
    email: member.email,
    name: member.name,
    locale: memberLocale(site, member.language),
  };
}

async function send(job: MailSending, message: MailMessage): Promise<boolean> {
  try {
    await job.mailer.send(message);
    return true;
  } catch (error) {
    job.log.warn('notification mail: the mail server refused a message; it is tried again', {
      error: (error as Error).message,
    });
    return false;
  }
}

/** The events of `items` still unseen: the message unread, the like not looked at. */
async function stillUnseen(
  job: MailJobContext,
  member: MailMember,
  items: PendingRow[],
): Promise<PendingRow[]> {
  const messages = await unreadMessages(
    job.db,
    member.network,
    items.flatMap((i) => (i.type === 'message' && i.messageId ? [i.messageId] : [])),
  );
  const likers = member.profileId
    ? await unseenLikers(
        job.db,
        member.network,
        member.profileId,
        items.flatMap((i) => (i.type === 'message' ? [] : [i.actorProfileId])),
      )
    : new Set<string>();
  return items.filter((i) =>
    i.type === 'message' ? !!i.messageId && messages.has(i.messageId) : likers.has(i.actorProfileId),
  );
}

/** Whether another channel (push) already reached the member with the event. */
async function deliveredElsewhere(
  job: MailJobContext,
  ctx: ServiceContext,
  eventId: string,
): Promise<boolean> {
  for (const sender of job.otherSenders()) {
    if (!sender.delivered) continue;
    try {
      if (await sender.delivered(ctx, eventId)) return true;
    } catch (error) {
      // Unknown counts as not delivered: the e-mail is the fallback channel.
      job.log.warn('notification mail: a sender could not say whether it delivered', {
        sender: sender.name,
        error: String(error),
      });
    }
  }
  return false;
}

/** Mails one member's due events (or defers or drops them); answers whether an e-mail went. */
async function mailMemberEvents(job: MailJobContext, network: string, memberId: string): Promise<boolean> {
  const now = job.clock.now();
  const items = await duePendingOf(job.db, network, memberId, now, job.delayMs);
  if (!items.length) return false;
  const member = await mailMember(job.db, network, memberId);
  const site = member && job.site(member.siteId);
  // Nothing but the activation reminder reaches an unconfirmed member; nothing a deleted one.
  if (!member || !site || member.status !== 'active') {
    await deletePending(
      job.db,
      items.map((i) => i.id),
    );
    return false;
  }
  const ctx = job.serviceContext(site);
  const preferences = await notificationPreferences({ db: job.db, network }, memberId);
  const unseen = new Set((await stillUnseen(job, member, items)).map((i) => i.id));
  const wanted: PendingRow[] = [];
  for (const item of items) {
    if (!unseen.has(item.id)) continue;
    const line = digestLines([item])[0]!;
    if (preferences.disabled.includes(lineCategory(line))) continue;
    if (await deliveredElsewhere(job, ctx, item.id)) continue;
    wanted.push(item);
  }
  const dropped = items.filter((i) => !wanted.includes(i)).map((i) => i.id);
  await deletePending(job.db, dropped);
  if (!wanted.length) return false;

  const quietEnd = quietUntil(now, memberTimeZone(member.timeZone, site.defaultCountry));
  if (quietEnd !== undefined) {
    await deferPending(
      job.db,
      wanted.map((i) => i.id),
      quietEnd,
    );
    return false;
  }
  const conversations = wanted.flatMap((i) => (i.conversationId ? [i.conversationId] : []));
  const last = await lastMailed(job.db, network, memberId, 'conversation', conversations);
  const plan = planMail(wanted, last, now, job.gapMs);
  for (const [id, until] of plan.defer) await deferPending(job.db, [id], until);
  if (!plan.send.length) return false;

  const lines = digestLines(plan.send as PendingItem[]);
  const names = await profileNames(
    job.db,
    network,
    lines.map((l) => l.actorProfileId),
  );
  const message = digestMail(settingFor(job, site), recipient(site, member), lines, names);
  if (!(await send(job, message))) return false;
  await logMail(
    job.db,
    network,
    memberId,
    [
      { kind: 'digest', ref: '' },
      ...[...new Set(plan.send.flatMap((i) => (i.conversationId ? [i.conversationId] : [])))].map((ref) => ({
        kind: 'conversation' as const,
        ref,
      })),
    ],
    now,
  );
  await deletePending(
    job.db,
    plan.send.map((i) => i.id),
  );
  return true;
}

/** Works off every member with due events, a batch at a time; answers how many e-mails went. */
export async function sendDueNotificationMail(job: MailJobContext, batch = 200): Promise<number> {
  let sent = 0;
  const seen = new Set<string>();
  for (;;) {
    if (job.signal?.aborted) return sent;
    const members = (await membersWithDueMail(job.db, job.clock.now(), job.delayMs, batch)).filter(
      (m) => !seen.has(`${m.network}/${m.memberId}`),
    );
    if (!members.length) return sent;
    for (const { network, memberId } of members) {
      seen.add(`${network}/${memberId}`);
      if (await mailMemberEvents(job, network, memberId)) sent += 1;
    }
  }
}

/** The one activation reminder, a day after signup, to members who have not confirmed. */
export async function sendActivationReminders(job: MailJobContext, batch = 200): Promise<number> {
  const now = job.clock.now();
  let sent = 0;
  // The activation link of the signup lasts a week: past it, a reminder would be a stranger's mail.
  for (const { network, memberId } of await activationReminderDue(job.db, now, DAY, 7 * DAY, batch)) {
    const member = await mailMember(job.db, network, memberId);
    const site = member && job.site(member.siteId);
    // In the member's night it waits for a later run (not recorded yet).
    if (member && site && quietUntil(now, memberTimeZone(member.timeZone, site.defaultCountry)) !== undefined)
      continue;
    // Recorded whatever happens next: one reminder is one chance, never a series.
    await logMail(job.db, network, memberId, [{ kind: 'activation_reminder', ref: '' }], now);
    if (!member || !site) continue;
    if (!(await categoryEnabled({ db: job.db, network }, memberId, 'reminders'))) continue;
    const setting = settingFor(job, site);
    const link = await activationLink(job.serviceContext(site), memberId, setting.origin);
    if (await send(job, activationReminderMail(setting, recipient(site, member), link.url, link.days)))
      sent += 1;
  }
  return sent;
}

/**
 * One reminder of messages unread for a day: once for the same unread messages (a reminder sent
 * after the oldest of them arrived covers them), in the member's daytime.
 */
export async function sendUnreadReminders(job: MailJobContext, batch = 500): Promise<number> {
  const now = job.clock.now();
  let sent = 0;
  for (const waiting of await unreadWaiting(job.db, now, DAY, 7 * DAY, batch)) {
    const { network, memberId } = waiting;
    const last =
      (await lastMailed(job.db, network, memberId, 'unread_reminder', ['']).then((m) => m.get(''))) ?? 0;
    if (last >= waiting.oldest) continue;
    const member = await mailMember(job.db, network, memberId);
    const site = member && job.site(member.siteId);
    if (!member || !site || member.status !== 'active') continue;
    if (quietUntil(now, memberTimeZone(member.timeZone, site.defaultCountry)) !== undefined) continue;
    if (!(await categoryEnabled({ db: job.db, network }, memberId, 'unread_message_reminders'))) continue;
    if (await send(job, unreadReminderMail(settingFor(job, site), recipient(site, member), waiting.count))) {
      await logMail(job.db, network, memberId, [{ kind: 'unread_reminder', ref: '' }], now);
      sent += 1;
    }
  }
  return sent;
}

/**
 * The weekly update: new members from the member's country and their new matches, counted, never
 * invented. Each member's week is looked at once in seven days (in their daytime); with nothing
 * to tell, no e-mail goes and the week is marked looked at.
 */
export async function sendWeeklyUpdates(
  job: MailJobContext,
  sites: Iterable<Site>,
  batch = 500,
): Promise<number> {
  const now = job.clock.now();
  let sent = 0;
  // New members per country and sought gender, counted once in this run (see weeklyNumbers).
  const counted = new Map<string, number>();
  for (const site of sites) {
    let after: WeeklyCursor | undefined;
    for (;;) {
      if (job.signal?.aborted) return sent;
      const due = await weeklyDue(job.db, site.network, site.id, now, after, batch);
      if (due.length === 0) break;
      after = due.at(-1);
      for (const { id } of due) {
        const member = await mailMember(job.db, site.network, id);
        if (!member?.profileId) continue;
        // Night where the member lives: still due, looked at on a later run.
        if (quietUntil(now, memberTimeZone(member.timeZone, site.defaultCountry)) !== undefined) continue;
        const numbers = await weeklyNumbers(job.db, site.network, member.profileId, now - 7 * DAY, counted);
        const wanted = await categoryEnabled({ db: job.db, network: site.network }, id, 'weekly_updates');
        if (!wanted || (numbers.newMembers === 0 && numbers.matches === 0)) {
          await markWeekLookedAt(job.db, site.network, id, now);
        } else if (
          await send(job, weeklyUpdateMail(settingFor(job, site), recipient(site, member), numbers))
        ) {
          // Both or neither: a week marked looked at without its e-mail logged, or the other way.
          await job.db.transaction().execute(async (trx) => {
            await logMail(trx, site.network, id, [{ kind: 'weekly_update', ref: '' }], now);
            await markWeekLookedAt(trx, site.network, id, now);
          });
          sent += 1;
        }
        // A refused message is tried again at the next run.
      }
    }
  }
  return sent;
}

/**
 * An operator's promotion or news to the members of a site who said yes to its category, once per
 * member and campaign id (a second run with the same id sends only to those not reached yet).
 */
export async function sendCampaign(
  job: MailSending,
  site: Site,
  campaign: Campaign,
  batch = 500,
): Promise<{ sent: number }> {
  if (!Object.keys(campaign.texts).length)
    throw new Error('a campaign needs a text in at least one language');
  let sent = 0;
  let after = '';
  for (;;) {
    const step = await sendCampaignBatch(job, site, campaign, after, batch);
    sent += step.sent;
    if (step.last === null) return { sent };
    after = step.last;
  }
}

/**
 * A campaign once to `to` (a staff member's own address), in `locale`, as its members will get it:
 * the test before the send. Its unsubscribe link names no member (`MAILING_TEST_RECIPIENT`): it
 * opens a page that says what the link does in a member's copy, and switches nothing off.
 * Answers whether the mail server took it.
 */
export async function sendCampaignTest(
  job: MailSending,
  site: Site,
  campaign: Campaign,
  to: { email: string; locale: Locale },
): Promise<boolean> {
  const recipient: Recipient = {
    memberId: MAILING_TEST_RECIPIENT,
    email: to.email,
    name: '',
    locale: to.locale,
  };
  return send(job, campaignMail(settingFor(job, site), recipient, campaign));
}

/**
 * One batch of a campaign: the next `batch` members of the site after the member id `after` who
 * said yes to its category, each mailed once per campaign id (the mail log remembers). Answers
 * how many were mailed now and the last member looked at, the cursor of the next batch; null when
 * no member is left. A batch run again after a crash mails only those it had not reached.
 */
export async function sendCampaignBatch(
  job: MailSending,
  site: Site,
  campaign: Campaign,
  after: string,
  batch = 500,
): Promise<{ sent: number; last: string | null }> {
  let sent = 0;
  {
    const ids = await consentingMembers(job.db, site.network, site.id, campaign.category, after, batch);
    if (!ids.length) return { sent, last: null };
    for (const id of ids) {
      const done = await lastMailed(job.db, site.network, id, campaign.category, [campaign.id]);
      if (done.size) continue;
      const member = await mailMember(job.db, site.network, id);
      if (!member || member.status !== 'active') continue;
      // The consent row says yes; a bounce or a spam report since switched the category off.
      if (!(await categoryEnabled({ db: job.db, network: site.network }, id, campaign.category))) continue;
      const to = recipient(site, member);
      if (campaign.locales && !campaign.locales.includes(to.locale)) continue;
      if (await send(job, campaignMail(settingFor(job, site), to, campaign))) {
        await logMail(
          job.db,
          site.network,
          id,
          [{ kind: campaign.category, ref: campaign.id }],
          job.clock.now(),
        );
        sent += 1;
      }
    }
    return { sent, last: ids.at(-1)! };
  }
}

/** How many members a campaign reached so far (its entries in the mail log). */
export function campaignReach(db: MailSending['db'], network: string, campaign: Campaign): Promise<number> {
  return mailedCount(db, network, campaign.category, campaign.id);
}

export type { Campaign, NotificationCategory };
