import { moderationDecisionSchema, type QueuedContent } from '../../lib/moderation-decision.ts';
import type { z } from '../../lib/zod.ts';
import { TEXT_REJECTION_REASONS } from './profiles.text-moderation.constants.ts';

/* The console's text queue calls (docs/console.md): their input and answer shapes. */

export { TEXT_REJECTION_REASONS, type TextRejectionReason } from './profiles.text-moderation.constants.ts';

/** `PUT /console/api/texts.php`: approve, or reject with a reason (and a note, required with `other`). */
export const textDecisionSchema = moderationDecisionSchema(TEXT_REJECTION_REASONS);
export type TextDecisionInput = z.infer<typeof textDecisionSchema>;

/** A changed text in the queue as the console shows it. */
export interface QueuedText extends QueuedContent {
  field: 'text' | 'name';
  /** `pre`: held back until approved; `post`: shown already. */
  mode: 'pre' | 'post';
  value: string;
  previous: string | null;
  /** ISO 8601. */
  submitted_at: string;
}

export interface TextQueuePage {
  texts: QueuedText[];
  next: string | null;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /console/api/texts.php': { body: undefined; answer: TextQueuePage };
    'PUT /console/api/texts.php': {
      body: TextDecisionInput;
      answer: { text: { id: string; status: 'approved' | 'rejected' } };
    };
  }
}
