import type { Translate } from '../../i18n/index.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, invalidFields, platformError } from '../../server/errors.ts';
import { formatMoney, pricingFor } from '../pages/index.ts';
import { premiumClaim } from './credits.claim.ts';
import { discountMemberOf } from './credits.discounts.repository.ts';
import { activeDiscount, discountForOrder, memberCountry, type ActiveDiscount } from './credits.discounts.ts';
import { discountedAmount } from './discount-math.ts';
import type { OrderQuote, QuoteAnswer } from './credits.schemas.ts';

export type { OrderQuote, QuoteAnswer };

/** A payment method as the credits page lists it. */
export interface PaymentMethodOffer {
  id: string;
  name: string;
}

/** `GET /api/credits.php`'s answer. */
export interface CreditsOffer {
  bundles: { id: string; credits: number; amount: number; currency: string; popular: boolean }[];
  paymentmethods: PaymentMethodOffer[];
  country: string;
  currency: string;
  /** The active discount (spec §4): the time bonus, else the welcome code, else null. */
  discount: ActiveDiscount | null;
  /** The measured match-rate advantage of premium members in percent, or null (see credits.claim.ts). */
  premium_claim: number | null;
}

/**
 * What the member can buy: the site's bundles in the currency of the member's country (the
 * profile's, else the signup's, else the request's: the same country an order is priced in), the
 * methods offered there, and the discount the pages apply by themselves. A visitor gets the
 * request country's offer without a discount of their own.
 */
export async function creditsOffer(
  ctx: ServiceContext,
  memberId: string | null,
  requestCountry: string,
  paymentMethods: (country: string) => PaymentMethodOffer[],
): Promise<CreditsOffer> {
  const member = memberId === null ? undefined : await discountMemberOf(ctx.db, ctx.network, memberId);
  const country = member ? memberCountry(member, requestCountry) : requestCountry.toUpperCase();
  const pricing = pricingFor(ctx.site, country);
  const [discount, claim] = await Promise.all([
    member ? activeDiscount(ctx, member.id, requestCountry, member) : Promise.resolve(null),
    premiumClaim(ctx),
  ]);
  return {
    bundles: pricing.bundles.map((b) => ({
      id: b.id,
      credits: b.credits,
      amount: b.amount,
      currency: pricing.currency,
      popular: b.popular,
    })),
    paymentmethods: paymentMethods(country),
    country,
    currency: pricing.currency,
    discount,
    premium_claim: claim,
  };
}

export interface QuoteInput {
  bundle: string;
  /** The code the member typed. */
  discountcode?: string | undefined;
  /** The code applied before (one from a link): it stays when the typed one does not apply. */
  keep?: string | undefined;
}

type Candidate = { code: string; percentage: number; kind: 'code' | 'time_bonus' | 'welcome' } & Pick<
  ActiveDiscount,
  'expires' | 'then'
>;

/**
 * The total to pay before paying, priced exactly as `POST /api/order.php` will price it. A typed
 * code that does not apply never takes away a discount that does: the code the page had (from
 * a link), else the active discount, stays, and the notice says so. Of two codes that apply the
 * better one is kept, since an order carries one.
 */
export async function quoteOrder(
  ctx: ServiceContext,
  words: { t: Translate; locale: string },
  memberId: string,
  requestCountry: string,
  input: QuoteInput,
): Promise<QuoteAnswer> {
  const { t } = words;
  const member = await discountMemberOf(ctx.db, ctx.network, memberId);
  if (!member) throw platformError('not_found');
  const country = memberCountry(member, requestCountry);
  const pricing = pricingFor(ctx.site, country);
  const bundle = pricing.bundles.find((b) => b.id === input.bundle);
  if (!bundle) throw invalidFields({ bundle: 'unknown_bundle' });
  const order = { amount: bundle.amount, currency: pricing.currency, country };
  const money = (amount: number) => formatMoney(amount, pricing.currency, words.locale);

  const tryCode = async (text: string): Promise<Candidate | DomainError> => {
    try {
      const found = await discountForOrder(ctx, memberId, text, order, member);
      return { code: found.code, percentage: found.percentage, kind: 'code', expires: null, then: null };
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
  };
  const active = await activeDiscount(ctx, memberId, requestCountry, member);
  const kept = input.keep ? await tryCode(input.keep) : null;
  // What stays whatever is typed: the page's code while it applies, else the active discount.
  const fallback: Candidate | null =
    kept && !(kept instanceof DomainError) && !(active && active.code === kept.code)
      ? kept
      : active && { ...active };
  const typedText = input.discountcode?.trim() ?? '';
  const typed = typedText ? await tryCode(typedText) : null;

  let chosen: Candidate | null = fallback;
  let notice: QuoteAnswer['notice'] = null;
  if (typed instanceof DomainError) {
    const reason =
      typed.code === 'code_minimum_order'
        ? t('credits.code_minimum_order', { minimum: money(Number(typed.details.minimum)) })
        : t(typed.messageKey);
    // The spec's short refusals ("Code not found") end without a full stop; two sentences need one.
    const sentence = /[.!?…]$/.test(reason) ? reason : `${reason}.`;
    notice = {
      error: typed.code,
      message: fallback
        ? `${sentence} ${t('credits.code_kept', { percentage: fallback.percentage })}`
        : reason,
    };
  } else if (typed) {
    if (fallback && fallback.code !== typed.code && fallback.percentage > typed.percentage) {
      notice = {
        error: 'code_weaker',
        message: t('credits.code_weaker', { code: typed.code, percentage: fallback.percentage }),
      };
    } else {
      chosen = active && active.code === typed.code ? { ...active } : typed;
    }
  }
  const total = chosen ? discountedAmount(bundle.amount, chosen.percentage) : bundle.amount;
  return {
    quote: {
      bundle: bundle.id,
      credits: bundle.credits,
      amount: bundle.amount,
      currency: pricing.currency,
      country,
      discount: chosen && {
        code: chosen.code,
        percentage: chosen.percentage,
        kind: chosen.kind,
        expires: chosen.expires,
        then: chosen.then && {
          ...chosen.then,
          total: discountedAmount(bundle.amount, chosen.then.percentage),
        },
      },
      total,
      formatted: { amount: money(bundle.amount), total: money(total) },
    },
    notice,
  };
}
