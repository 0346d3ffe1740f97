import { newId } from '../../db/ids.ts';
import { addressKey } from '../../server/address.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { ComplaintInput } from './complaints.schemas.ts';
import { profileExists } from '../profiles/index.ts';
import { insertComplaint } from './complaints.repository.ts';

/**
 * Complaints a visitor may file from one address per site in a window: enough for someone with
 * several real problems, too few to flood the moderators' queue.
 */
export const COMPLAINT_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

export type ComplaintErrorCode = 'rate_limited' | 'profile_not_found';

export class ComplaintError extends Error {
  readonly code: ComplaintErrorCode;
  /** Seconds until the next complaint is accepted (rate_limited). */
  readonly retryAfter: number | undefined;
  constructor(code: ComplaintErrorCode, retryAfter?: number) {
    super(code);
    this.name = 'ComplaintError';
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export interface Reporter {
  /** The logged-in member, if any. */
  memberId: string | null;
  /** The address the request came from (the limit counts per address). */
  ip: string;
}

/**
 * Files a complaint for the site's moderators. The limit is counted first, so guessing profile
 * ids is as limited as complaining; a named profile must exist in the site's network.
 */
export async function fileComplaint(
  ctx: ServiceContext,
  input: ComplaintInput,
  reporter: Reporter,
): Promise<{ id: string }> {
  const now = ctx.clock.now();
  // A fixed window: the wait a refusal names never exceeds the hour the limit promises.
  const decision = await ctx.rateLimiter.consumeFixed(
    `complaint:${ctx.site.id}:${addressKey(reporter.ip)}`,
    COMPLAINT_LIMIT,
    now,
  );
  if (!decision.allowed) throw new ComplaintError('rate_limited', decision.retryAfter);
  if (input.profile !== undefined && !(await profileExists(ctx.db, ctx.network, input.profile))) {
    throw new ComplaintError('profile_not_found');
  }
  const id = newId();
  await insertComplaint(ctx.db, ctx.network, {
    id,
    siteId: ctx.site.id,
    reporterMemberId: reporter.memberId,
    profileId: input.profile ?? null,
    category: input.category,
    text: input.text,
    email: input.email ?? null,
    createdAt: now,
  });
  ctx.log.info(`complaint ${id} on ${ctx.site.id}: ${input.category}`);
  return { id };
}
