import { generalFieldMessage } from '../../i18n/field-messages.ts';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { translator, type Translate } from '../../i18n/index.ts';
import type { SessionMember } from '../../server/endpoint.ts';
import { addressKey } from '../../server/address.ts';
import { DomainError, invalidFields, platformError } from '../../server/errors.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { Site } from '../../tenancy/site.ts';
import { holdMemberRow } from '../credits/index.ts';
import { pricingFor } from '../pages/index.ts';
import type { PaymentsContext } from './payments.context.ts';
import {
  countWrongTry,
  directDebitsSince,
  hasReturnedDebit,
  insertCode,
  insertMandate,
  latestCode,
  otherAccountsOfPhone,
  signedMandate,
  useCode,
} from './payments.directdebit.repository.ts';
import { insertOrder } from './payments.repository.ts';
import { creditsOf } from './payments.refund.repository.ts';
import { buyerCountry, completeOrder, pendingOrder } from './payments.service.ts';

/*
 * Direct debit (spec §5): the member confirms a mobile number with a code sent by SMS, then gives
 * a SEPA mandate (IBAN, account holder, address, the authorization) and the bundle is credited at
 * once. Codes: six digits, valid ten minutes, used once, five wrong tries (then a new code is
 * needed), stored only as a hash. The IBAN is never logged or answered; answers show it masked.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const CODE_VALID_MS = 10 * MINUTE_MS;
export const CODE_MAX_TRIES = 5;
/**
 * Codes that may be sent per hour to one member, to one number and from one address: an SMS
 * costs the operator money, and a number is not to be flooded. Counted before the code is sent.
 */
export const CODES_PER_HOUR = 5;
const CODES_RULE = { limit: CODES_PER_HOUR, windowMs: 60 * MINUTE_MS } as const;
/** Accounts of one network a mobile number may confirm direct debit for. */
export const ACCOUNTS_PER_PHONE = 3;
/**
 * The direct debit limit: at most this many direct debit orders per member in
 * DIRECTDEBIT_LIMIT_DAYS (a debit can come back weeks later, unpaid; the exposure stays small).
 */
export const DIRECTDEBIT_LIMIT_ORDERS = 3;
export const DIRECTDEBIT_LIMIT_DAYS = 30;

const trimmed = (max: number) => z.string().trim().min(1, 'required').max(max);

export const smsInputSchema = z.object({ phone: z.string().trim().min(3, 'phone_invalid').max(32) });

export const directDebitInputSchema = z.object({
  bundle: z.string().min(1).max(64),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'code_invalid'),
  iban: z.string().min(5).max(64),
  holder: trimmed(120),
  street: trimmed(160),
  zip: trimmed(16),
  city: trimmed(80),
  country: z.string().regex(/^[A-Z]{2}$/, 'invalid'),
  phone: z.string().trim().min(3, 'phone_invalid').max(32),
  authorized: z.literal(true, 'authorization_required'),
});
export type DirectDebitInput = z.infer<typeof directDebitInputSchema>;
export type SmsInput = z.infer<typeof smsInputSchema>;

/** The one POST's two calls: `?sms=1` asks for a code, the order carries the authorization. */
export function isDirectDebitOrder(input: SmsInput | DirectDebitInput): input is DirectDebitInput {
  return 'authorized' in input;
}

/** The words of this feature's 422 field codes. */
export function directDebitFieldMessage(t: Translate, code: string): string {
  if (code === 'phone_invalid') return t('payments.directdebit.phone_invalid');
  if (code === 'code_invalid') return t('payments.directdebit.code_invalid');
  if (code === 'authorization_required') return t('payments.directdebit.authorization_required');
  return generalFieldMessage(t, code);
}

/** `DE89 •••• •••• 3000`: the country and check digits, and the last four characters. */
export function maskIban(iban: string): string {
  const plain = iban.replace(/\s+/g, '').toUpperCase();
  return `${plain.slice(0, 4)} •••• •••• ${plain.slice(-4)}`;
}

