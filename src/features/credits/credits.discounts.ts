import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { addressKey } from '../../server/address.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import { currencyFor } from '../../tenancy/site.ts';
import { discountedAmount } from './discount-math.ts';
import {
  countRedemptions,
  deleteRedemption,
  discountMemberOf,
  findCode,
  findCodeOfOrder,
  findTwoCodes,
  holdsFirstPurchaseDiscount,
  insertRedemption,
  lockCode,
  orderDiscountOf,
  type CodeRow,
} from './credits.discounts.repository.ts';

/*
 * Discount codes on an order: the seam between credits (which owns the codes, the welcome code and
 * the time bonus) and payments (which owns orders). Payments calls `reserveDiscount` in the
 * transaction that creates the order, and `releaseDiscount` in the one that marks it failed or
 * cancelled; a paid order keeps its redemption for good.
 */

/** The welcome discount: 25 % on the first purchase (spec §1, §9). */
export const WELCOME_CODE = 'WELCOME25';
/** The time bonus: 25 % once per member within four hours of signup (spec §4, §9). */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
/** How long after signup the time bonus is offered, in milliseconds (14,400 s). */
export const TIME_BONUS_WINDOW_MS = 14_400 * 1000;

export { discountedAmount };

/**
 * A single-use code is a personal offer whose only protection is that nobody else can name it:
 * at least this many characters, made by `newSingleUseCode` (80 random bits). A shorter one
 * (typed by hand, like an early demo code) is not honoured.
 */
export const SINGLE_USE_MIN_LENGTH = 16;

/** A new single-use code: 16 characters of Crockford's base32, 80 random bits, upper case. */
export function newSingleUseCode(): string {
  return newId().toUpperCase();
}

/**
 * How many codes a visitor may look up per address: enough for a person typing a code from a
 * letter or a link, far too few to try codes until one answers.
 */
export const VISITOR_LOOKUPS = { limit: 20, windowMs: 60 * 60_000 } as const;

/** What an order needs to know to be priced with a discount. */
export interface OrderToDiscount {
  orderId: string;
  bundleId: string;
  /** The bundle's full amount in minor units, before the discount. */
  amount: number;
  currency: string;
  /** The member's country (ISO 3166-1 alpha-2, upper case). */
  country: string;
}

export interface ReservedDiscount {
  code: string;
  percentage: number;
  /** The amount to pay after the discount, in minor units (rounded in the member's favour). */
  amount: number;
}

/** `GET /api/discountcode.php`'s answer. */
export interface DiscountCodeView {
  code: string;
  percentage: number;
  /** Minimum order value in minor units of `currency`, or null. */
  minimum: number | null;
  currency: string | null;
  /** The only country whose members may use the code, or null. */
  country: string | null;
}

const ERRORS = {
  notFound: () => new DomainError('code_not_found', { status: 404, message: 'credits.code_not_found' }),
  used: () => new DomainError('code_used', { status: 409, message: 'credits.code_used' }),
  minimum: (minimum: number, currency: string) =>
    new DomainError('code_minimum_order', {
      status: 422,
      message: 'credits.code_minimum_order',
      details: { minimum, currency },
    }),
  country: () => new DomainError('code_country', { status: 422, message: 'credits.code_country' }),
};

type DiscountMember = NonNullable<Awaited<ReturnType<typeof discountMemberOf>>>;

/**
 * The member as the discount rules read it: `known` when the caller read it already (a credits
 * page asks the time bonus, then the welcome code, of one member: one read serves them all).
 */
async function memberForRules(
  ctx: ServiceContext,
  memberId: string,
  known: DiscountMember | undefined,
): Promise<DiscountMember | undefined> {
  return known?.id === memberId ? known : discountMemberOf(ctx.db, ctx.network, memberId);
}

/** The country a member is priced in: the profile's, else the signup's, else the request's. */
export function memberCountry(member: Pick<DiscountMember, 'country' | 'signup_country'>, fallback: string) {
  return (member.country || member.signup_country || fallback).toUpperCase();
}

