/*
 * What the console's order pages need in the browser, apart from the schemas: importing
 * `support.schemas.ts` there would ship zod to pages whose inputs the server validates.
 */

/** The states an order is listed by. */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;

/**
 * ISO 20022 reason codes a bank gives a returned SEPA direct debit (the EPC's R-transaction
 * codes): what the console offers when recording one.
 */
export const RETURN_REASONS = [
  'AC01',
  'AC04',
  'AC06',
  'AC13',
  'AG01',
  'AG02',
  'AM04',
  'AM05',
  'BE05',
  'CNOR',
  'DNOR',
  'FF01',
  'MD01',
  'MD02',
  'MD06',
  'MD07',
  'MS02',
  'MS03',
  'RC01',
  'RR01',
  'RR02',
  'RR03',
  'RR04',
  'SL01',
] as const;
