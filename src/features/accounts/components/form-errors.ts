import { isApiError } from '../../../lib/api-client.ts';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { fieldErrorMessage, fieldErrors } from '../accounts.schemas.ts';
import type { z } from 'zod';

/** Field name → the message the member reads. */
export type FieldMessages = Record<string, string | undefined>;

/** Field codes (from the shared schema or a 422 answer) as messages in the page's language. */
export function fieldMessages(
  codes: Record<string, string>,
  t: IslandTranslate,
  minAge: number,
): FieldMessages {
  const out: FieldMessages = {};
  for (const [field, code] of Object.entries(codes)) out[field] = fieldErrorMessage(t, code, minAge);
  return out;
}

/** The messages of a failed parse of the shared schema, before anything is sent. */
export function parseMessages(error: z.ZodError, t: IslandTranslate, minAge: number): FieldMessages {
  return fieldMessages(fieldErrors(error), t, minAge);
}

/**
 * What a failed call says to the member: the server's message (already in the page's
 * language), or the generic "try again later" when no answer came.
 */
export function requestErrorMessage(error: unknown, t: IslandTranslate): string {
  return (isApiError(error) && error.message) || t('error.try_later');
}
