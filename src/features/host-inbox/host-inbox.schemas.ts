import { z } from 'zod';
import type { ChatMessage } from '../chat/index.ts';

/* The host inbox's calls (docs/console.md "Host inbox"): inputs checked by zod, answers typed. */

const id = z.string().trim().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid');

/** `GET /console/api/inbox.php[?cursor]` or `?conversation=ID`. */
export const inboxQuerySchema = z.object({
  conversation: id.optional(),
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** `GET /console/api/inbox-events.php[?conversation=ID]`: the list's or one conversation's live stream. */
export const inboxLiveQuerySchema = z.object({ conversation: id.optional() });
export type InboxLiveQuery = z.infer<typeof inboxLiveQuerySchema>;

/** `POST /console/api/inbox.php`: a reply as the profile; `honest` sends the honest answer. */
export const inboxReplySchema = z
  .object({
    conversation: id,
    type: z.enum(['text', 'image']).default('text'),
    text: z.string().max(10_000).optional(),
    photo: id.optional(),
    client_id: z.string().trim().min(8, 'client_id_invalid').max(64, 'client_id_invalid'),
    honest: z.boolean().optional(),
  })
  .refine((s) => s.honest === true || s.type !== 'text' || (s.text ?? '').trim().length > 0, {
    message: 'required',
    path: ['text'],
  })
  .refine((s) => s.type !== 'image' || s.photo !== undefined, { message: 'required', path: ['photo'] });
export type InboxReplyInput = z.infer<typeof inboxReplySchema>;

/** `POST|DELETE /console/api/inbox-claim.php`, `POST /console/api/inbox-typing.php`. */
export const inboxConversationSchema = z.object({ conversation: id });
export type InboxConversationInput = z.infer<typeof inboxConversationSchema>;

/** `POST /console/api/inbox-mark.php`: the member's message asks whether the profile is real. */
export const inboxMarkSchema = z.object({ conversation: id, message: id });
export type InboxMarkInput = z.infer<typeof inboxMarkSchema>;

/** `GET /console/api/inbox-stats.php?from&to&network` (days, UTC, inclusive; the last 7 days unless said). */
export const inboxStatsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  network: z.string().trim().min(1).max(64).optional(),
});
export type InboxStatsQuery = z.infer<typeof inboxStatsQuerySchema>;

export interface InboxClaim {
  staff: string;
  mine: boolean;
  /** Epoch ms when it lapses unless its host acts. */
  expires_at: number;
}

/** A site as the inbox names it: the member joined there, and its brand is what they see. */
export interface InboxSite {
  id: string;
  name: string;
}

export interface InboxEntry {
  conversation: string;
  network: string;
  /** The member's site (null when it is no longer served). */
  site: InboxSite | null;
  profile: { id: string; name: string };
  member: { id: string; name: string };
  /** When the member's newest message came (epoch ms): the list's order, oldest first. */
  waiting_since: number;
  last_type: string;
  claim: InboxClaim | null;
}

export interface InboxPage {
  conversations: InboxEntry[];
  next: string | null;
}

export interface InboxMember {
  id: string;
  name: string;
  gender: string;
  seeking: string;
  age: number;
  country: string;
  region: string | null;
  /** The region's name (country-region-data), null where the code names none. */
  region_name: string | null;
  city: string | null;
  text: string | null;
  site: string | null;
  /** The name of the member's site, as the member sees it (null when it is no longer served). */
  site_name: string | null;
  language: string;
  premium: boolean;
  member_since: number | null;
}

export interface InboxConversation {
  conversation: string;
  network: string;
  profile: { id: string; name: string; fictional: true };
  member: InboxMember;
  messages: Array<ChatMessage & { asks_if_real: boolean }>;
  claim: InboxClaim | null;
  /** The member asked whether the profile is real: only the honest answer can be sent. */
  honest: { required: boolean; question: string | null; text: string };
}

export interface InboxStats {
  from: string;
  to: string;
  hosts: Array<{ staff: string; replies: number; median_seconds: number; average_seconds: number }>;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /console/api/inbox.php': {
      body: z.input<typeof inboxReplySchema>;
      answer: { message: ChatMessage; honest: boolean };
    };
    'POST /console/api/inbox-claim.php': { body: InboxConversationInput; answer: { claim: InboxClaim } };
    'DELETE /console/api/inbox-claim.php': { body: InboxConversationInput; answer: { ok: true } };
    'POST /console/api/inbox-typing.php': { body: InboxConversationInput; answer: { ok: true } };
    'POST /console/api/inbox-mark.php': { body: InboxMarkInput; answer: { ok: true } };
  }
}
