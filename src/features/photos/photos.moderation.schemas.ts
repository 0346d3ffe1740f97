import { z } from '../../lib/zod.ts';
import { PHOTO_REJECTION_REASONS } from './photos.types.ts';

/* The console's photo queue calls (docs/console.md): their input and answer shapes. */

/** `GET /console/api/photos.php?cursor`. */
export const photoQueueQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** `PUT /console/api/photos.php`: approve, or reject with a reason (and a note, required with `other`). */
export const photoDecisionSchema = z
  .discriminatedUnion('decision', [
    z.strictObject({ id: z.string().min(1).max(64), decision: z.literal('approve') }),
    z.strictObject({
      id: z.string().min(1).max(64),
      decision: z.literal('reject'),
      reason: z.enum(PHOTO_REJECTION_REASONS, { error: 'invalid' }),
      note: z.string().max(500, { error: 'too_long' }).optional(),
    }),
  ])
  .superRefine((input, check) => {
    if (input.decision === 'reject' && input.reason === 'other' && !input.note?.trim())
      check.addIssue({ code: 'custom', path: ['note'], message: 'required' });
  });
export type PhotoDecisionInput = z.infer<typeof photoDecisionSchema>;

/** A photo in the queue as the console shows it. */
export interface QueuedPhoto {
  id: string;
  network: string;
  site: string;
  site_name: string;
  member: { name: string; age: number };
  /** `pending` on a pre-moderated site; `active` (already shown) on a post-moderated one. */
  status: 'pending' | 'active';
  /** ISO 8601. */
  uploaded_at: string;
  /** The large preview, through the console's own media route (never the public one). */
  preview: string;
}

export interface PhotoQueuePage {
  photos: QueuedPhoto[];
  /** The cursor of the next page, or null at the end. */
  next: string | null;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /console/api/photos.php': { body: undefined; answer: PhotoQueuePage };
    'PUT /console/api/photos.php': {
      body: PhotoDecisionInput;
      answer: { photo: { id: string; status: 'active' | 'rejected' } };
    };
  }
}
