import { z } from '../../lib/zod.ts';

/** What a complaint can be about; the form offers them in this order. */
export const COMPLAINT_CATEGORIES = [
  'fake_profile',
  'harassment',
  'inappropriate_content',
  'underage',
  'scam',
  'payment',
  'privacy',
  'technical',
  'other',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_TEXT_MIN = 20;
export const COMPLAINT_TEXT_MAX = 5000;

const ID = '[0-9a-hjkmnp-tv-z]{16}';
/** A bare profile id (opaque base32, see src/db/ids.ts). */
const BARE_ID = new RegExp(`^(${ID})$`, 'i');
/** The profile's address pasted instead (`https://site/de/members/<id>/…`). */
const PROFILE_URL = new RegExp(`/members/(${ID})(?:[/?#]|$)`, 'i');

/** The profile id a visitor typed or pasted, or undefined when the value holds none. */
export function profileIdFrom(value: string): string | undefined {
  return (BARE_ID.exec(value) ?? PROFILE_URL.exec(value))?.[1]?.toLowerCase();
}

function optionalText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * `POST /api/complaint.php` (API.md): `{ profile?, category, text, email? }`. Each message is the
 * field code the 422 answer carries in `fields`.
 */
export const complaintInput = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, { error: 'category_invalid' }),
  text: z
    .string({ error: 'text_required' })
    .trim()
    .min(1, { error: 'text_required' })
    .min(COMPLAINT_TEXT_MIN, { error: 'text_too_short' })
    .max(COMPLAINT_TEXT_MAX, { error: 'text_too_long' }),
  profile: z.preprocess(
    optionalText,
    z
      .string({ error: 'profile_invalid' })
      .max(500, { error: 'profile_invalid' })
      .refine((value) => profileIdFrom(value) !== undefined, { error: 'profile_invalid' })
      .transform((value) => profileIdFrom(value)!)
      .optional(),
  ),
  email: z.preprocess(
    optionalText,
    z.email({ error: 'email_invalid' }).max(254, { error: 'email_invalid' }).optional(),
  ),
});
export type ComplaintInput = z.infer<typeof complaintInput>;

/** The field codes a 422 may carry, each with the message the form shows. */
export const COMPLAINT_FIELD_CODES = [
  'category_invalid',
  'text_required',
  'text_too_short',
  'text_too_long',
  'profile_invalid',
  'profile_not_found',
  'email_invalid',
] as const;
export type ComplaintFieldCode = (typeof COMPLAINT_FIELD_CODES)[number];

/** The code of a field whose problem has no code of its own (a wrong type, say). */
const FIELD_FALLBACK: Record<keyof ComplaintInput, ComplaintFieldCode> = {
  category: 'category_invalid',
  text: 'text_required',
  profile: 'profile_invalid',
  email: 'email_invalid',
};

/** Field name → code, from a failed parse (the first problem of each field). */
export function fieldCodes(error: z.ZodError): Partial<Record<keyof ComplaintInput, ComplaintFieldCode>> {
  const fields: Partial<Record<keyof ComplaintInput, ComplaintFieldCode>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in FIELD_FALLBACK)) continue;
    const name = field as keyof ComplaintInput;
    if (fields[name]) continue;
    const known = (COMPLAINT_FIELD_CODES as readonly string[]).includes(issue.message);
    fields[name] = known ? (issue.message as ComplaintFieldCode) : FIELD_FALLBACK[name];
  }
  return fields;
}