/**
 * E.164 of a mobile number, read in the site's first country unless it starts with `+`. The
 * numbering plans (the full metadata, which knows mobile from landline) load with the first
 * number: only direct debit asks.
 */
export async function normalisePhone(
  phone: string,
  site: Pick<Site, 'countries'>,
): Promise<string | undefined> {
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/max');
  const parsed = parsePhoneNumberFromString(phone, site.countries[0] as CountryCode | undefined);
  if (!parsed?.isValid()) return undefined;
  const type = parsed.getType();
  // Landlines cannot receive the code (the full metadata knows the types; unknown gets the benefit).
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return undefined;
  return parsed.number;
}

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

function codeInvalid(): DomainError {
  return new DomainError('code_invalid', { status: 422, message: 'payments.directdebit.code_invalid' });
}

function directDebitBlocked(): DomainError {
  return new DomainError('directdebit_blocked', { status: 403, message: 'payments.directdebit.blocked' });
}

/**
 * 403 `directdebit_blocked` after a returned debit (spec §8), 403 `directdebit_limit` past
 * DIRECTDEBIT_LIMIT_ORDERS in DIRECTDEBIT_LIMIT_DAYS.
 */
async function checkMayDebit(
  db: Parameters<typeof directDebitsSince>[0],
  network: string,
  memberId: string,
  now: number,
): Promise<void> {
  if (await hasReturnedDebit(db, network, memberId)) throw directDebitBlocked();
  const recent = await directDebitsSince(db, network, memberId, now - DIRECTDEBIT_LIMIT_DAYS * DAY_MS);
  if (recent >= DIRECTDEBIT_LIMIT_ORDERS) {
    throw new DomainError('directdebit_limit', {
      status: 403,
      message: 'payments.directdebit.limit',
      details: { limit: DIRECTDEBIT_LIMIT_ORDERS, days: DIRECTDEBIT_LIMIT_DAYS },
    });
  }
}

/** 403 `directdebit_blocked` when the number already serves ACCOUNTS_PER_PHONE other accounts. */
async function checkPhoneAccounts(
  db: Parameters<typeof otherAccountsOfPhone>[0],
  network: string,
  phone: string,
  memberId: string,
): Promise<void> {
  if ((await otherAccountsOfPhone(db, network, phone, memberId)) >= ACCOUNTS_PER_PHONE) {
    throw directDebitBlocked();
  }
}

/**
 * Counts one code against the member, the number and the address, before anything is sent: each
 * counter moves even when another refuses, so whoever keeps asking keeps its windows full.
 */
async function countCode(ctx: PaymentsContext, memberId: string, phone: string, now: number): Promise<void> {
  const keys = [
    `dd-sms-member:${ctx.network}:${memberId}`,
    `dd-sms-phone:${ctx.network}:${phone}`,
    `dd-sms-ip:${ctx.site.id}:${addressKey(ctx.requestIp)}`,
  ];
  const decisions = await Promise.all(keys.map((key) => ctx.rateLimiter.consumeFixed(key, CODES_RULE, now)));
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length > 0) {
    throw platformError('rate_limited', { retryAfter: Math.max(...refused.map((d) => d.retryAfter)) });
  }
}

/** `POST /api/directdebit.php?sms=1 { phone }`: a new code to the number; earlier codes lapse. */
export async function sendDirectDebitCode(
  ctx: PaymentsContext,
  member: SessionMember,
  input: SmsInput,
): Promise<{ ok: true }> {
  const phone = await normalisePhone(input.phone, ctx.site);
  if (!phone) throw invalidFields({ phone: 'phone_invalid' });
  const now = ctx.clock.now();
  // A member blocked for direct debit gets no SMS: it would cost money and lead nowhere.
  if (await hasReturnedDebit(ctx.db, ctx.network, member.id)) throw directDebitBlocked();
  await checkPhoneAccounts(ctx.db, ctx.network, phone, member.id);
  await countCode(ctx, member.id, phone, now);
  const id = newId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertCode(ctx.db, {
    id,
    network_id: ctx.network,
    member_id: member.id,
    phone,
    code_hash: hashCode(id, code),
    created_at: now,
    expires_at: now + CODE_VALID_MS,
  });
  const t = translator(member.language);
  await ctx.sms.send({ to: phone, text: t('payments.directdebit.sms_text', { site: ctx.site.name, code }) });
  return { ok: true };
}

