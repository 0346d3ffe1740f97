import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANDATE_PAYER } from '../../tests/support/rows.ts';
import { BLANK_PROFILE_DETAILS } from '../features/profiles/profiles.blank-details.ts';
import { emptyFigures } from '../features/statistics/statistics.figures.ts';
import type { DatabaseHandle } from './client.ts';
import type { Database, NewRow, TableName } from './database.ts';
import { migrateToLatest, pendingMigrations } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { type EmptyTestDatabase, openEmptyDatabase, type TestDialect } from './test-dialects.ts';

/*
 * The same schema and the same rows on both dialects, compared value for value: code written
 * and tested against SQLite must behave alike on PostgreSQL.
 */

const ALL_TABLES = {
  members: true,
  profiles: true,
  photos: true,
  profile_interests: true,
  likes: true,
  like_days: true,
  like_notices: true,
  swipes: true,
  blocks: true,
  conversations: true,
  conversation_members: true,
  messages: true,
  chat_photos: true,
  text_reviews: true,
  credit_ledger: true,
  orders: true,
  discount_codes: true,
  discount_redemptions: true,
  push_subscriptions: true,
  push_outbox: true,
  notification_preferences: true,
  mail_pending: true,
  mail_log: true,
  complaints: true,
  reports: true,
  tracking_records: true,
  tokens: true,
  sessions: true,
  auth_events: true,
  rate_limit_counters: true,
  events: true,
  page_events: true,
  job_leases: true,
  search_filters: true,
  directdebit_codes: true,
  directdebit_mandates: true,
  directdebit_exports: true,
  test_payments: true,
  payment_customers: true,
  payment_reversals: true,
  credit_adjustments: true,
  order_refunds: true,
  staff: true,
  staff_roles: true,
  staff_sessions: true,
  staff_recovery_codes: true,
  audit_log: true,
  moderation_decisions: true,
  moderation_appeals: true,
  banned_emails: true,
  banned_devices: true,
  member_devices: true,
  host_claims: true,
  host_replies: true,
  host_question_marks: true,
  statistics_daily: true,
  statistics_progress: true,
  invite_codes: true,
  console_mailings: true,
} satisfies Record<TableName, true>;

// Beyond 2^31 on purpose: a 4-byte column or a string-typed bigint would show here.
const T = 1_763_000_000_123;
const NET = 'net-main';
const SITE = 'site-a';

type Fixtures = { [K in TableName]?: NewRow<K>[] };

