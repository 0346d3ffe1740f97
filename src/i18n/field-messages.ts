import type { MessageKey, MessageVars } from './index.ts';

/**
 * The words of the field codes every form shares: a missing value, a value too long or too
 * short, an address that is none, and anything else wrong. A feature words its own codes first
 * and hands the rest here, so a member reads a sentence beside the field, never zod's English
 * ("Invalid email") and never a sentence about "highlighted fields" beside one field.
 */
export const GENERAL_FIELD_MESSAGES: Readonly<Record<string, MessageKey>> = {
  required: 'field.required',
  too_long: 'field.too_long',
  too_short: 'field.too_short',
  email_invalid: 'field.email_invalid',
  invalid: 'field.invalid',
};

/** A shared field code in the member's language; any code not known here reads as `invalid`. */
export function generalFieldMessage(
  t: (key: MessageKey, vars?: MessageVars) => string,
  code: string,
): string {
  return t(GENERAL_FIELD_MESSAGES[code] ?? 'field.invalid');
}
