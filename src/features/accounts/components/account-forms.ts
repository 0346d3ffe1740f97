import type { IslandTranslate } from '../../shell/island-i18n.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { requestErrorMessage, type FieldMessages, type Refusal } from '../../shell/form.ts';
import { fieldErrorMessage, fieldErrors, type User } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import type { z } from 'zod';

export type { FieldMessages };

/** How the accounts forms word problems: the spec's field messages with the site's `min_age`. */
export function accountWords(t: IslandTranslate, minAge: number) {
  return {
    fieldMessage: (code: string) => fieldErrorMessage(t, code, minAge),
    failureMessage: (error: unknown) => requestErrorMessage(error, t),
  };
}

/** The check of a form by the shared schema the server applies too: field codes, or none. */
export function schemaCheck(schema: z.ZodType) {
  return (values: unknown): Record<string, string> | undefined => {
    const parsed = schema.safeParse(values);
    return parsed.success ? undefined : fieldErrors(parsed.error);
  };
}

/**
 * The ending of a form sent from an e-mailed link (new password, reactivation): the answer logs
 * the member in and the page moves on to `after`; a used or expired link says so instead.
 */
export function logsInFromLink({
  after,
  onDone,
  onLinkInvalid,
  invalidCodes = ['link_invalid'],
}: {
  after: string;
  onDone: () => void;
  onLinkInvalid: () => void;
  /** The error codes that mean the link is no good. */
  invalidCodes?: readonly string[];
}) {
  return {
    leaves: true,
    done: ({ user }: { user: User }) => {
      setUser(user);
      onDone();
      location.assign(after);
    },
    refused: (error: ApiError): Refusal | undefined => {
      if (!invalidCodes.includes(error.code)) return undefined;
      onLinkInvalid();
      return 'handled';
    },
  };
}