/** One row or more for every table, with every nullable column spelled out. */
const fixtures: Fixtures = {
  members: [
    {
      id: 'm1aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      email: 'ann@example.com',
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      status: 'active',
      language: 'nl',
      created_at: T,
      confirmed_at: T + 1,
      deleted_at: null,
      deletion_reason: null,
      deletion_comment: null,
      reactivate_until: null,
      last_active_at: T + 2,
      tracking_id: 'tr1aaaaaaaaaaaaa',
      signup_country: 'NL',
    },
    {
      id: 'm2aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      email: 'bob@example.com',
      password_hash: 'x',
      status: 'deleted',
      language: 'en',
      created_at: T,
      confirmed_at: null,
      deleted_at: T + 10,
      deletion_reason: 'found_partner',
      deletion_comment: 'thanks ✓ — ünïcödé',
      reactivate_until: T + 14 * 86_400_000,
      invisible: 1,
      private: 1,
      paid_user: 1,
      credits: 25,
      last_active_at: null,
      tracking_id: null,
      signup_country: null,
    },
  ],
  profiles: [
    {
      id: 'p1aaaaaaaaaaaaaa',
      member_id: 'm1aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      name: 'Ann',
      gender: 'female',
      seeking: 'male',
      birthdate: '1990-02-28',
      country: 'NL',
      region: 'Noord-Holland',
      city: 'Amsterdam',
      sexuality: 'hetero',
      hair_color: 'blond',
      eye_color: 'blue',
      body_type: 'slim',
      relationship_status: 'single',
      tattoos: 'none',
      text: 'Hello there',
      status: 'active',
      main_photo_id: 'ph1aaaaaaaaaaaaa',
      last_active_at: T + 2,
      created_at: T,
      updated_at: T + 3,
    },
    {
      id: 'p2aaaaaaaaaaaaaa',
      member_id: 'm2aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      name: 'Bob',
      gender: 'male',
      seeking: 'female',
      birthdate: '1985-12-01',
      country: 'DE',
      ...BLANK_PROFILE_DETAILS,
      status: 'disabled',
      main_photo_id: null,
      last_active_at: null,
      created_at: T,
      updated_at: T,
    },
    {
      id: 'p3aaaaaaaaaaaaaa',
      member_id: null,
      network_id: NET,
      site_id: null,
      name: 'Operator Olga',
      gender: 'female',
      seeking: 'both',
      birthdate: '1995-07-14',
      country: 'NL',
      ...BLANK_PROFILE_DETAILS,
      region: 'Utrecht',
      sexuality: 'bi',
      status: 'active',
      fictional: 1,
      public_consent: 1,
      main_photo_id: null,
      last_active_at: T,
      created_at: T,
      updated_at: T,
    },
  ],
  photos: [
    {
      id: 'ph1aaaaaaaaaaaaa',
      profile_id: 'p1aaaaaaaaaaaaaa',
      network_id: NET,
      filename: 'p/ph1.jpg',
      thumb_filename: 'p/ph1_t.jpg',
      match_filename: 'p/ph1_m.jpg',
      status: 'active',
      locked: 1,
      position: 0,
      created_at: T,
      reviewed_at: T + 5,
      rejection_reason: null,
      rejection_note: null,
    },
  ],
  text_reviews: [
    {
      id: 'tr1aaaaaaaaaaaaa',
      network_id: NET,
      profile_id: 'p1aaaaaaaaaaaaaa',
      member_id: 'm1aaaaaaaaaaaaaa',
      site_id: SITE,
      field: 'text',
      mode: 'post',
      value: 'Hello there',
      previous: 'Hi',
      status: 'rejected',
      reason: 'contact_details',
      note: null,
      created_at: T,
      decided_at: T + 1,
    },
  ],
  profile_interests: [
    { profile_id: 'p1aaaaaaaaaaaaaa', network_id: NET, interest: 'hiking' },
    { profile_id: 'p1aaaaaaaaaaaaaa', network_id: NET, interest: 'sushi' },
  ],
  likes: [
    {
      liker_profile_id: 'p3aaaaaaaaaaaaaa',
      liked_profile_id: 'p1aaaaaaaaaaaaaa',
      network_id: NET,
      created_at: T,
      seen_at: null,
    },
    {
      liker_profile_id: 'p1aaaaaaaaaaaaaa',
      liked_profile_id: 'p3aaaaaaaaaaaaaa',
      network_id: NET,
      created_at: T + 5,
      seen_at: T + 6,
    },
  ],
  like_days: [
    {
      profile_id: 'p1aaaaaaaaaaaaaa',
      network_id: NET,
      day_ends_at: T + 86_400_000,
      likes: 2,
      swipe_likes: 1,
    },
  ],
  like_notices: [
    {
      liker_profile_id: 'p1aaaaaaaaaaaaaa',
      liked_profile_id: 'p3aaaaaaaaaaaaaa',
      network_id: NET,
      created_at: T + 5,
    },
  ],
  swipes: [
    {
      profile_id: 'p1aaaaaaaaaaaaaa',
      target_profile_id: 'p2aaaaaaaaaaaaaa',
      network_id: NET,
      action: 'pass',
      created_at: T,
    },
  ],
  blocks: [
    {
      blocker_profile_id: 'p2aaaaaaaaaaaaaa',
      blocked_profile_id: 'p3aaaaaaaaaaaaaa',
      network_id: NET,
      created_at: T,
    },
  ],
  conversations: [
    {
      id: 'c1aaaaaaaaaaaaaa',
      network_id: NET,
      profile_a_id: 'p1aaaaaaaaaaaaaa',
      profile_b_id: 'p2aaaaaaaaaaaaaa',
      created_at: T,
      last_message_at: T + 1,
      last_message_id: 'ms1aaaaaaaaaaaaa',
    },
  ],
  conversation_members: [
    {
      conversation_id: 'c1aaaaaaaaaaaaaa',
      profile_id: 'p1aaaaaaaaaaaaaa',
      network_id: NET,
      last_read_at: T + 1,
      deleted_at: null,
      created_at: T,
    },
    {
      conversation_id: 'c1aaaaaaaaaaaaaa',
      profile_id: 'p2aaaaaaaaaaaaaa',
      network_id: NET,
      unread_count: 3,
      last_read_at: null,
      deleted_at: T + 9,
      created_at: T,
    },
  ],
  messages: [
    {
      id: 'ms1aaaaaaaaaaaaa',
      conversation_id: 'c1aaaaaaaaaaaaaa',
      network_id: NET,
      sender_profile_id: 'p1aaaaaaaaaaaaaa',
      type: 'text',
      text: 'Hi 👋 "quoted" \'single\' \\ back',
      photo_id: null,
      gift_id: null,
      credits_spent: 5,
      client_id: 'client-1',
      created_at: T + 1,
      read_at: null,
    },
    {
      id: 'ms2aaaaaaaaaaaaa',
      conversation_id: 'c1aaaaaaaaaaaaaa',
      network_id: NET,
      sender_profile_id: 'p2aaaaaaaaaaaaaa',
      type: 'gift',
      text: null,
      photo_id: null,
      gift_id: 'rose',
      client_id: null,
      created_at: T + 1,
      read_at: T + 2,
      held: 1,
    },
  ],
  chat_photos: [
    {
      id: 'cp1aaaaaaaaaaaaa',
      network_id: NET,
      profile_id: 'p1aaaaaaaaaaaaaa',
      filename: 'chat/a1.webp',
      thumb_filename: 'chat/a1t.webp',
      blur_filename: 'chat/a1b.webp',
      blur_thumb_filename: 'chat/a1bt.webp',
      created_at: T,
    },
  ],
  credit_ledger: [
    {
      id: 'l1aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      member_id: 'm1aaaaaaaaaaaaaa',
      delta: 30,
      reason: 'purchase',
      reference: 'o1aaaaaaaaaaaaaa',
      balance_after: 30,
      created_at: T,
    },
    {
      id: 'l2aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      member_id: 'm1aaaaaaaaaaaaaa',
      delta: -5,
      reason: 'message',
      reference: 'ms1aaaaaaaaaaaaa',
      balance_after: 25,
      created_at: T + 1,
    },
  ],
  orders: [
    {
      id: 'o1aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      member_id: 'm1aaaaaaaaaaaaaa',
      bundle_id: 'b30',
      credits: 30,
      amount: 1499,
      currency: 'EUR',
      payment_method: 'ideal',
      provider: 'test',
      provider_payment_id: 'tr_123',
      status: 'completed',
      discount_code: 'TIMEBONUS25',
      client_id: 'order-client-1',
      country: 'NL',
      created_at: T,
      updated_at: T + 100,
      completed_at: T + 100,
    },
  ],
  discount_codes: [
    {
      id: 'd1aaaaaaaaaaaaaa',
      code: 'WELCOME25',
      network_id: null,
      percentage: 25,
      minimum_amount: 1000,
      currency: 'EUR',
      country: 'NL',
      validity: 'once_per_user',
      expires_at: null,
      created_at: T,
      site_id: SITE,
      starts_at: T - 1,
      max_uses: 100,
      batch_id: 'b1aaaaaaaaaaaaaa',
      created_by: 'st1aaaaaaaaaaaaa',
    },
  ],
  discount_redemptions: [
    {
      id: 'dr1aaaaaaaaaaaaa',
      discount_code_id: 'd1aaaaaaaaaaaaaa',
      member_id: 'm1aaaaaaaaaaaaaa',
      network_id: NET,
      order_id: 'o1aaaaaaaaaaaaaa',
      created_at: T,
    },
  ],
  push_subscriptions: [
    {
      id: 'ps1aaaaaaaaaaaaa',
      member_id: 'm1aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      endpoint: 'https://push.example/abc',
      p256dh: 'BPk',
      auth: 'aut',
      user_agent: 'Firefox',
      created_at: T,
      last_used_at: null,
    },
  ],
  host_claims: [
    {
      conversation_id: 'c1aaaaaaaaaaaaaa',
      network_id: NET,
      staff_id: 'st1aaaaaaaaaaaaa',
      staff_email: 'host@example.com',
      claimed_at: T,
      last_activity_at: T,
    },
  ],
  host_replies: [
    {
      message_id: 'msg1aaaaaaaaaaaa',
      network_id: NET,
      conversation_id: 'c1aaaaaaaaaaaaaa',
      staff_id: 'st1aaaaaaaaaaaaa',
      staff_email: 'host@example.com',
      member_profile_id: 'p1aaaaaaaaaaaaaa',
      waited_since: T,
      replied_at: T,
      honest: 1,
    },
  ],
  host_question_marks: [
    {
      message_id: 'msg1aaaaaaaaaaaa',
      network_id: NET,
      conversation_id: 'c1aaaaaaaaaaaaaa',
      staff_id: 'st1aaaaaaaaaaaaa',
      member_profile_id: 'p1aaaaaaaaaaaaaa',
      marked_at: T,
    },
  ],
  push_outbox: [
    {
      id: 'po1aaaaaaaaaaaaa',
      network_id: NET,
      member_id: 'm1aaaaaaaaaaaaaa',
      site_id: SITE,
      event_id: 'ev1aaaaaaaaaaaaa',
      subscription_id: 'ps1aaaaaaaaaaaaa',
      payload: '{}',
      topic: 'likes',
      status: 'failed',
      attempts: 2,
      next_attempt_at: T,
      created_at: T,
      sent_at: null,
    },
  ],
  notification_preferences: [
    {
      member_id: 'm1aaaaaaaaaaaaaa',
      network_id: NET,
      category: 'promotions',
      disabled: 1,
      reason: 'listunsubscribe',
      updated_at: T,
    },
  ],
  mail_pending: [
    {
      id: 'ev1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      member_id: 'm1aaaaaaaaaaaaaa',
      type: 'message',
      actor_profile_id: 'p3aaaaaaaaaaaaaa',
      conversation_id: 'c1aaaaaaaaaaaaaa',
      message_id: 'ms1aaaaaaaaaaaaa',
      first_in_conversation: 1,
      created_at: T,
      due_at: T + 1,
    },
  ],
  mail_log: [
    {
      id: 'ml1aaaaaaaaaaaaa',
      network_id: NET,
      member_id: 'm1aaaaaaaaaaaaaa',
      kind: 'conversation',
      ref: 'c1aaaaaaaaaaaaaa',
      sent_at: T,
    },
  ],
  reports: [
    {
      id: 'rp1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      reporter_profile_id: 'p1aaaaaaaaaaaaaa',
      profile_id: 'p2aaaaaaaaaaaaaa',
      reason: 'scam',
      severity: 1,
      text: 'Asked for money',
      message_ids: null,
      created_at: T,
      updated_at: T + 1,
      decided_by: null,
      decided_at: null,
      outcome: null,
    },
  ],
  complaints: [
    {
      id: 'cp1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      reporter_member_id: 'm1aaaaaaaaaaaaaa',
      profile_id: 'p3aaaaaaaaaaaaaa',
      category: 'spam',
      text: 'Too pushy',
      email: null,
      created_at: T,
      handled_at: null,
    },
    {
      id: 'cp2aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      reporter_member_id: null,
      profile_id: null,
      category: 'other',
      text: 'Handled already',
      email: 'ann@example.com',
      status: 'closed',
      created_at: T,
      handled_at: T + 5,
    },
  ],
  tracking_records: [
    {
      id: 'tr1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      network: 'aff-net',
      ref: 'r1',
      sub: 's',
      sub1: 's1',
      sub2: null,
      sub3: null,
      aff_sub1: 'a1',
      aff_sub2: null,
      aff_sub3: null,
      cpc: '0.35',
      landing_path: '/dating/nl',
      member_id: 'm1aaaaaaaaaaaaaa',
      created_at: T,
    },
  ],
  tokens: [
    {
      id: 'tk1aaaaaaaaaaaaa',
      hash: 'a'.repeat(64),
      purpose: 'mail_change',
      member_id: 'm1aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      payload: JSON.stringify({ email: 'new@example.com' }),
      created_at: T,
      expires_at: T + 86_400_000,
      used_at: null,
    },
  ],
  sessions: [
    {
      id: 'b'.repeat(64),
      member_id: 'm1aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      created_at: T,
      expires_at: T + 30 * 86_400_000,
      last_seen_at: T,
      user_agent: null,
      ip: '203.0.113.7',
    },
    {
      id: 'c'.repeat(64),
      member_id: 'm2aaaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      created_at: T,
      expires_at: T + 1,
      last_seen_at: T,
      user_agent: 'Chrome',
      ip: null,
    },
  ],
  auth_events: [
    {
      id: 'ae1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      member_id: 'm1aaaaaaaaaaaaaa',
      kind: 'login_ok',
      ip: '203.0.113.7',
      created_at: T,
    },
  ],
  rate_limit_counters: [{ key: 'login:203.0.113.7', window_start: T - 123, count: 4 }],
  search_filters: [
    { member_id: 'm1aaaaaaaaaaaaaa', network_id: NET, filters: '{"gender":"female"}', updated_at: T },
  ],
  directdebit_codes: [
    {
      id: 'dc1aaaaaaaaaaaaa',
      network_id: NET,
      member_id: 'm1aaaaaaaaaaaaaa',
      phone: '+4915112345678',
      code_hash: 'ab'.repeat(32),
      attempts: 2,
      created_at: T,
      expires_at: T + 600_000,
      used_at: null,
    },
  ],
  directdebit_mandates: [
    {
      id: 'dm1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      member_id: 'm1aaaaaaaaaaaaaa',
      order_id: 'o1aaaaaaaaaaaaaa',
      ...MANDATE_PAYER,
      created_at: T,
      reference: 'dm1aaaaaaaaaaaaa',
      signed_at: T,
      export_id: 'de1aaaaaaaaaaaaa',
      sequence_type: 'FRST',
      return_reason: 'AC04',
    },
  ],
  directdebit_exports: [
    {
      id: 'de1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      staff_id: 'st1aaaaaaaaaaaaa',
      date_from: '2025-11-01',
      date_to: '2025-11-12',
      collection_date: '2025-11-15',
      transactions: 1,
      amount: 3_000_000_123,
      currency: 'EUR',
      created_at: T,
    },
  ],
  payment_customers: [
    {
      network_id: NET,
      member_id: 'm1aaaaaaaaaaaaaa',
      provider: 'mollie',
      customer_id: 'cst_1aaaaaaaaaaaa',
      created_at: T,
    },
  ],
  staff: [
    {
      id: 'st1aaaaaaaaaaaaa',
      email: 'owner@example.com',
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      totp_secret: 'v1.aaaa.bbbb.cccc',
      must_change_password: 1,
      created_at: T,
      disabled_at: null,
      last_login_at: T + 5,
      totp_last_step: 58_766_666,
    },
  ],
  staff_roles: [{ staff_id: 'st1aaaaaaaaaaaaa', network_id: '*', role: 'owner' }],
  staff_sessions: [
    {
      id: 'h'.repeat(64),
      staff_id: 'st1aaaaaaaaaaaaa',
      created_at: T,
      last_seen_at: T + 1,
      expires_at: T + 9,
      ip: '::1',
    },
  ],
  staff_recovery_codes: [{ staff_id: 'st1aaaaaaaaaaaaa', hash: 'r'.repeat(64), used_at: null }],
  audit_log: [
    {
      id: 'au1aaaaaaaaaaaaa',
      created_at: T + 7,
      staff_id: 'st1aaaaaaaaaaaaa',
      staff_email: 'owner@example.com',
      action: 'conversation.read',
      network_id: NET,
      target_type: 'conversation',
      target_id: 'c1aaaaaaaaaaaaaa',
      member_id: 'm1aaaaaaaaaaaaaa',
      before: null,
      after: '{"read":true}',
      ip: '127.0.0.1',
    },
  ],
  credit_adjustments: [
    {
      id: 'ca1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      member_id: 'm1aaaaaaaaaaaaaa',
      staff_id: 'st1aaaaaaaaaaaaa',
      reason: 'Chat outage',
      delta: -5,
      created_at: T + 210,
    },
  ],
  order_refunds: [
    {
      order_id: 'o1aaaaaaaaaaaaaa',
      network_id: NET,
      member_id: 'm1aaaaaaaaaaaaaa',
      staff_id: 'st1aaaaaaaaaaaaa',
      mode: 'full',
      reason: null,
      amount: 1499,
      currency: 'EUR',
      credits_reversed: 25,
      credits_unrecovered: 75,
      payout: 'failed',
      provider_error: 'The amount is higher than the balance',
      created_at: T + 220,
    },
  ],
  moderation_decisions: [
    {
      id: 'md1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: 'amber',
      member_id: 'm1aaaaaaaaaaaaaa',
      subject_type: 'account',
      subject_id: 'm1aaaaaaaaaaaaaa',
      kind: 'suspend',
      until: T + 99,
      scope: 'network',
      facts: 'Asked members for money.',
      ground_type: 'terms',
      ground: 'Terms §4.2',
      automated: 0,
      report_ids: '["r1"]',
      decided_by: 'st1aaaaaaaaaaaaa',
      opened_at: T,
      decided_at: T + 5,
      lifted_at: null,
      reversed_by_appeal: null,
      lifts: null,
      dsa_status: 'pending',
      dsa_attempts: 1,
      dsa_next_at: T + 60_000,
    },
  ],
  moderation_appeals: [
    {
      id: 'ma1aaaaaaaaaaaaa',
      network_id: NET,
      decision_id: 'md1aaaaaaaaaaaaa',
      token_hash: 'a'.repeat(64),
      appellant_kind: 'member',
      appellant_member_id: 'm1aaaaaaaaaaaaaa',
      status: 'open',
      text: 'It was a joke.',
      issued_at: T + 5,
      expires_at: T + 999,
      submitted_at: T + 6,
      decided_by: null,
      decided_at: null,
      outcome: null,
    },
  ],
  banned_emails: [
    { network_id: NET, email_hash: 'e'.repeat(43), decision_id: 'md1aaaaaaaaaaaaa', created_at: T },
  ],
  banned_devices: [
    { network_id: NET, device_hash: 'd'.repeat(43), decision_id: 'md1aaaaaaaaaaaaa', created_at: T },
  ],
  member_devices: [
    { network_id: NET, member_id: 'm1aaaaaaaaaaaaaa', device_hash: 'd'.repeat(43), last_seen_at: T + 3 },
  ],
  statistics_daily: [
    {
      site_id: SITE,
      network_id: NET,
      day: '2025-11-12',
      source_network: 'adnet',
      source_ref: '',
      source_sub: '',
      currency: 'EUR',
      ...emptyFigures(),
      revenue: 3_000_000_123,
    },
  ],
  statistics_progress: [{ site_id: SITE, network_id: NET, rolled_through: '2025-11-12' }],
  invite_codes: [
    {
      id: 'ic1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      code: 'friends-2026',
      max_uses: 10,
      uses: 3,
      expires_at: T + 500,
      active: 1,
      created_by: 'st1aaaaaaaaaaaaa',
      created_at: T,
    },
  ],
  console_mailings: [
    {
      id: 'cm1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      category: 'news',
      locale: 'en',
      subject: 'News',
      body: 'Hello',
      created_by: 'st1aaaaaaaaaaaaa',
      created_at: T,
      sent_at: T + 10,
      sent_count: 2,
      send_cursor: 'm1aaaaaaaaaaaaaa',
      finished_at: T + 20,
    },
  ],
  payment_reversals: [
    {
      id: 'chb_1aaaaaaaaaaaaa',
      order_id: 'o1aaaaaaaaaaaaaa',
      network_id: NET,
      member_id: 'm1aaaaaaaaaaaaaa',
      kind: 'chargeback',
      amount: 1499,
      currency: 'EUR',
      credits_reversed: 25,
      credits_unrecovered: 5,
      created_at: T + 200,
    },
  ],
  test_payments: [
    {
      id: 'tst_1aaaaaaaaaaaaa',
      reference: 'o1aaaaaaaaaaaaaa',
      amount: 1499,
      currency: 'EUR',
      method: 'ideal',
      description: 'Amber Hearts: 100 credits',
      status: 'paid',
      redirect_url: 'http://localhost:4321/transactions/o1aaaaaaaaaaaaaa',
      webhook_url: 'http://localhost:4321/api/payment-webhook.php?provider=test',
      refunded_amount: 599,
      created_at: T,
      updated_at: T + 1,
    },
  ],
  job_leases: [
    { name: 'accounts.erasure', holder: 'p-1', expires_at: T + 1, last_run_at: T },
    { name: 'retention.purge', holder: 'p-2', expires_at: T + 2, last_run_at: null },
  ],
  events: [
    { member_id: 'm1aaaaaaaaaaaaaa', network_id: NET, type: 'like', data: '{"a":1}', created_at: T },
    { member_id: 'm1aaaaaaaaaaaaaa', network_id: NET, type: 'message', data: '{}', created_at: T },
  ],
  page_events: [
    {
      id: 'pe1aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      kind: 'bounce',
      page: '/landers/gallery',
      ms: 5230,
      member_id: null,
      created_at: T,
    },
    {
      id: 'pe2aaaaaaaaaaaaa',
      network_id: NET,
      site_id: SITE,
      kind: 'hidden',
      page: '/members',
      ms: null,
      member_id: 'm1aaaaaaaaaaaaaa',
      created_at: T,
    },
  ],
};

