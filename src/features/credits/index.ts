/*
 * Credits (ARCHITECTURE rule 5): the ledger every feature books through. Chat spends, payments
 * buy and refund, accounts grant the signup credits; none of them writes `credit_ledger` itself.
 */
export {
  bookCredits,
  holdBalance,
  announceBalance,
  notEnoughCredits,
  type Booking,
  type Booked,
} from './credits.ledger.ts';
export {
  reserveDiscount,
  releaseDiscount,
  type OrderToDiscount,
  type ReservedDiscount,
} from './credits.discounts.ts';
