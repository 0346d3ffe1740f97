import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../server/secrets.ts';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../notifications/index.ts';

/*
 * The token of an unsubscribe link (RFC 8058): it names the member and the category, and only
 * the server can make one. An HMAC with a key derived from the app secret for the member's site,
 * so it needs no row, works for as long as the account lives, and a token of one site is
 * worthless on another. It does only one thing: switch that one category off.
 */

const PURPOSE = 'unsubscribe';

/**
 * Whom the unsubscribe link of a mailing's test names (the copy a staff member sends to their own
 * address before the send): no member, since no member id is this short (db/ids.ts). The link
 * opens a page that says what it does in a member's copy and changes nothing.
 */
export const MAILING_TEST_RECIPIENT = 'test';
/** 128 bits of the HMAC: beyond guessing, and short enough for a mail client's header. */
const MAC_BYTES = 16;

function mac(secret: Buffer, siteId: string, memberId: string, category: string): Buffer {
  return createHmac('sha256', deriveKey(secret, PURPOSE, siteId))
    .update(`${memberId}\n${category}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function unsubscribeToken(
  secret: Buffer,
  siteId: string,
  memberId: string,
  category: NotificationCategory,
): string {
  return `${memberId}.${category}.${mac(secret, siteId, memberId, category).toString('base64url')}`;
}

/** The member and category a token of `siteId` names, or undefined when it was not made here. */
export function readUnsubscribeToken(
  secret: Buffer,
  siteId: string,
  token: string,
): { memberId: string; category: NotificationCategory } | undefined {
  const match = /^([0-9a-z]{1,64})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, memberId, category, given] = match as unknown as [string, string, string, string];
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return undefined;
  // Compared as text: base64url's last character has spare bits, so decoding would let several
  // spellings of one signature pass, and a token must have exactly one.
  const expected = Buffer.from(mac(secret, siteId, memberId, category).toString('base64url'));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return { memberId, category: category as NotificationCategory };
}