/** Values the database fills in where a fixture leaves a column out. */
const defaults: { [K in TableName]?: Record<string, unknown> } = {
  members: {
    invisible: 0,
    private: 0,
    paid_user: 0,
    credits: 0,
    signup_message: null,
    signup_profile_id: null,
    time_zone: null,
    dismissed_alerts: null,
    weekly_looked_at: 0,
  },
  profiles: { fictional: 0, public_consent: 0, listing: 'public', hidden_pending_review: 0 },
  photos: { blur_filename: null, blur_thumb_filename: null },
  conversation_members: { unread_count: 0 },
  messages: { credits_spent: 0, held: 0 },
  orders: { recurring: 0, provider_checked_at: null },
  discount_redemptions: { first_purchase: null },
  discount_codes: { active: 1 },
  complaints: { status: 'open' },
  reports: { count: 1, status: 'open' },
};

const serialIds: { [K in TableName]?: (row: number) => Record<string, unknown> } = {
  events: (i) => ({ id: i + 1 }),
};

function expectedRows(table: TableName): Record<string, unknown>[] {
  const rows = (fixtures[table] ?? []).map((row, i) => ({
    ...defaults[table],
    ...row,
    ...serialIds[table]?.(i),
  }));
  return sortRows(table, rows);
}

/** A stable order for every table, whatever its key. */
const orderBy: Record<TableName, string[]> = {
  members: ['id'],
  profiles: ['id'],
  photos: ['id'],
  profile_interests: ['profile_id', 'interest'],
  likes: ['liker_profile_id', 'liked_profile_id'],
  like_days: ['profile_id'],
  like_notices: ['liker_profile_id', 'liked_profile_id'],
  swipes: ['profile_id', 'target_profile_id'],
  blocks: ['blocker_profile_id', 'blocked_profile_id'],
  conversations: ['id'],
  conversation_members: ['conversation_id', 'profile_id'],
  messages: ['id'],
  chat_photos: ['id'],
  text_reviews: ['id'],
  credit_ledger: ['id'],
  orders: ['id'],
  discount_codes: ['id'],
  discount_redemptions: ['id'],
  push_subscriptions: ['id'],
  push_outbox: ['id'],
  notification_preferences: ['member_id', 'category'],
  mail_pending: ['id'],
  mail_log: ['id'],
  complaints: ['id'],
  reports: ['id'],
  tracking_records: ['id'],
  tokens: ['id'],
  sessions: ['id'],
  auth_events: ['id'],
  rate_limit_counters: ['key', 'window_start'],
  job_leases: ['name'],
  search_filters: ['member_id'],
  test_payments: ['id'],
  events: ['id'],
  page_events: ['id'],
  directdebit_codes: ['id'],
  directdebit_mandates: ['id'],
  directdebit_exports: ['id'],
  payment_customers: ['member_id', 'provider'],
  payment_reversals: ['id'],
  credit_adjustments: ['id'],
  order_refunds: ['order_id'],
  staff: ['id'],
  staff_roles: ['staff_id', 'network_id'],
  staff_sessions: ['id'],
  staff_recovery_codes: ['staff_id', 'hash'],
  audit_log: ['id'],
  moderation_decisions: ['id'],
  moderation_appeals: ['id'],
  banned_emails: ['network_id', 'email_hash'],
  banned_devices: ['network_id', 'device_hash'],
  member_devices: ['network_id', 'member_id', 'device_hash'],
  host_claims: ['conversation_id'],
  host_replies: ['message_id'],
  host_question_marks: ['message_id'],
  statistics_daily: ['site_id', 'day', 'source_network', 'source_ref', 'source_sub', 'currency'],
  statistics_progress: ['site_id'],
  invite_codes: ['id'],
  console_mailings: ['id'],
};