/** When the member's time bonus ends (epoch ms). */
export function timeBonusEnds(member: Pick<DiscountMember, 'created_at'>): number {
  return Number(member.created_at) + TIME_BONUS_WINDOW_MS;
}

/** The welcome discount and the time bonus: both are the discount on the first purchase. */
function isFirstPurchaseCode(code: string): boolean {
  return code === WELCOME_CODE || code === TIME_BONUS_CODE;
}

/**
 * Whether a built-in code is offered to this member now: the welcome code until the first
 * purchase, the time bonus to a member who has not paid within four hours of signup.
 */
function builtInOffered(code: string, member: DiscountMember, now: number): boolean {
  if (code === WELCOME_CODE) return !Number(member.paid_user);
  if (code === TIME_BONUS_CODE) return !Number(member.paid_user) && now < timeBonusEnds(member);
  return true;
}

/**
 * An existing code that has not expired, and whose discount the site has not set to zero; a
 * single-use code only when it is too long to guess.
 */
function usable(code: CodeRow | undefined, now: number, site: ServiceContext['site']): code is CodeRow {
  return (
    code !== undefined &&
    (code.expires_at === null || now < Number(code.expires_at)) &&
    (code.starts_at === null || now >= Number(code.starts_at)) &&
    (code.validity !== 'single_use' || code.code.length >= SINGLE_USE_MIN_LENGTH) &&
    percentageOf(code, site) > 0
  );
}

/** A built-in code's percentage is the site's (`prices.welcome_discount_percentage`, …); others their own. */
function percentageOf(code: CodeRow, site: ServiceContext['site']): number {
  if (code.code === WELCOME_CODE) return site.prices.welcomeDiscountPercentage;
  if (code.code === TIME_BONUS_CODE) return site.prices.timeBonusPercentage;
  return Number(code.percentage);
}

function viewOf(code: CodeRow, site: ServiceContext['site']): DiscountCodeView {
  return {
    code: code.code,
    percentage: percentageOf(code, site),
    minimum: code.minimum_amount === null ? null : Number(code.minimum_amount),
    currency: code.currency,
    country: code.country,
  };
}

/**
 * The built-in codes as one call reads them: every credits page asks for both (the time bonus,
 * then the welcome code it falls back to), so the first ask reads both in one statement and the
 * call's later asks take them from there. Kept per service context (one call's) for a second at
 * most, so a context held longer still sees an operator's change. Transactions read for themselves.
 */
const builtInCodesOfCall = new WeakMap<
  ServiceContext,
  { at: number; codes: Promise<Map<string, CodeRow>> }
>();
const BUILT_IN_CODES_KEPT_MS = 1000;

/** The active code `text` (upper case) as the call's context reads it (see `builtInCodesOfCall`). */
function codeOf(ctx: ServiceContext, text: string): Promise<CodeRow | undefined> {
  if (!isFirstPurchaseCode(text)) return findCode(ctx.db, ctx.network, ctx.site.id, text);
  const now = ctx.clock.now();
  let kept = builtInCodesOfCall.get(ctx);
  if (!kept || now - kept.at > BUILT_IN_CODES_KEPT_MS || now < kept.at) {
    kept = {
      at: now,
      codes: findTwoCodes(ctx.db, ctx.network, ctx.site.id, [TIME_BONUS_CODE, WELCOME_CODE]),
    };
    builtInCodesOfCall.set(ctx, kept);
  }
  return kept.codes.then((codes) => codes.get(text));
}

/**
 * Whether the code is still free for the member: 409 when it is not. `member`, read outside a
 * transaction, answers for the first-purchase codes without a statement of their own: every
 * redemption of one is marked first-purchase, so a member who holds none has none of this code
 * either. A reservation reads it all again in its transaction.
 */
