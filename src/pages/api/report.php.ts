import { fileReport, reportFieldMessage, reportInputSchema } from '../../features/reports/index.ts';
import { endpoint, methodNotAllowed } from '../../server/endpoint.ts';
import { json } from '../../server/http.ts';

/**
 * `POST /api/report.php { profile, reason, text?, message?, block? }` (member): 201
 * `{ report: { id } }`; 422 (`profile: report_self`, `message: message_unknown`); 404 for a
 * profile not of the network; 429 `rate_limited` past the daily limit.
 */
export const POST = endpoint({
  member: true,
  body: reportInputSchema,
  fieldMessage: reportFieldMessage,
  handle: async ({ ctx, member, input }) => json(await fileReport(ctx, member.profileId, input), 201),
});

export const ALL = methodNotAllowed;
