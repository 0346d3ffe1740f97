/*
 * Payments (API.md "Credits and payments"): orders priced by the server, paid through the
 * provider seam (src/server/payments/), applied exactly once; transactions, the test checkout and
 * receipts. Credits are booked through the credits feature's ledger.
 */
export {
  createOrder,
  applyPaymentUpdate,
  transactionOf,
  testCheckout,
  testCheckoutOrder,
  paymentMethodsFor,
} from './payments.service.ts';
export { paymentsContext, paymentsEndpoint, type PaymentsContext } from './payments.context.ts';
export {
  orderInputSchema,
  transactionQuerySchema,
  webhookBodySchema,
  webhookQuerySchema,
  testOutcomeSchema,
  type OrderAnswer,
  type OrderView,
  type TransactionAnswer,
  type TransactionStatus,
} from './payments.schemas.ts';
export { PAYMENT_METHOD_NAMES, paymentMethodName, type PaymentMethodChoice } from './payments.methods.ts';
export { vatIncluded, vatRateBp } from './payments.vat.ts';
/* The console's orders and staff refunds. */
export {
  memberOrdersForStaff,
  orderDetail,
  ordersList,
  staffRefund,
  staffReturnedDebit,
  staffRefundTerms,
  type ConsolePaymentsContext,
  type MemberOrderLine,
  type OrderDetail,
  type OrderSummary,
  type OrdersQuery,
  type StaffRefundInput,
  type StaffRefundView,
} from './payments.console.ts';
export { exportDirectDebits, type CollectionFile, type CollectionInput } from './payments.collection.ts';
export { dailyRevenue, dailyFirstPurchases } from './payments.statistics.ts';