async function checkUnused(
  db: ServiceContext['db'] | Transaction<Database>,
  network: string,
  code: CodeRow,
  memberId: string,
  member?: DiscountMember,
): Promise<void> {
  const firstPurchase = isFirstPurchaseCode(code.code);
  const holdsFirstPurchase = () =>
    member ? Boolean(member.holds_first_purchase) : holdsFirstPurchaseDiscount(db, network, memberId);
  if (code.validity === 'single_use') {
    if ((await countRedemptions(db, code.id)) > 0) throw ERRORS.used();
  } else if (!(firstPurchase && member && !member.holds_first_purchase)) {
    if ((await countRedemptions(db, code.id, memberId)) > 0) throw ERRORS.used();
  }
  // A capped multi-use code is used up for everyone once its uses are reached.
  if (code.max_uses !== null && (await countRedemptions(db, code.id)) >= Number(code.max_uses))
    throw ERRORS.used();
  // The other first-purchase code is as good as this one: a member gets one of them.
  if (firstPurchase && (await holdsFirstPurchase())) throw ERRORS.used();
}

/**
 * `GET /api/discountcode.php?code=` by a visitor: counted per address (429 `rate_limited` past
 * `VISITOR_LOOKUPS`), so nobody tries codes until one answers; then `lookUpDiscount`.
 */
export async function visitorLooksUpDiscount(
  ctx: ServiceContext,
  address: string,
  text: string,
): Promise<DiscountCodeView> {
  const decision = await ctx.rateLimiter.consume(
    `discount-lookup-ip:${ctx.site.id}:${addressKey(address)}`,
    VISITOR_LOOKUPS,
    ctx.clock.now(),
  );
  if (!decision.allowed) throw platformError('rate_limited', { retryAfter: decision.retryAfter });
  return lookUpDiscount(ctx, null, text);
}

/**
 * `GET /api/discountcode.php?code=`: the code as the member may use it. A visitor learns only
 * whether it exists; a member also whether it is still free for them (409 `code_used`).
 */
export async function lookUpDiscount(
  ctx: ServiceContext,
  memberId: string | null,
  text: string,
  known?: DiscountMember,
): Promise<DiscountCodeView> {
  const now = ctx.clock.now();
  const code = await codeOf(ctx, text.trim().toUpperCase());
  if (!usable(code, now, ctx.site)) throw ERRORS.notFound();
  if (memberId !== null) {
    const member = await memberForRules(ctx, memberId, known);
    if (!member) throw ERRORS.notFound();
    await checkUnused(ctx.db, ctx.network, code, memberId, member);
    if (!builtInOffered(code.code, member, now)) throw ERRORS.notFound();
  }
  return viewOf(code, ctx.site);
}

/**
 * Whether `text` would discount this order, without reserving it: the checks of
 * `reserveDiscount` (exists, offered, unused, country, minimum) for a quote shown before paying.
 */
export async function discountForOrder(
  ctx: ServiceContext,
  memberId: string,
  text: string,
  order: Pick<OrderToDiscount, 'amount' | 'currency' | 'country'>,
  known?: DiscountMember,
): Promise<DiscountCodeView> {
  const found = await lookUpDiscount(ctx, memberId, text, known);
  if (found.country !== null && found.country.toUpperCase() !== order.country.toUpperCase()) {
    throw ERRORS.country();
  }
  if (found.minimum !== null) {
    if (found.currency !== null && found.currency !== order.currency) throw ERRORS.country();
    if (order.amount < found.minimum) throw ERRORS.minimum(found.minimum, order.currency);
  }
  return found;
}

/** A discount as a page applies it to its prices. */
export interface AppliedDiscount {
  code: string;
  percentage: number;
  minimum: number | null;
}

/**
 * The code a credits page applies (one from a link, or the active discount), or null when it no
 * longer applies to the member: the page then shows its regular prices rather than an error.
 */
