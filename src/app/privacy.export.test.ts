import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MANDATE_PAYER, NO_TRACKING_PARAMS, testMember, testProfile } from '../../tests/support/rows.ts';
import type { Database, TableName } from '../db/database.ts';
import { useMemoryDatabase } from '../db/test-database.ts';
import { exportMember } from '../server/privacy.ts';
import { privacy } from './privacy.list.ts';

/*
 * The download must hold everything stored about the member (GDPR art. 15 and 20). Each table
 * with member data gets one row of the member here, stamped with a time of its own; the export
 * must show that time (or, for the one table without a time, its value). A new table with a
 * member or profile column fails the first test until a row of it is made below, and the second
 * until its owner's hook puts it in the download.
 */

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const PERSON_COLUMN = /(^|_)(member|profile)(_[a-z]+)?_id$/;
const network = 'n1';
const memberId = 'm1';
const profileId = 'p1';
const otherId = 'p2';
const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.UTC(2024, 0, 1);

/** A time only this table's row carries. */
function stamp(index: number): number {
  return BASE + index * DAY + index * 1000;
}

async function personalTables(): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => table.name === 'members' || table.columns.some((c) => PERSON_COLUMN.test(c.name)))
    .map((table) => table.name)
    .sort();
}

/** Makes one row of the member in every table with member data; answers what the export must show per table. */
async function seed(): Promise<Record<string, string>> {
  const marks: Record<string, string> = {};
  let index = 0;
  const at = (table: TableName): number => {
    const time = stamp(++index);
    marks[table] = new Date(time).toISOString();
    return time;
  };
  const site = { network_id: network, site_id: 'localhost' };
  await db
    .insertInto('members')
    .values(
      testMember({
        id: memberId,
        ...site,
        email: 'someone@example.org',
        created_at: at('members'),
        deletion_reason: 'found_partner',
        deletion_comment: 'met someone-comment',
        reactivate_until: stamp(900),
      }),
    )
    .execute();
  const profile = (id: string, member: string | null, createdAt: number) =>
    testProfile({
      id,
      member_id: member,
      network_id: network,
      gender: 'male',
      seeking: 'female',
      created_at: createdAt,
      updated_at: createdAt,
    });
  await db
    .insertInto('profiles')
    .values(profile(profileId, memberId, at('profiles')))
    .execute();
  await db
    .insertInto('profiles')
    .values(profile(otherId, null, BASE))
    .execute();
  await db
    .insertInto('photos')
    .values({
      id: 'ph1',
      profile_id: profileId,
      network_id: network,
      filename: 'n1/aa/f-main.webp',
      thumb_filename: 'n1/aa/f-thumb.webp',
      match_filename: 'n1/aa/f-match.webp',
      status: 'active',
      position: 0,
      created_at: at('photos'),
    })
    .execute();
  await db
    .insertInto('profile_interests')
    .values({ profile_id: profileId, network_id: network, interest: 'sushi' })
    .execute();
  marks.profile_interests = 'sushi';
  const pair = { network_id: network };
  await db
    .insertInto('likes')
    .values({
      liker_profile_id: profileId,
      liked_profile_id: otherId,
      ...pair,
      created_at: at('likes'),
      seen_at: null,
    })
    .execute();
  await db
    .insertInto('like_notices')
    .values({
      liker_profile_id: profileId,
      liked_profile_id: otherId,
      ...pair,
      created_at: at('like_notices'),
    })
    .execute();
  await db
    .insertInto('like_days')
    .values({ profile_id: profileId, ...pair, day_ends_at: at('like_days'), likes: 1, swipe_likes: 0 })
    .execute();
  await db
    .insertInto('swipes')
    .values({
      profile_id: profileId,
      target_profile_id: otherId,
      ...pair,
      action: 'pass',
      created_at: at('swipes'),
    })
    .execute();
  await db
    .insertInto('blocks')
    .values({ blocker_profile_id: profileId, blocked_profile_id: otherId, ...pair, created_at: at('blocks') })
    .execute();
  await db
    .insertInto('conversations')
    .values({
      id: 'c1',
      ...pair,
      profile_a_id: profileId,
      profile_b_id: otherId,
      created_at: at('conversations'),
      last_message_at: null,
      last_message_id: null,
    })
    .execute();
  await db
    .insertInto('conversation_members')
    .values({
      conversation_id: 'c1',
      profile_id: profileId,
      ...pair,
      last_read_at: null,
      deleted_at: null,
      created_at: at('conversation_members'),
    })
    .execute();
  await db
    .insertInto('messages')
    .values({
      id: 'msg1',
      conversation_id: 'c1',
      ...pair,
      sender_profile_id: profileId,
      type: 'text',
      text: 'hello',
      photo_id: null,
      gift_id: null,
      credits_spent: 0,
      client_id: null,
      created_at: at('messages'),
      read_at: null,
    })
    .execute();
  await db
    .insertInto('chat_photos')
    .values({
      id: 'cp1',
      network_id: network,
      profile_id: profileId,
      filename: 'cp1.webp',
      thumb_filename: 'cp1-thumb.webp',
      blur_filename: 'cp1-blur.webp',
      blur_thumb_filename: 'cp1-blur-thumb.webp',
      created_at: at('chat_photos'),
    })
    .execute();
  await db
    .insertInto('text_reviews')
    .values({
      id: 'tr1',
      network_id: network,
      profile_id: profileId,
      member_id: memberId,
      site_id: 'localhost',
      field: 'text',
      mode: 'pre',
      value: 'my new words',
      previous: null,
      status: 'pending',
      created_at: at('text_reviews'),
    })
    .execute();
  await db
    .insertInto('orders')
    .values({
      id: 'o1',
      ...site,
      member_id: memberId,
      bundle_id: 'b1',
      credits: 10,
      amount: 999,
      currency: 'EUR',
      payment_method: 'ideal',
      provider: 'test',
      provider_payment_id: null,
      status: 'completed',
      discount_code: null,
      client_id: null,
      country: 'NL',
      created_at: at('orders'),
      updated_at: BASE,
      completed_at: null,
    })
    .execute();
  await db
    .insertInto('credit_ledger')
    .values({
      id: 'l1',
      ...site,
      member_id: memberId,
      delta: 10,
      reason: 'purchase',
      reference: 'o1',
      balance_after: 10,
      created_at: at('credit_ledger'),
    })
    .execute();
  await db
    .insertInto('discount_redemptions')
    .values({
      id: 'r1',
      // The welcome code every database has (migration 0015).
      discount_code_id: 'discount-welcome25',
      member_id: memberId,
      network_id: network,
      order_id: 'o1',
      created_at: at('discount_redemptions'),
    })
    .execute();
  await db
    .insertInto('directdebit_codes')
    .values({
      id: 'dc1',
      network_id: network,
      member_id: memberId,
      phone: '+4915112345678',
      code_hash: 'code-hash-secret',
      created_at: at('directdebit_codes'),
      expires_at: BASE + 600_000,
      used_at: null,
    })
    .execute();
  await db
    .insertInto('directdebit_mandates')
    .values({
      id: 'dm1',
      ...site,
      member_id: memberId,
      order_id: 'o1',
      ...MANDATE_PAYER,
      created_at: at('directdebit_mandates'),
      reference: 'dm1',
      signed_at: at('directdebit_mandates'),
    })
    .execute();
  await db
    .insertInto('payment_customers')
    .values({
      network_id: network,
      member_id: memberId,
      provider: 'mollie',
      customer_id: 'cst_export1',
      created_at: at('payment_customers'),
    })
    .execute();
  await db
    .insertInto('payment_reversals')
    .values({
      id: 'chb_export1',
      order_id: 'o1',
      network_id: network,
      member_id: memberId,
      kind: 'chargeback',
      amount: 999,
      currency: 'EUR',
      credits_reversed: 10,
      credits_unrecovered: 0,
      created_at: at('payment_reversals'),
    })
    .execute();
  await db
    .insertInto('credit_adjustments')
    .values({
      id: 'ca1',
      ...site,
      member_id: memberId,
      staff_id: 'st1',
      reason: 'Chat outage',
      delta: 5,
      created_at: at('credit_adjustments'),
    })
    .execute();
  await db
    .insertInto('order_refunds')
    .values({
      order_id: 'o1',
      network_id: network,
      member_id: memberId,
      staff_id: 'st1',
      mode: 'full',
      reason: 'Charged twice',
      amount: 999,
      currency: 'EUR',
      credits_reversed: 10,
      credits_unrecovered: 0,
      payout: 'paid',
      provider_error: null,
      created_at: at('order_refunds'),
    })
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values({
      id: 'ps1',
      member_id: memberId,
      ...site,
      endpoint: 'https://push.example.org/1',
      p256dh: 'k',
      auth: 'a',
      user_agent: null,
      created_at: at('push_subscriptions'),
      last_used_at: null,
    })
    .execute();
  await db
    .insertInto('push_outbox')
    .values({
      id: 'po1',
      member_id: memberId,
      network_id: network,
      site_id: site.site_id,
      event_id: 'ev1',
      subscription_id: 'ps1',
      payload: '',
      topic: 'likes',
      status: 'sent',
      attempts: 1,
      next_attempt_at: null,
      created_at: at('push_outbox'),
      sent_at: null,
    })
    .execute();
  await db
    .insertInto('notification_preferences')
    .values({
      member_id: memberId,
      network_id: network,
      category: 'news',
      disabled: 1,
      reason: null,
      updated_at: at('notification_preferences'),
    })
    .execute();
  await db
    .insertInto('mail_pending')
    .values({
      id: 'ev1',
      network_id: network,
      site_id: 'localhost',
      member_id: memberId,
      type: 'like',
      actor_profile_id: otherId,
      conversation_id: null,
      message_id: null,
      created_at: at('mail_pending'),
      due_at: null,
    })
    .execute();
  await db
    .insertInto('mail_log')
    .values({
      id: 'ml1',
      network_id: network,
      member_id: memberId,
      kind: 'digest',
      ref: '',
      sent_at: at('mail_log'),
    })
    .execute();
  await db
    .insertInto('search_filters')
    .values({
      member_id: memberId,
      network_id: network,
      filters: '{"gender":"female"}',
      updated_at: at('search_filters'),
    })
    .execute();
  await db
    .insertInto('complaints')
    .values({
      id: 'cp1',
      ...site,
      reporter_member_id: memberId,
      profile_id: otherId,
      category: 'spam',
      text: 'spam',
      email: null,
      created_at: at('complaints'),
      handled_at: null,
    })
    .execute();
  const reportedAt = at('reports');
  await db
    .insertInto('reports')
    .values({
      id: 'rp1',
      ...site,
      reporter_profile_id: profileId,
      profile_id: otherId,
      reason: 'spam',
      severity: 5,
      text: 'adverts',
      message_ids: null,
      created_at: reportedAt,
      updated_at: reportedAt,
      decided_by: null,
      decided_at: null,
      outcome: null,
    })
    .execute();
  await db
    .insertInto('tracking_records')
    .values({
      id: 't1',
      ...site,
      ...NO_TRACKING_PARAMS,
      network: 'aff',
      landing_path: '/',
      member_id: memberId,
      created_at: at('tracking_records'),
    })
    .execute();
  await db
    .insertInto('tokens')
    .values({
      id: 'tk1',
      hash: 'h1',
      purpose: 'activation',
      member_id: memberId,
      ...site,
      payload: null,
      created_at: at('tokens'),
      expires_at: BASE + 1000 * DAY,
      used_at: null,
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: 'session-hash-secret',
      member_id: memberId,
      ...site,
      created_at: at('sessions'),
      expires_at: BASE + 1000 * DAY,
      last_seen_at: BASE,
      user_agent: null,
      ip: null,
    })
    .execute();
  await db
    .insertInto('auth_events')
    .values({
      id: 'ae1',
      ...site,
      member_id: memberId,
      kind: 'login',
      ip: null,
      created_at: at('auth_events'),
    })
    .execute();
  await db
    .insertInto('events')
    .values({ member_id: memberId, network_id: network, type: 'like', data: '{}', created_at: at('events') })
    .execute();
  await db
    .insertInto('page_events')
    .values({
      id: 'pe1',
      ...site,
      kind: 'hidden',
      page: '/members',
      ms: null,
      member_id: memberId,
      created_at: at('page_events'),
    })
    .execute();
  await db
    .insertInto('host_replies')
    .values({
      message_id: 'msg-host',
      network_id: network,
      conversation_id: 'c1',
      staff_id: 'st1',
      staff_email: 'host@example.org',
      member_profile_id: profileId,
      waited_since: BASE,
      replied_at: at('host_replies'),
      honest: 1,
    })
    .execute();
  await db
    .insertInto('host_question_marks')
    .values({
      message_id: 'msg-member',
      network_id: network,
      conversation_id: 'c1',
      staff_id: 'st1',
      member_profile_id: profileId,
      marked_at: at('host_question_marks'),
    })
    .execute();
  await db
    .insertInto('audit_log')
    .values({
      id: 'au1',
      created_at: at('audit_log'),
      staff_id: 'st1',
      staff_email: 'moderator@example.org',
      action: 'conversation.read',
      network_id: network,
      target_type: 'conversation',
      target_id: 'c1',
      member_id: memberId,
      before: null,
      after: null,
      ip: null,
    })
    .execute();
  await db
    .insertInto('moderation_decisions')
    .values({
      id: 'md1',
      network_id: network,
      site_id: 'localhost',
      member_id: memberId,
      subject_type: 'account',
      subject_id: memberId,
      kind: 'warn',
      until: null,
      scope: 'network',
      facts: 'Rude messages.',
      ground_type: 'terms',
      ground: 'Terms §3',
      decided_by: 'st1',
      opened_at: stamp(700),
      decided_at: at('moderation_decisions'),
      lifted_at: null,
      reversed_by_appeal: null,
      lifts: null,
      dsa_next_at: null,
    })
    .execute();
  await db
    .insertInto('moderation_appeals')
    .values({
      id: 'ma1',
      network_id: network,
      decision_id: 'md1',
      token_hash: 'appeal-token-hash-secret',
      appellant_kind: 'member',
      appellant_member_id: memberId,
      status: 'open',
      text: 'It was a misunderstanding.',
      issued_at: stamp(701),
      expires_at: stamp(9000),
      submitted_at: at('moderation_appeals'),
      decided_by: null,
      decided_at: null,
      outcome: null,
    })
    .execute();
  await db
    .insertInto('member_devices')
    .values({
      network_id: network,
      member_id: memberId,
      device_hash: 'device-hash-secret',
      last_seen_at: at('member_devices'),
    })
    .execute();
  return marks;
}

