import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import { z } from '../../lib/zod.ts';
import { REPORT_REASONS, REPORT_TEXT_MAX } from './reports.constants.ts';

export { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from './reports.constants.ts';

function optionalText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** `POST /api/report.php` (API.md "Safety and moderation"). */
export const reportInputSchema = z.strictObject({
  profile: z.string({ error: 'required' }).min(1, { error: 'required' }).max(64, { error: 'invalid' }),
  reason: z.enum(REPORT_REASONS, { error: 'reason_invalid' }),
  text: z.preprocess(optionalText, z.string({ error: 'invalid' }).max(REPORT_TEXT_MAX).optional()),
  message: z.preprocess(optionalText, z.string({ error: 'invalid' }).max(64).optional()),
  block: z.boolean({ error: 'invalid' }).optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

/** Field codes of the reports feature, beside the shared ones. */
export const REPORT_SELF = 'report_self';
export const MESSAGE_UNKNOWN = 'message_unknown';

const FIELD_MESSAGES: Record<string, MessageKey> = {
  reason_invalid: 'reports.field.reason_invalid',
  [REPORT_SELF]: 'reports.field.report_self',
  [MESSAGE_UNKNOWN]: 'reports.field.message_unknown',
};

/** The words of the reports feature's field codes in a 422. */
export function reportFieldMessage(t: Translate, code: string): string {
  const key = FIELD_MESSAGES[code];
  return key ? t(key) : generalFieldMessage(t, code);
}

/** The browser's call of the reports feature. */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /api/report.php': { body: ReportInput; answer: { report: { id: string } } };
    /** The queue (`{ items, next }`), or one item with `?id` (`QueueDetail`). */
    'GET /console/api/reports.php': { body: undefined; answer: QueuePage | QueueDetail };
    'PUT /console/api/reports.php': { body: z.input<typeof decisionInputSchema>; answer: { ok: true } };
  }
}

/* The console's queue (docs/console.md). */

export const QUEUE_KINDS = ['report', 'complaint'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

export const queueQuerySchema = z.strictObject({
  id: z.string().max(64).optional(),
  kind: z.enum(QUEUE_KINDS).optional(),
  network: z.string().max(64).optional(),
  cursor: z.string().max(200).optional(),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const DECISIONS = ['dismiss', 'resolved'] as const;
export type Decision = (typeof DECISIONS)[number];

export const decisionInputSchema = z.strictObject({
  id: z.string().min(1).max(64),
  kind: z.enum(QUEUE_KINDS).default('report'),
  decision: z.enum(DECISIONS),
  note: z.preprocess(optionalText, z.string().max(2000).optional()),
});
export type DecisionInput = z.infer<typeof decisionInputSchema>;

/** One item of the queue as the console lists it. */
export interface QueueItem {
  kind: QueueKind;
  id: string;
  network: string;
  site: string;
  /** A report's reason, a complaint's category. */
  reason: string;
  severity: number;
  /** The reported profile's public id, if any. */
  profile: string | null;
  profile_name: string | null;
  text: string | null;
  /** How many times the reporter repeated it. */
  count: number;
  /** ISO 8601. */
  created_at: string;
}

export interface QueuePage {
  items: QueueItem[];
  next: string | null;
}

/** An earlier (or parallel) report or complaint about the same profile, with its decision. */
export interface HistoryEntry {
  kind: QueueKind;
  id: string;
  reason: string;
  status: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  outcome: string | null;
}

export interface QueueDetail {
  item: QueueItem & {
    status: string;
    message_ids: string[];
    decided_at: string | null;
    outcome: string | null;
  };
  profile: {
    id: string;
    name: string;
    age: number;
    birthdate: string;
    gender: string;
    city: string | null;
    country: string;
    text: string | null;
    fictional: boolean;
    status: string;
    hidden_pending_review: boolean;
    photos: Array<{ id: string; url: string; status: string; main: boolean }>;
  } | null;
  /** The reported messages with the conversation around them; null when none were reported. */
  conversation: Array<{
    id: string;
    from: 'reported' | 'reporter';
    type: string;
    text: string | null;
    at: string;
    reported: boolean;
  }> | null;
  history: HistoryEntry[];
}
