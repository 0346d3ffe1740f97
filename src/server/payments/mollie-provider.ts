import {
  createMollieClient,
  MandateStatus,
  PaymentEmbed,
  SequenceType,
  type PaymentMethod,
} from '@mollie/api-client';
import {
  currencyDigits,
  decimalAmount,
  minorUnits,
  type NewPayment,
  type PaymentProvider,
  type ProviderReturn,
  type ProviderStatus,
  type StoredMethod,
} from './provider.ts';

/*
 * Mollie (`MOLLIE_API_KEY`). Mollie's webhook posts `id=tr_…` and nothing else; the shop fetches
 * the payment back with the key, so a forged webhook can at most make the shop ask about a real
 * payment. `MOLLIE_API_URL` points the client at another address (the tests' stand-in).
 *
 * Repeat orders use Mollie's recurring payments: a card or PayPal order is paid as the `first`
 * payment of the member's Mollie customer, which leaves a mandate on that customer once paid; a
 * repeat is a `recurring` payment on the customer, charged to that mandate without a checkout.
 */

/** An amount in minor units as Mollie writes it: the currency and an exact decimal string. */
function mollieAmount(money: Pick<NewPayment, 'amount' | 'currency'>) {
  return { currency: money.currency, value: decimalAmount(money.amount, currencyDigits(money.currency)) };
}

type MollieClient = ReturnType<typeof createMollieClient>;

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

/** The mandate a first payment with one of the spec's methods leaves at Mollie. */
const mandateMethod = (method: string) => MOLLIE_METHOD[method] ?? method;

/** Mollie answers 404 for an id it does not know (410 for a customer deleted since). */
const isUnknown = (error: unknown) => [404, 410].includes((error as { statusCode?: number }).statusCode ?? 0);

/** The newest valid mandate of the customer for the stored method's kind (card or PayPal), if any. */
async function validMandate(client: MollieClient, stored: StoredMethod): Promise<string | undefined> {
  if (!stored.customerId) return undefined;
  try {
    // Mollie lists a customer's mandates newest first.
    const mandates = await client.customerMandates.page({ customerId: stored.customerId });
    const wanted = mandateMethod(stored.method);
    return mandates.find((m) => m.status === MandateStatus.valid && String(m.method) === wanted)?.id;
  } catch (error) {
    if (isUnknown(error)) return undefined;
    throw error;
  }
}

const KNOWN_STATUSES = new Set<ProviderStatus>([
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
]);

/** Refunds that give nothing back: Mollie failed them, or they were cancelled before paid out. */
const UNDONE_REFUNDS = new Set(['failed', 'canceled']);

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
        amount: mollieAmount(payment),
        description: payment.description,
        redirectUrl: payment.redirectUrl,
        webhookUrl: payment.webhookUrl,
        method: mandateMethod(payment.method) as PaymentMethod,
        metadata: { order: payment.reference },
        ...(payment.customerId ? { customerId: payment.customerId, sequenceType: SequenceType.first } : {}),
        // Mollie refuses a second create with the same key: a retried order makes one payment.
        idempotencyKey: payment.reference,
      });
      const checkoutUrl = created.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie gave payment ${created.id} no checkout URL`);
      return { id: created.id, checkoutUrl };
    },
    async createCustomer({ reference }) {
      // No name or address: the customer only holds mandates; the member is named by id alone.
      const customer = await client.customers.create({
        metadata: { member: reference },
        idempotencyKey: `customer-${reference}`,
      });
      return customer.id;
    },
    async chargeRecurring(stored, payment) {
      const mandateId = await validMandate(client, stored);
      if (!mandateId) return undefined;
      const created = await client.payments.create({
        amount: mollieAmount(payment),
        description: payment.description,
        webhookUrl: payment.webhookUrl,
        customerId: stored.customerId!,
        mandateId,
        sequenceType: SequenceType.recurring,
        metadata: { order: payment.reference },
        idempotencyKey: payment.reference,
      });
      return { id: created.id, status: created.status as ProviderStatus };
    },
    async refundPayment(paymentId, amount, currency) {
      await client.paymentRefunds.create({
        paymentId,
        amount: mollieAmount({ amount, currency }),
      });
    },
    async getPayment(id) {
      if (!/^tr_[A-Za-z0-9]+$/.test(id)) return undefined;
      try {
        // Refunds and chargebacks come embedded, each with its own id: the shop books each once.
        const payment = await client.payments.get(id, {
          embed: [PaymentEmbed.refunds, PaymentEmbed.chargebacks],
        });
        const metadata = payment.metadata as { order?: unknown } | null;
        const status = payment.status as ProviderStatus;
        if (!KNOWN_STATUSES.has(status) || typeof metadata?.order !== 'string') return undefined;
        const minor = (money: { value: string; currency: string } | undefined) =>
          money ? minorUnits(money.value, currencyDigits(money.currency)) : 0;
        return {
          id: payment.id,
          status,
          reference: metadata.order,
          amount: minor(payment.amount),
          currency: payment.amount.currency,
          // Mollie calls the payment's webhook again when a refund or a chargeback happens.
          returns: [
            ...(payment._embedded?.refunds ?? [])
              .filter((refund) => !UNDONE_REFUNDS.has(String(refund.status)))
              .map((refund): ProviderReturn => ({
                id: refund.id,
                kind: 'refund',
                amount: minor(refund.amount),
                createdAt: Date.parse(refund.createdAt),
              })),
            ...(payment._embedded?.chargebacks ?? [])
              // A chargeback the bank reversed gave the money back to the shop after all.
              .filter((chargeback) => !chargeback.reversedAt)
              .map((chargeback): ProviderReturn => ({
                id: chargeback.id,
                kind: 'chargeback',
                amount: minor(chargeback.amount),
                createdAt: Date.parse(chargeback.createdAt),
              })),
          ],
        };
      } catch (error) {
        // An id Mollie does not know is a forged or stray webhook: nothing to apply.
        if (isUnknown(error)) return undefined;
        throw error;
      }
    },
  };
}
