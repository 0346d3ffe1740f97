import { sanctionsEndpoint } from '../../features/sanctions/sanctions.context.ts';
import { appealInputSchema } from '../../features/sanctions/sanctions.schemas.ts';
import { submitAppeal } from '../../features/sanctions/sanctions.service.ts';
import { json } from '../../server/http.ts';

/**
 * `POST /api/appeal.php { token, text }` (API.md "Safety and moderation"): the token of a
 * statement of reasons e-mail (to the member, or to a reporter) → 201 `{ appeal: { id } }`; 400
 * `link_invalid`; 409 `appeal_open` while the decision has an open appeal.
 */
export const POST = sanctionsEndpoint({
  body: appealInputSchema,
  perAddress: { name: 'appeal', rule: (site) => site.rateLimits.signupIp },
  async handle({ ctx, locals, input }) {
    return json(await submitAppeal(ctx, locals.site.network, input), 201);
  },
});