/**
 * The member's newest code, if `code` is it, unexpired, unused and within its tries; a wrong code
 * counts a try (committed although the request is refused).
 */
async function checkCode(ctx: ServiceContext, member: SessionMember, phone: string, code: string) {
  const row = await latestCode(ctx.db, ctx.network, member.id);
  if (!row || row.used_at !== null || Number(row.expires_at) <= ctx.clock.now()) throw codeInvalid();
  if (Number(row.attempts) >= CODE_MAX_TRIES || row.phone !== phone) throw codeInvalid();
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.id, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await countWrongTry(ctx.db, row.id);
    throw codeInvalid();
  }
  return row;
}

/** `POST /api/directdebit.php`: 201 `{ order, iban }` (masked); the bundle is credited at once. */
export async function orderByDirectDebit(
  ctx: PaymentsContext,
  member: SessionMember,
  input: DirectDebitInput,
): Promise<{ order: string; iban: string; credits: number; balance: number }> {
  const iban = electronicFormatIBAN(input.iban) ?? '';
  if (!isValidIBAN(iban)) {
    throw new DomainError('iban_invalid', {
      status: 422,
      message: 'payments.directdebit.iban_invalid',
      fields: { iban: 'iban_invalid' },
    });
  }
  const phone = await normalisePhone(input.phone, ctx.site);
  if (!phone) throw invalidFields({ phone: 'phone_invalid' });
  // Priced like every order and like /credits: in the member's country, never the form's (the
  // form's country is the account holder's address).
  const country = await buyerCountry(ctx, member.id);
  const pricing = pricingFor(ctx.site, country);
  const bundle = pricing.bundles.find((b) => b.id === input.bundle);
  if (!bundle) throw invalidFields({ bundle: 'invalid' });

  const now = ctx.clock.now();
  // Refused at once when it is plain already; the transaction below decides.
  await checkMayDebit(ctx.db, ctx.network, member.id, now);
  const code = await checkCode(ctx, member, phone, input.code);

  const orderId = newId();
  const order = await ctx.db.transaction().execute(async (trx) => {
    // The member's row first: racing debits of one member queue here, so each counts the others.
    await holdMemberRow(trx, ctx.network, member.id);
    await checkMayDebit(trx, ctx.network, member.id, now);
    await checkPhoneAccounts(trx, ctx.network, phone, member.id);
    // Two requests with one code: the first uses it, the second books nothing.
    if (!(await useCode(trx, code.id, now))) throw codeInvalid();
    const row = pendingOrder(ctx, member, bundle, {
      id: orderId,
      amount: bundle.amount,
      currency: pricing.currency,
      payment_method: 'sdd',
      provider: 'directdebit',
      country,
      created_at: now,
    });
    await insertOrder(trx, row);
    // One mandate per member and account: a later order from the same IBAN is collected under
    // the reference and signing date of the first (sequence RCUR once that one went out).
    const mandateId = newId();
    const signed = await signedMandate(trx, ctx.network, member.id, iban);
    await insertMandate(trx, {
      id: mandateId,
      reference: signed?.reference ?? mandateId,
      signed_at: signed ? Number(signed.signed_at) : now,
      network_id: ctx.network,
      site_id: ctx.site.id,
      member_id: member.id,
      order_id: orderId,
      iban,
      holder: input.holder,
      street: input.street,
      zip: input.zip,
      city: input.city,
      country: input.country,
      phone,
      created_at: now,
    });
    return row;
  });
  // The mandate is the payment: the order completes at once, as a paid one does (credits through
  // the ledger, premium, the balance announced, the receipt).
  await completeOrder(ctx, order);
  const balance = await creditsOf(ctx.db, ctx.network, member.id);
  return { order: orderId, iban: maskIban(iban), credits: bundle.credits, balance };
}
