import {
  applyPaymentUpdate,
  paymentsEndpoint,
  webhookBodySchema,
  webhookQuerySchema,
} from '../../features/payments/index.ts';
import { platformError } from '../../server/errors.ts';

/**
 * `POST /api/payment-webhook.php?provider=P` with the provider's payment id only (Mollie posts
 * `id=tr_…` as a form). Nothing in it is believed: the status is fetched back from the provider
 * and applied once. Answers 200 for any id, known or not, so a prober learns nothing.
 */
export const POST = paymentsEndpoint({
  body: webhookBodySchema,
  accept: 'form',
  handle: async ({ ctx, input, context }) => {
    const query = webhookQuerySchema.safeParse(Object.fromEntries(context.url.searchParams));
    if (!query.success) throw platformError('not_found');
    await applyPaymentUpdate(ctx, query.data.provider, input.id);
    return { ok: true };
  },
});
