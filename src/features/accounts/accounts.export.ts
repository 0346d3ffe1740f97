import type { SessionMember } from './accounts.types.ts';
import { exportRecords } from './accounts.repository.ts';
import { AccountError, type AccountsContext } from './accounts.service.ts';
import { logAuthEvent } from '../security/index.ts';

/** Timestamps are stored as epoch milliseconds; people read dates. */
function readable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(readable);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const isTime = key.endsWith('_at') && typeof field === 'number';
      out[key] = isTime ? new Date(field).toISOString() : readable(field);
    }
    return out;
  }
  return value;
}

export interface DataExport {
  filename: string;
  data: Record<string, unknown>;
}

/**
 * Everything stored about the member (GDPR art. 15 and 20), as one JSON document: the account,
 * the profile, photos, likes, messages they wrote, orders, sessions, the authentication log.
 * Never the password hash, session or link secrets, or other members' words.
 */
export async function exportData(ctx: AccountsContext, member: SessionMember): Promise<DataExport> {
  const records = await exportRecords(ctx.db, ctx.network, member.id);
  if (!records.member) throw new AccountError('authentication_required');
  const media = (filename: string) => `${ctx.request.siteOrigin}${ctx.site.cdnPrefix}/media/${filename}`;
  const now = ctx.clock.now();
  await logAuthEvent(ctx, 'data_exported', member.id, ctx.request.ip);
  return {
    filename: `${ctx.site.id}-data-${new Date(now).toISOString().slice(0, 10)}.json`,
    data: {
      exported_at: new Date(now).toISOString(),
      site: { id: ctx.site.id, name: ctx.site.name, domain: ctx.site.primaryDomain },
      account: readable(records.member),
      profile: readable(records.profile ?? null),
      photos: readable(records.photos.map((photo) => ({ ...photo, url: media(photo.filename) }))),
      interests: records.interests.map((row) => row.interest),
      notification_preferences: readable(records.notifications),
      traffic_source: readable(records.tracking),
      likes_given: readable(records.likesGiven),
      likes_received: readable(records.likesReceived),
      swipes: readable(records.swipes),
      blocks: readable(records.blocks),
      messages_sent: readable(records.messagesSent),
      orders: readable(records.orders),
      credit_ledger: readable(records.ledger),
      complaints: readable(records.complaints),
      sessions: readable(records.sessions),
      push_subscriptions: readable(records.pushSubscriptions),
      emailed_links: readable(records.links),
      authentication_log: readable(records.authEvents),
    },
  };
}
