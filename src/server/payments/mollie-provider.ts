import { createMollieClient, type PaymentMethod } from '@mollie/api-client';
import {
  currencyDigits,
  decimalAmount,
  minorUnits,
  type NewPayment,
  type PaymentProvider,
  type ProviderStatus,
} from './provider.ts';

/*
 * Mollie (`MOLLIE_API_KEY`). Mollie's webhook posts `id=tr_…` and nothing else; the shop fetches
 * the payment back with the key, so a forged webhook can at most make the shop ask about a real
 * payment. `MOLLIE_API_URL` points the client at another address (the tests' stand-in).
 */

/** The spec's method ids that Mollie calls otherwise (cards are one method there). */
const MOLLIE_METHOD: Record<string, string> = {
  visa: 'creditcard',
  mastercard: 'creditcard',
  maestro: 'creditcard',
  cartebancaire: 'creditcard',
  dankort: 'creditcard',
  nexi: 'creditcard',
  prezelewy24: 'przelewy24',
  sct: 'banktransfer',
  sdd: 'directdebit',
};

const KNOWN_STATUSES = new Set<ProviderStatus>([
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
]);

export function createMollieProvider(options: {
  apiKey: string;
  apiUrl?: string | undefined;
}): PaymentProvider {
  const client = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiUrl ? { apiEndpoint: options.apiUrl.replace(/\/?$/, '/') } : {}),
  });
  return {
    name: 'mollie',
    async createPayment(payment: NewPayment) {
      const created = await client.payments.create({
        amount: {
          currency: payment.currency,
          value: decimalAmount(payment.amount, currencyDigits(payment.currency)),
        },
        description: payment.description,
        redirectUrl: payment.redirectUrl,
        webhookUrl: payment.webhookUrl,
        method: (MOLLIE_METHOD[payment.method] ?? payment.method) as PaymentMethod,
        metadata: { order: payment.reference },
        // Mollie refuses a second create with the same key: a retried order makes one payment.
        idempotencyKey: payment.reference,
      });
      const checkoutUrl = created.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie gave payment ${created.id} no checkout URL`);
      return { id: created.id, checkoutUrl };
    },
    async refundPayment(paymentId, amount, currency) {
      await client.paymentRefunds.create({
        paymentId,
        amount: { currency, value: decimalAmount(amount, currencyDigits(currency)) },
      });
    },
    async getPayment(id) {
      if (!/^tr_[A-Za-z0-9]+$/.test(id)) return undefined;
      try {
        const payment = await client.payments.get(id);
        const metadata = payment.metadata as { order?: unknown } | null;
        const status = payment.status as ProviderStatus;
        if (!KNOWN_STATUSES.has(status) || typeof metadata?.order !== 'string') return undefined;
        return {
          id: payment.id,
          status,
          reference: metadata.order,
          amount: minorUnits(payment.amount.value, currencyDigits(payment.amount.currency)),
          currency: payment.amount.currency,
        };
      } catch (error) {
        // An id Mollie does not know is a forged or stray webhook: nothing to apply.
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw error;
      }
    },
  };
}
