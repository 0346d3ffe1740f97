import type { ServiceContext } from '../../server/context.ts';
import { pricingFor } from '../pages/index.ts';
import { premiumClaim } from './credits.claim.ts';
import { discountMemberOf } from './credits.discounts.repository.ts';
import { activeDiscount, memberCountry, type ActiveDiscount } from './credits.discounts.ts';

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
    member ? activeDiscount(ctx, member.id, requestCountry) : Promise.resolve(null),
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
