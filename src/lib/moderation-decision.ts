import { z } from './zod.ts';

/*
 * What the console's moderation queues (photos, texts) take from a moderator, for both sides:
 * a page of the queue by its cursor, and a decision on one item; and what every queued item
 * shows, whatever its content.
 */

/** `GET` of a queue: `?cursor` of the page to go on from. */
export const queuePageQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/**
 * `PUT` of a queue: approve, or reject with one of the queue's `reasons` (and a note, required
 * with `other`).
 */
export function moderationDecisionSchema<const Reasons extends readonly [string, ...string[]]>(
  reasons: Reasons,
) {
  return z
    .discriminatedUnion('decision', [
      z.strictObject({ id: z.string().min(1).max(64), decision: z.literal('approve') }),
      z.strictObject({
        id: z.string().min(1).max(64),
        decision: z.literal('reject'),
        reason: z.enum(reasons, { error: 'invalid' }),
        note: z.string().max(500, { error: 'too_long' }).optional(),
      }),
    ])
    .superRefine((input, check) => {
      if (input.decision === 'reject' && input.reason === 'other' && !input.note?.trim())
        check.addIssue({ code: 'custom', path: ['note'], message: 'required' });
    });
}

/** What every queued photo or text shows first: its id, where it is, and whose it is. */
export interface QueuedContent {
  id: string;
  network: string;
  site: string;
  site_name: string;
  member: { name: string; age: number };
}