async function selectAll(db: Kysely<Database>, table: TableName) {
  // Sorted in JS by code unit: PostgreSQL's collation may order text differently from SQLite.
  const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
  return sortRows(table, rows);
}

function sortRows(table: TableName, rows: Record<string, unknown>[]) {
  const keys = orderBy[table];
  return rows.sort((a, b) => {
    for (const k of keys) {
      const x = a[k] as string | number;
      const y = b[k] as string | number;
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  });
}

interface Target {
  name: TestDialect;
  open(): Promise<EmptyTestDatabase>;
}

const targets: Target[] = (['sqlite', 'postgres'] as const).map((name) => ({
  name,
  open: () => openEmptyDatabase(name),
}));

/** What each dialect read back, compared across dialects at the end. */
const readBack: Partial<Record<Target['name'], Record<string, unknown>>> = {};

for (const target of targets) {
  describe(`schema on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let db: Kysely<Database>;

    beforeAll(async () => {
      ({ handle, cleanup } = await target.open());
      db = handle.db;
    }, 60_000);
    afterAll(async () => {
      await cleanup?.();
    }, 60_000);

    it('reports the right dialect', () => {
      expect(handle.dialect).toBe(target.name);
    });

    it('migrates to the latest, and a second run is a no-op', async () => {
      expect(await pendingMigrations(db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(db)).toEqual([]);
      expect(await pendingMigrations(db)).toEqual([]);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      for (const table of Object.keys(ALL_TABLES)) expect(tables).toContain(table);
    });

    it('reads back exactly what was written, defaults included', async () => {
      // 0015 adds the built-in discount codes; the fixture's rows stand in for them here.
      const builtIn = await db.selectFrom('discount_codes').select('code').orderBy('code').execute();
      expect(builtIn.map((r) => r.code)).toEqual(['TIMEBONUS25', 'WELCOME25']);
      await db.deleteFrom('discount_codes').execute();
      for (const table of Object.keys(ALL_TABLES) as TableName[]) {
        const rows = fixtures[table];
        expect(rows, `fixture for ${table}`).toBeDefined();
        // One row at a time: SQLite has no DEFAULT in a VALUES list, so Kysely would send NULL
        // for a column that some rows of a multi-row insert leave out.
        for (const row of rows ?? [])
          await db
            .insertInto(table)
            .values(row as never)
            .execute();
      }
      const all: Record<string, unknown> = {};
      for (const table of Object.keys(ALL_TABLES) as TableName[]) {
        const rows = await selectAll(db, table);
        expect(rows, table).toEqual(expectedRows(table));
        all[table] = rows;
      }
      readBack[target.name] = all;
    });

    it('returns numbers for big timestamps and aggregates', async () => {
      const member = await db
        .selectFrom('members')
        .select(['created_at', 'reactivate_until'])
        .where('id', '=', 'm2aaaaaaaaaaaaaa')
        .executeTakeFirstOrThrow();
      expect(member.created_at).toBe(T);
      expect(typeof member.reactivate_until).toBe('number');
      const agg = await db
        .selectFrom('credit_ledger')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('delta').as('total'),
          eb.fn.max<number>('created_at').as('latest'),
        ])
        .where('member_id', '=', 'm1aaaaaaaaaaaaaa')
        .executeTakeFirstOrThrow();
      expect(agg).toEqual({ n: 2, total: 25, latest: T + 1 });
      const ms = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.sum<number>('expires_at').as('s'))
        .executeTakeFirstOrThrow();
      expect(ms.s).toBe(2 * T + 30 * 86_400_000 + 1);
    });

    it('hands out increasing event ids', async () => {
      const { id } = await db
        .insertInto('events')
        .values({ member_id: 'm1aaaaaaaaaaaaaa', network_id: NET, type: 'x', data: '{}', created_at: T })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBe(3);
    });

    describe('constraints', () => {
      const member = (id: string, site: string, email: string): NewRow<'members'> => ({
        id,
        network_id: NET,
        site_id: site,
        email,
        password_hash: 'x',
        status: 'not_confirmed',
        language: 'en',
        created_at: T,
        confirmed_at: null,
        deleted_at: null,
        deletion_reason: null,
        deletion_comment: null,
        reactivate_until: null,
        last_active_at: null,
        tracking_id: null,
        signup_country: null,
      });

      it('keeps e-mail unique per site, not per network', async () => {
        await expect(
          db
            .insertInto('members')
            .values(member('m3aaaaaaaaaaaaaa', SITE, 'ann@example.com'))
            .execute(),
        ).rejects.toThrow();
        await db
          .insertInto('members')
          .values(member('m3aaaaaaaaaaaaaa', 'site-b', 'ann@example.com'))
          .execute();
      });

      it('keeps a push endpoint unique per network, not server-wide', async () => {
        const subscription = (id: string, network: string): NewRow<'push_subscriptions'> => ({
          id,
          member_id: 'm1aaaaaaaaaaaaaa',
          network_id: network,
          site_id: SITE,
          endpoint: 'https://push.example/shared',
          p256dh: 'BPk',
          auth: 'aut',
          user_agent: null,
          created_at: T,
          last_used_at: null,
        });
        await db.insertInto('push_subscriptions').values(subscription('ps8aaaaaaaaaaaaa', NET)).execute();
        await expect(
          db.insertInto('push_subscriptions').values(subscription('ps9aaaaaaaaaaaaa', NET)).execute(),
        ).rejects.toThrow();
        await db
          .insertInto('push_subscriptions')
          .values(subscription('ps9aaaaaaaaaaaaa', 'net-other'))
          .execute();
        await db
          .deleteFrom('push_subscriptions')
          .where('id', 'in', ['ps8aaaaaaaaaaaaa', 'ps9aaaaaaaaaaaaa'])
          .execute();
      });

      it('refuses negative credits and flags other than 0 and 1', async () => {
        await expect(
          db.updateTable('members').set({ credits: -1 }).where('id', '=', 'm1aaaaaaaaaaaaaa').execute(),
        ).rejects.toThrow();
        await expect(
          db
            .updateTable('members')
            .set({ paid_user: 2 as 0 })
            .where('id', '=', 'm1aaaaaaaaaaaaaa')
            .execute(),
        ).rejects.toThrow();
      });

      it('refuses a second message with the same client_id from the same sender', async () => {
        const base = {
          conversation_id: 'c1aaaaaaaaaaaaaa',
          network_id: NET,
          sender_profile_id: 'p1aaaaaaaaaaaaaa',
          type: 'text' as const,
          text: 'again',
          photo_id: null,
          gift_id: null,
          created_at: T + 50,
          read_at: null,
        };
        await expect(
          db
            .insertInto('messages')
            .values({ ...base, id: 'ms3aaaaaaaaaaaaa', client_id: 'client-1' })
            .execute(),
        ).rejects.toThrow();
        // Without a client_id, no idempotency applies.
        await db
          .insertInto('messages')
          .values({ ...base, id: 'ms4aaaaaaaaaaaaa', client_id: null })
          .execute();
        await db
          .insertInto('messages')
          .values({ ...base, id: 'ms5aaaaaaaaaaaaa', client_id: null })
          .execute();
        // Another sender may reuse the same key.
        await db
          .insertInto('messages')
          .values({
            ...base,
            id: 'ms6aaaaaaaaaaaaa',
            sender_profile_id: 'p2aaaaaaaaaaaaaa',
            client_id: 'client-1',
          })
          .execute();
      });

      /** The table's first fixture row once more, with `changes`: what a constraint must refuse. */
      const insertAgain = <T extends TableName>(table: T, changes: Partial<NewRow<T>>) =>
        db
          .insertInto(table)
          .values({ ...fixtures[table]![0], ...changes } as never)
          .execute();

      it('books an order or a message in the ledger once only', async () => {
        // The first row's purchase booked again, under another id and at a later balance.
        await expect(
          insertAgain('credit_ledger', { id: 'l3aaaaaaaaaaaaaa', balance_after: 55, created_at: T + 2 }),
        ).rejects.toThrow();
      });

      it('applies a provider payment id to one order only', async () => {
        await expect(insertAgain('orders', { id: 'o2aaaaaaaaaaaaaa', client_id: null })).rejects.toThrow();
      });

      it('redeems a code once per member and opens one conversation per pair', async () => {
        await expect(insertAgain('discount_redemptions', { id: 'dr2aaaaaaaaaaaaa' })).rejects.toThrow();
        await expect(insertAgain('conversations', { id: 'c2aaaaaaaaaaaaaa' })).rejects.toThrow();
      });

      it('enforces foreign keys', async () => {
        await expect(insertAgain('photos', { id: 'ph2aaaaaaaaaaaaa', profile_id: 'nope' })).rejects.toThrow();
      });

      it('keeps orders when a member is deleted, and cascades everything else', async () => {
        await expect(
          db.deleteFrom('members').where('id', '=', 'm1aaaaaaaaaaaaaa').execute(),
        ).rejects.toThrow();
        // m2 has no orders: its profile, sessions, conversation and messages go with it.
        await db.deleteFrom('members').where('id', '=', 'm2aaaaaaaaaaaaaa').execute();
        const left = async (table: TableName, column: string, value: string) =>
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(column as never, '=', value as never)
              .executeTakeFirstOrThrow()
          ).n;
        expect(await left('profiles', 'id', 'p2aaaaaaaaaaaaaa')).toBe(0);
        expect(await left('sessions', 'member_id', 'm2aaaaaaaaaaaaaa')).toBe(0);
        expect(await left('conversations', 'id', 'c1aaaaaaaaaaaaaa')).toBe(0);
        expect(await left('messages', 'conversation_id', 'c1aaaaaaaaaaaaaa')).toBe(0);
        expect(await left('blocks', 'blocker_profile_id', 'p2aaaaaaaaaaaaaa')).toBe(0);
        expect(await left('profiles', 'id', 'p1aaaaaaaaaaaaaa')).toBe(1);
      });
    });
  });
}

describe('both dialects', () => {
  it('read back identical JS values', () => {
    expect(readBack.sqlite).toBeDefined();
    expect(readBack.postgres).toBeDefined();
    expect(readBack.postgres).toStrictEqual(readBack.sqlite);
  });
});
