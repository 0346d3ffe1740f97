import { z } from '../../lib/zod.ts';
import type { BuiltinCode, DiscountBatch } from '../credits/index.ts';

/*
 * The console's codes (docs/console.md "Codes"): discount codes, invite codes and mailings.
 * Inputs and answers, for both sides.
 */

const text = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'invalid');
/** A day (from its start, UTC) or a moment. */
const moment = z.iso.datetime({ offset: true, error: 'invalid' }).or(z.iso.date({ error: 'invalid' }));
/** A whole number from 1 to `max`; `code` says which range the field beside it needs. */
const count = (max: number, code: string) =>
  z.coerce.number({ error: code }).int(code).min(1, code).max(max, code);

/** `code` for a value that is there but wrong; a value left out is `required`. */
const missingOr = (code: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : code;

const upper = (pattern: RegExp, code = 'invalid') =>
  z
    .string({ error: missingOr(code) })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(pattern, code));

/** How many single-use codes one batch may make (a CSV a mailing tool takes in one go). */
export const MAX_SINGLE_USE_BATCH = 5000;

/** A code typed by hand: letters, digits, `-` and `_`, 4 to 32 characters (upper-cased). */
export const TYPED_CODE = /^[A-Z0-9][A-Z0-9_-]{3,31}$/;

export const networkQuerySchema = z.object({ network: text(64) });
export type NetworkQuery = z.infer<typeof networkQuerySchema>;

const discountCommon = {
  network: text(64),
  /** One site of the network; every site of it when absent. */
  site: text(64).optional(),
  percentage: count(100, 'percentage_range'),
  /** Minimum order amount in minor units of `currency`. */
  minimum: count(10_000_000, 'amount_positive').optional(),
  currency: upper(/^[A-Z]{3}$/).optional(),
  country: upper(/^[A-Z]{2}$/).optional(),
  valid_from: moment.optional(),
  valid_until: moment.optional(),
};

export const discountCreateSchema = z
  .discriminatedUnion('kind', [
    z.object({
      action: z.literal('create'),
      kind: z.literal('single'),
      ...discountCommon,
      count: count(MAX_SINGLE_USE_BATCH, 'batch_size'),
    }),
    z.object({
      action: z.literal('create'),
      kind: z.literal('multi'),
      ...discountCommon,
      code: upper(TYPED_CODE, 'code_format'),
      max_uses: count(10_000_000, 'whole_number').optional(),
    }),
  ])
  .refine((v) => v.minimum === undefined || v.currency !== undefined, {
    path: ['currency'],
    message: 'required',
  });
export type DiscountCreateInput = z.infer<typeof discountCreateSchema>;

export const disableSchema = z.object({ action: z.literal('disable'), network: text(64), id: text(64) });
export type DisableInput = z.infer<typeof disableSchema>;

export const discountActionSchema = z.discriminatedUnion('action', [discountCreateSchema, disableSchema]);
export type DiscountActionInput = z.infer<typeof discountActionSchema>;

/** A batch of discount codes as the console lists it. */
export type DiscountBatchView = DiscountBatch;

/** A code the network has without the console: listed read only, marked built in. */
export type BuiltinCodeView = BuiltinCode;

export type DiscountAnswer = { batch: DiscountBatchView; codes: string[] } | { disabled: number };

export const inviteCreateSchema = z.object({
  action: z.literal('create'),
  network: text(64),
  site: text(64).optional(),
  code: z
    .string({ error: missingOr('invite_code_format') })
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9][a-z0-9_-]{3,63}$/, 'invite_code_format')),
  max_uses: count(10_000_000, 'whole_number').optional(),
  valid_until: moment.optional(),
});
export type InviteCreateInput = z.infer<typeof inviteCreateSchema>;
export const inviteActionSchema = z.discriminatedUnion('action', [inviteCreateSchema, disableSchema]);
export type InviteActionInput = z.infer<typeof inviteActionSchema>;

export interface InviteView {
  id: string;
  code: string;
  network: string;
  site: string | null;
  max_uses: number | null;
  uses: number;
  valid_until: string | null;
  active: boolean;
  created_at: string;
}

export const MAILING_CATEGORIES = ['promotions', 'news'] as const;

export const mailingCreateSchema = z.object({
  action: z.literal('create'),
  site: text(64),
  category: z.enum(MAILING_CATEGORIES, { error: 'invalid' }),
  locale: text(8),
  subject: text(200),
  /** Plain text; an empty line starts a new paragraph. */
  text: text(20_000),
});
export type MailingCreateInput = z.infer<typeof mailingCreateSchema>;
export const mailingSendSchema = z.object({ action: z.literal('send'), id: text(64) });
/** Once to the staff member's own address, before the send. */
export const mailingTestSchema = z.object({ action: z.literal('test'), id: text(64) });
export const mailingActionSchema = z.discriminatedUnion('action', [
  mailingCreateSchema,
  mailingSendSchema,
  mailingTestSchema,
]);
export type MailingActionInput = z.infer<typeof mailingActionSchema>;

export interface MailingView {
  id: string;
  network: string;
  site: string;
  category: (typeof MAILING_CATEGORIES)[number];
  locale: string;
  subject: string;
  text: string;
  created_at: string;
  /** When the send was asked for. */
  sent_at: string | null;
  /** Members mailed so far. */
  sent: number;
  /** draft (not asked), queued (the job has not started), sending (batches under way), sent. */
  status: MailingStatus;
}

export type MailingStatus = 'draft' | 'queued' | 'sending' | 'sent';

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /console/api/codes.php': {
      body: undefined;
      answer: { batches: DiscountBatchView[]; builtin: BuiltinCodeView[] };
    };
    'POST /console/api/codes.php': { body: DiscountActionInput; answer: DiscountAnswer };
    'GET /console/api/invites.php': { body: undefined; answer: { invites: InviteView[] } };
    'POST /console/api/invites.php': {
      body: InviteActionInput;
      answer: { invite: InviteView } | { disabled: number };
    };
    'GET /console/api/mailings.php': {
      body: undefined;
      answer: { mailings: MailingView[]; counts: { queued: number; sending: number; sent: number } };
    };
    'POST /console/api/mailings.php': {
      body: MailingActionInput;
      /** `tested`: where the test of `action: 'test'` went. */
      answer: { mailing: MailingView } | { tested: { to: string } };
    };
  }
}
