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
  /**
   * The member's customer at the provider (`createCustomer`): the payment is then a first payment
   * whose card or PayPal account stays as a mandate for `chargeRecurring`.
   */
  customerId?: string | undefined;
}

/** What a repeat order charges: the first payment that left the mandate, and where it is kept. */
export interface StoredMethod {
  firstPaymentId: string;
  /** The member's customer at a provider that keeps mandates on customers; null elsewhere. */
  customerId: string | null;
  /** The spec's method id of the first payment (creditcard, visa, paypal, …). */
  method: string;
}

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** The shop's order id as given at creation. */
  reference: string;
  amount: number;
  currency: string;
  /**
   * Money given back at the provider so far, each refund (also those made in Mollie's dashboard,
   * or through `refundPayment`) and chargeback with its own id; empty or absent when none.
   */
  returns?: ProviderReturn[];
}

/** One refund or chargeback of a payment, as the provider reports it. */
export interface ProviderReturn {
  /** The provider's id (`re_…`, `chb_…`): the same return always has the same id. */
  id: string;
  kind: 'refund' | 'chargeback';
  /** Minor units of the payment's currency. */
  amount: number;
  /** Epoch ms the provider made it. */
  createdAt: number;
}

export interface PaymentProvider {
  /** Stored on the order: which provider a payment id belongs to. */
  readonly name: 'test' | 'mollie';
  /** Creates the payment; answers its id and the checkout the member is sent to. */
  createPayment(payment: NewPayment): Promise<{ id: string; checkoutUrl: string }>;
  /** The payment as the provider knows it now; undefined for an id it does not know. */
  getPayment(id: string): Promise<ProviderPayment | undefined>;
  /**
   * Makes the member's customer at a provider that keeps mandates on customers (Mollie); answers
   * its id, which the shop stores and passes as `customerId` with card and PayPal payments.
   * `reference` (the member's id) makes a retried call answer the same customer.
   */
  createCustomer?(customer: { reference: string }): Promise<string>;
  /**
   * Charges again, without the member at a checkout, the card or PayPal account a first payment
   * left as a mandate. Answers the new payment as it stands at once (`paid`, `failed`, or `pending`
   * until the provider's webhook says more), or undefined without creating any payment when no
   * valid mandate is left. A provider without it offers no repeat orders (`no_stored_method`).
   */
  chargeRecurring?(
    stored: StoredMethod,
    payment: RecurringPayment,
  ): Promise<{ id: string; status: ProviderStatus } | undefined>;
  /**
   * Pays `amount` (minor units, at most what is left of the payment) back to the member through
   * the payment's own method. Throws when the provider refuses; the caller tells the operator.
   */
  refundPayment(paymentId: string, amount: number, currency: string): Promise<void>;
}

export type RecurringPayment = Omit<NewPayment, 'redirectUrl' | 'locale' | 'customerId'>;

export { currencyDigits, decimalString as decimalAmount, minorUnits } from '../../lib/money.ts';