export async function discountToApply(
  ctx: ServiceContext,
  memberId: string,
  text: string,
): Promise<AppliedDiscount | null> {
  try {
    const found = await lookUpDiscount(ctx, memberId, text);
    return { code: found.code, percentage: found.percentage, minimum: found.minimum };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * `GET /api/discountcode.php?welcome=true`: the welcome code while the member has not bought
 * (and to every visitor); 404 once it no longer applies, which the page ignores.
 */
export function welcomeDiscount(
  ctx: ServiceContext,
  memberId: string | null,
  known?: DiscountMember,
): Promise<DiscountCodeView> {
  return lookUpDiscount(ctx, memberId, WELCOME_CODE, known);
}

/**
 * Checks `code` for this order and reserves it for the member (single use under concurrency).
 * Throws 404 `code_not_found`, 409 `code_used`, or 422 for a minimum order or country limit.
 */
export async function reserveDiscount(
  trx: Transaction<Database>,
  ctx: ServiceContext,
  memberId: string,
  text: string,
  order: OrderToDiscount,
): Promise<ReservedDiscount> {
  const now = ctx.clock.now();
  const code = await findCode(trx, ctx.network, ctx.site.id, text.trim().toUpperCase());
  if (!usable(code, now, ctx.site)) throw ERRORS.notFound();
  const member = await discountMemberOf(trx, ctx.network, memberId);
  if (!member || !builtInOffered(code.code, member, now)) throw ERRORS.notFound();
  if (code.country !== null && code.country.toUpperCase() !== order.country.toUpperCase()) {
    throw ERRORS.country();
  }
  if (code.minimum_amount !== null) {
    const minimum = Number(code.minimum_amount);
    // A minimum in another currency cannot be compared without a rate: the code is not for
    // this member's currency.
    if (code.currency !== null && code.currency !== order.currency) throw ERRORS.country();
    if (order.amount < minimum) throw ERRORS.minimum(minimum, order.currency);
  }
  // Codes with a limit in all queue on their row, so the last use goes to one order only.
  if (code.validity === 'single_use' || code.max_uses !== null) await lockCode(trx, code.id);
  await checkUnused(trx, ctx.network, code, memberId);
  const redemption = {
    id: newId(),
    codeId: code.id,
    memberId,
    network: ctx.network,
    firstPurchase: isFirstPurchaseCode(code.code),
    now,
  };
  // The unique keys decide under any concurrency: the code once per member, and one of the
  // first-purchase codes per member, so two orders opened side by side get one discount.
  if (!(await insertRedemption(trx, redemption))) throw ERRORS.used();
  const percentage = percentageOf(code, ctx.site);
  return { code: code.code, percentage, amount: discountedAmount(order.amount, percentage) };
}

/**
 * The codes one redemption stands for: the welcome code and the time bonus are one
 * first-purchase discount, every other code is its own.
 */
export function discountGroup(code: string): string[] {
  return isFirstPurchaseCode(code) ? [WELCOME_CODE, TIME_BONUS_CODE] : [code];
}

/**
 * At settlement: takes the member's redemption of `text` again when it was given back (the order
 * failed, and its payment was reported paid after all). False when that is no longer possible:
 * the code (or, for a first-purchase code, the other one) went to another redemption since.
 * The caller has checked that no other live order of the member names the code.
 */
export async function reclaimDiscount(
  trx: Transaction<Database>,
  ctx: ServiceContext,
  memberId: string,
  text: string,
): Promise<boolean> {
  // Found even when switched off since: an order placed with the code keeps it.
  const code = await findCodeOfOrder(trx, ctx.network, text.trim().toUpperCase());
  if (!code) return false;
  if ((await countRedemptions(trx, code.id, memberId)) > 0) return true;
  if (code.validity === 'single_use') {
    await lockCode(trx, code.id);
    if ((await countRedemptions(trx, code.id)) > 0) return false;
  }
  return insertRedemption(trx, {
    id: newId(),
    codeId: code.id,
    memberId,
    network: ctx.network,
    firstPurchase: isFirstPurchaseCode(code.code),
    now: ctx.clock.now(),
  });
}

/** Gives the code back when the order it was reserved for failed or was cancelled. */
export async function releaseDiscount(
  trx: Transaction<Database>,
  ctx: ServiceContext,
  orderId: string,
): Promise<void> {
  const order = await orderDiscountOf(trx, ctx.network, orderId);
  if (!order?.discount_code) return;
  await deleteRedemption(trx, ctx.network, order.member_id, order.discount_code);
}

/* ------------------------------------------------------------------------------------------ */
/* Time bonus and the active discount (spec §4)                                                */

/** `GET /api/timebonus.php`'s answer. */
export interface TimeBonusView {
  code: typeof TIME_BONUS_CODE;
  country: string;
  user_id: string;
  /** When the offer ends (ISO 8601). */
  expires: string;
  /** Seconds left, from the server's clock: the countdown starts from this, whatever the device's clock says. */
  remaining_seconds: number;
  expired: false;
  value_percentage: number;
  /**
   * The first-purchase discount the member keeps once the bonus ends (the welcome code's
   * percentage, 0 when none stays): what a countdown may say is lost is the difference.
   */
  then_percentage: number;
  currency: string;
  minimum_order_value: number;
  status: 'active';
  validity: 'once-per-user';
  paymentmethods: { id: string; name: string }[];
}

/**
 * The member's time bonus, or null when it is not offered: a paid member, four hours after
 * signup, once it was used (a pending order holds it too), or when it is worth no more than the
 * welcome discount the member keeps after it. A countdown is shown only for a bonus, so one that
 * ends into the same price would be urgency without a loss (unfair commercial practice): with
 * the spec's 25 % and 25 % the member simply has the welcome discount, without a clock.
 */
export async function timeBonusFor(
  ctx: ServiceContext,
  memberId: string,
  requestCountry: string,
  paymentMethods: (country: string) => { id: string; name: string }[],
  known?: DiscountMember,
): Promise<TimeBonusView | null> {
  const now = ctx.clock.now();
  const [member, code] = await Promise.all([
    memberForRules(ctx, memberId, known),
    codeOf(ctx, TIME_BONUS_CODE),
  ]);
  if (!member || !usable(code, now, ctx.site) || !builtInOffered(TIME_BONUS_CODE, member, now)) return null;
  // The bonus is a first-purchase code: a member who holds none has not redeemed it either.
  if (member.holds_first_purchase) return null;
  const bonusPercentage = percentageOf(code, ctx.site);
  const stays = await welcomePercentageAfter(ctx, member);
  if (bonusPercentage <= stays) return null;
  const country = memberCountry(member, requestCountry);
  const ends = timeBonusEnds(member);
  return {
    code: TIME_BONUS_CODE,
    country,
    user_id: memberId,
    expires: new Date(ends).toISOString(),
    // Rounded up: a countdown started from it reaches zero when the bonus ends, not before.
    remaining_seconds: Math.ceil((ends - now) / 1000),
    expired: false,
    value_percentage: bonusPercentage,
    then_percentage: stays,
    currency: currencyFor(ctx.site, country),
    minimum_order_value: code.minimum_amount === null ? 0 : Number(code.minimum_amount),
    status: 'active',
    validity: 'once-per-user',
    paymentmethods: paymentMethods(country),
  };
}

/** The welcome code's percentage while it applies to the member, else 0. */
async function welcomePercentageAfter(ctx: ServiceContext, member: DiscountMember): Promise<number> {
  try {
    return (await welcomeDiscount(ctx, member.id, member)).percentage;
  } catch (error) {
    if (error instanceof DomainError) return 0;
    throw error;
  }
}

/** The discount the credits pages apply by themselves (spec §4's active discount). */
export interface ActiveDiscount {
  code: string;
  percentage: number;
  kind: 'time_bonus' | 'welcome';
  /** When it ends (ISO 8601), for the time bonus: the only discount that ever ends on a page. */
  expires: string | null;
  /** What applies from `expires` on: the welcome code when it stays, else null (full price). */
  then: { code: string; percentage: number } | null;
}

/** The time bonus if the member has it, otherwise the welcome code if it still applies, else null. */
export async function activeDiscount(
  ctx: ServiceContext,
  memberId: string,
  requestCountry: string,
  known?: DiscountMember,
): Promise<ActiveDiscount | null> {
  const bonus = await timeBonusFor(ctx, memberId, requestCountry, () => [], known);
  if (bonus) {
    return {
      code: bonus.code,
      percentage: bonus.value_percentage,
      kind: 'time_bonus',
      expires: bonus.expires,
      then: bonus.then_percentage > 0 ? { code: WELCOME_CODE, percentage: bonus.then_percentage } : null,
    };
  }
  try {
    const welcome = await welcomeDiscount(ctx, memberId, known);
    return { code: welcome.code, percentage: welcome.percentage, kind: 'welcome', expires: null, then: null };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
