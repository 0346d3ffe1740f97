import { moderationDecisionSchema, type QueuedContent } from '../../lib/moderation-decision.ts';
import type { z } from '../../lib/zod.ts';
import { PHOTO_REJECTION_REASONS } from './photos.types.ts';

/* The console's photo queue calls (docs/console.md): their input and answer shapes. */

/** `PUT /console/api/photos.php`: approve, or reject with a reason (and a note, required with `other`). */
export const photoDecisionSchema = moderationDecisionSchema(PHOTO_REJECTION_REASONS);
export type PhotoDecisionInput = z.infer<typeof photoDecisionSchema>;

/** A photo in the queue as the console shows it. */
export interface QueuedPhoto extends QueuedContent {
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
