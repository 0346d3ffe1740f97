import {
  directDebitFieldMessage,
  directDebitInputSchema,
  isDirectDebitOrder,
  orderByDirectDebit,
  sendDirectDebitCode,
  smsInputSchema,
} from '../../features/payments/payments.directdebit.ts';
import { paymentsEndpoint } from '../../features/payments/index.ts';
import { json } from '../../server/http.ts';

const wantsSms = (url: URL) => url.searchParams.get('sms') === '1';

/**
 * `POST /api/directdebit.php?sms=1 { phone }` (member): `{ ok: true }`, a code is sent by SMS.
 * `POST /api/directdebit.php { bundle, code, iban, holder, street, zip, city, country, phone,
 * authorized: true }` (member): 201 `{ order, iban (masked), credits, balance }`; 422
 * `code_invalid`, `iban_invalid`; 403 `directdebit_blocked`, `directdebit_limit`.
 */
export const POST = paymentsEndpoint({
  member: true,
  body: ({ url }) => (wantsSms(url) ? smsInputSchema : directDebitInputSchema),
  fieldMessage: directDebitFieldMessage,
  handle: async ({ ctx, member, input }) =>
    isDirectDebitOrder(input)
      ? json(await orderByDirectDebit(ctx, member, input), 201)
      : sendDirectDebitCode(ctx, member, input),
});
