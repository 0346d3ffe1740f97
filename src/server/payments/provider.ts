/*
 * The payment provider seam (ARCHITECTURE rule 6): the built-in test provider by default, Mollie
 * when `MOLLIE_API_KEY` is set. The shop creates a payment and sends the member to the provider's
 * checkout; the provider calls the webhook with only an id; the shop then asks the provider for
 * that payment's status and applies it. Nothing a webhook's body says is ever believed.
 */

/** A payment's state at the provider, in Mollie's words (the test provider speaks them too). */
export type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface NewPayment {
  /** The shop's order id, kept by the provider and answered with the payment. */
  reference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** One of the spec's payment method ids (ideal, creditcard, …). */
  method: string;
  description: string;
  /** Where the provider sends the member back after the checkout. */
  redirectUrl: string;
  /** Where the provider announces a change (it posts only the payment's id). */
  webhookUrl: string;
  locale: string;
}

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** The shop's order id as given at creation. */
  reference: string;
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  /** Stored on the order: which provider a payment id belongs to. */
  readonly name: 'test' | 'mollie';
  /** Creates the payment; answers its id and the checkout the member is sent to. */
  createPayment(payment: NewPayment): Promise<{ id: string; checkoutUrl: string }>;
  /** The payment as the provider knows it now; undefined for an id it does not know. */
  getPayment(id: string): Promise<ProviderPayment | undefined>;
  /**
   * Charges again, without the member at a checkout, the card or PayPal account of an earlier paid
   * payment (its mandate). Answers the new payment at once, `paid` or `failed`. A provider without
   * it offers no repeat orders (the shop answers `no_stored_method`).
   */
  chargeRecurring?(
    firstPaymentId: string,
    payment: RecurringPayment,
  ): Promise<{ id: string; status: ProviderStatus }>;
  /**
   * Pays `amount` (minor units, at most what is left of the payment) back to the member through
   * the payment's own method. Throws when the provider refuses; the caller tells the operator.
   */
  refundPayment(paymentId: string, amount: number, currency: string): Promise<void>;
}

export type RecurringPayment = Omit<NewPayment, 'redirectUrl' | 'locale'>;

export { currencyDigits, decimalString as decimalAmount, minorUnits } from '../../lib/money.ts';
