/*
 * Credits (ARCHITECTURE rule 5): the ledger every feature books through. Chat spends, payments
 * buy and refund, accounts grant the signup credits; none of them writes `credit_ledger` itself.
 * Credits also own what a purchase may cost: discount codes, the welcome code, the time bonus,
 * and the offer of the credits page.
 */
export {
  bookCredits,
  holdBalance,
  holdMemberRow,
  announceBalance,
  balanceEvent,
  notEnoughCredits,
  type Booking,
  type Booked,
  type BookingTerms,
} from './credits.ledger.ts';
export {
  reserveDiscount,
  releaseDiscount,
  reclaimDiscount,
  discountGroup,
  lookUpDiscount,
  visitorLooksUpDiscount,
  newSingleUseCode,
  SINGLE_USE_MIN_LENGTH,
  discountToApply,
  welcomeDiscount,
  timeBonusFor,
  activeDiscount,
  discountedAmount,
  WELCOME_CODE,
  TIME_BONUS_CODE,
  TIME_BONUS_WINDOW_MS,
  type OrderToDiscount,
  type ReservedDiscount,
  type DiscountCodeView,
  type AppliedDiscount,
  type TimeBonusView,
  type ActiveDiscount,
} from './credits.discounts.ts';
export {
  adjustCredits,
  ledgerPage,
  MAX_ADJUSTMENT,
  type AdjustedCredits,
  type CreditAdjustment,
  type LedgerLine,
  type LedgerPage,
} from './credits.adjust.ts';
export { grantSignupCredits } from './credits.signup.ts';
export {
  creditsOffer,
  quoteOrder,
  type CreditsOffer,
  type PaymentMethodOffer,
  type OrderQuote,
  type QuoteAnswer,
  type QuoteInput,
} from './credits.offer.ts';
export { premiumClaim, premiumAdvantage, CLAIM_MIN_LIKES, CLAIM_MIN_MEMBERS } from './credits.claim.ts';
export { discountQuerySchema, quoteQuerySchema, type DiscountQuery } from './credits.schemas.ts';
export {
  builtinCodes,
  createDiscountBatch,
  discountBatches,
  disableDiscountBatch,
  checkCodesScope,
  momentMs,
  MANAGE_CODES,
  type BuiltinCode,
  type ConsoleCodesContext,
  type DiscountBatch,
  type DiscountBatchInput,
} from './credits.codes.ts';
