import { DomainError } from '../../server/errors.ts';
import { sanctionsContext } from './sanctions.context.ts';
import { appealInputSchema } from './sanctions.schemas.ts';
import { submitAppeal } from './sanctions.service.ts';

/** What the appeal page shows after a form posted without script. */
export type AppealOutcome = { kind: 'sent' } | { kind: 'refused'; message: string };

/** The appeal form posted to the page: the same rules and words as `POST /api/appeal.php`. */
export async function submitAppealForm(
  locals: App.Locals,
  values: { token: string; text: string },
): Promise<AppealOutcome> {
  const parsed = appealInputSchema.safeParse(values);
  if (!parsed.success) return { kind: 'refused', message: locals.t('field.required') };
  try {
    await submitAppeal(sanctionsContext(locals), locals.site.network, parsed.data);
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof DomainError)
      return { kind: 'refused', message: locals.t(error.messageKey, error.vars) };
    throw error;
  }
}
