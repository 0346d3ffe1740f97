import type { ServiceContext } from '../../server/context.ts';
import { announceBalance, bookCredits } from './credits.ledger.ts';

/**
 * The site's `signup_credits`, booked once when the account is activated. The entry references
 * the member, so the ledger itself refuses a second grant: another click on the activation link,
 * or two clicks at once, books nothing more.
 */
export async function grantSignupCredits(
  ctx: ServiceContext,
  memberId: string,
  siteId: string,
): Promise<void> {
  const credits = ctx.site.signupCredits;
  if (credits <= 0) return;
  const booked = await ctx.db.transaction().execute((trx) =>
    bookCredits(trx, {
      network: ctx.network,
      siteId,
      memberId,
      delta: credits,
      reason: 'signup',
      reference: memberId,
      now: ctx.clock.now(),
    }),
  );
  if (!booked.replay) await announceBalance(ctx, memberId, booked.balance);
}
