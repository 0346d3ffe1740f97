import type { Kysely } from 'kysely';
import type { Database, TestPaymentsTable } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { Clock } from '../../lib/clock.ts';
import { isLocale } from '../../i18n/locales.ts';
import { localePath } from '../request.ts';
import type { NewPayment, PaymentProvider, ProviderPayment, RecurringPayment } from './provider.ts';
import {
  findTestPayment,
  findTestPaymentByReference,
  insertTestPayment,
  refundTestPayment,
  settleTestPayment,
} from './test-provider.repository.ts';

/*
 * The built-in test provider: a real provider's round trip without money. Its checkout page
 * (`/checkout/test/{order id}`) lets the member pick an outcome; the outcome is written to its own
 * table, then its webhook is called with only the payment's id, exactly as Mollie would, so the
 * shop's code path is the one it takes in production.
 */

export type TestOutcome = 'paid' | 'failed' | 'cancelled' | 'open';

const OUTCOME_STATUS: Record<TestOutcome, TestPaymentsTable['status']> = {
  paid: 'paid',
  failed: 'failed',
  cancelled: 'canceled',
  open: 'open',
};

export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /** The payment created for an order, for the checkout page. */
  paymentFor(reference: string): Promise<ProviderPayment | undefined>;
  /**
   * Records the member's choice on the checkout page (an open payment only; a settled one keeps
   * its first outcome). The caller then announces the payment's id to the shop exactly as the
   * webhook would, and sends the member to `redirectUrl`.
   */
  complete(
    reference: string,
    outcome: TestOutcome,
  ): Promise<{ paymentId: string; redirectUrl: string } | undefined>;
}

export function createTestProvider(deps: { db: Kysely<Database>; clock: Clock }): TestProvider {
  const { db, clock } = deps;
  const asPayment = (row: {
    id: string;
    status: TestPaymentsTable['status'];
    reference: string;
    amount: number;
    currency: string;
  }): ProviderPayment => ({
    id: row.id,
    status: row.status,
    reference: row.reference,
    amount: Number(row.amount),
    currency: row.currency,
  });
  /** Writes a payment the provider now holds (a checkout or a recurring charge); answers its id. */
  const record = async (
    payment: RecurringPayment,
    status: TestPaymentsTable['status'],
    redirectUrl: string,
  ): Promise<string> => {
    const id = `tst_${newId()}`;
    const now = clock.now();
    await insertTestPayment(db, {
      id,
      reference: payment.reference,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      description: payment.description,
      status,
      redirect_url: redirectUrl,
      webhook_url: payment.webhookUrl,
      created_at: now,
      updated_at: now,
    });
    return id;
  };
  return {
    name: 'test',
    async createPayment(payment: NewPayment) {
      const id = await record(payment, 'open', payment.redirectUrl);
      // The checkout speaks the member's language, as a real provider's does (`locale`).
      const path = `/checkout/test/${encodeURIComponent(payment.reference)}`;
      const checkoutUrl = new URL(
        isLocale(payment.locale) ? localePath(payment.locale, path) : path,
        payment.redirectUrl,
      );
      return { id, checkoutUrl: checkoutUrl.toString() };
    },
    async getPayment(id) {
      const row = await findTestPayment(db, id);
      return row && asPayment(row);
    },
    async paymentFor(reference) {
      const row = await findTestPaymentByReference(db, reference);
      return row && asPayment(row);
    },
    /*
     * A recurring charge rides on a first payment that was paid. It succeeds while that payment is
     * still `paid` here; a test makes it fail by moving the first payment to `expired` (as a card
     * that expired would) in `test_payments`. The charge is recorded like any payment.
     */
    async chargeRecurring(stored, payment) {
      const first = await findTestPayment(db, stored.firstPaymentId);
      const status: TestPaymentsTable['status'] = first?.status === 'paid' ? 'paid' : 'failed';
      const id = await record(payment, status, first?.redirect_url ?? '');
      return { id, status };
    },
    async refundPayment(paymentId, amount, currency) {
      const payment = await findTestPayment(db, paymentId);
      if (
        !payment ||
        payment.currency !== currency ||
        !(await refundTestPayment(db, paymentId, amount, clock.now()))
      )
        throw new Error(`test provider: payment ${paymentId} cannot be refunded ${amount} ${currency}`);
    },
    async complete(reference, outcome) {
      const row = await findTestPaymentByReference(db, reference);
      if (!row) return undefined;
      if (outcome !== 'open') await settleTestPayment(db, row.id, OUTCOME_STATUS[outcome], clock.now());
      return { paymentId: row.id, redirectUrl: row.redirect_url };
    },
  };
}