describe('the data export', () => {
  let marks: Record<string, string>;
  let document: string;
  beforeAll(async () => {
    marks = await seed();
    const parts = await exportMember(
      privacy,
      db,
      { network, memberId, now: BASE + 2000 * DAY },
      { mediaUrl: (key) => `/media/${key}` },
    );
    document = JSON.stringify(parts);
  });

  it('has a row of the member in every table that holds member data (this test’s own check)', async () => {
    expect(Object.keys(marks).sort()).toEqual(await personalTables());
  });

  it('shows the member’s row of every such table', () => {
    const missing = Object.entries(marks)
      .filter(([, mark]) => !document.includes(mark))
      .map(([table]) => table);
    expect(missing, 'tables whose rows the download leaves out').toEqual([]);
  });

  it('shows the deletion fields: reason, comment, and until when it can be undone', () => {
    expect(document).toContain('found_partner');
    expect(document).toContain('met someone-comment');
    expect(document).toContain(new Date(stamp(900)).toISOString());
  });

  it('never carries a session’s or link’s hash, or the password hash', () => {
    expect(document).not.toContain('session-hash-secret');
    expect(document).not.toContain('appeal-token-hash-secret');
    expect(document).not.toContain('device-hash-secret');
    expect(document).not.toContain('code-hash-secret');
    expect(document).not.toContain(MANDATE_PAYER.iban);
    expect(document).toContain('DE89 •••• •••• 3000');
    expect(document).not.toContain('"h1"');
    expect(document).not.toContain('password_hash');
  });
});
