import type { ServiceContext } from '../../server/context.ts';
import { customerOf, keepCustomer } from './payments.repeat.repository.ts';

/*
 * The member's customer at a provider that keeps mandates on customers (Mollie). A card or PayPal
 * order is paid as the customer's first payment, so that its card or PayPal account stays as a
 * mandate that a repeat order can charge. The customer is made at the first such order and kept.
 */

/** Methods whose first payment leaves a mandate for later charges. */
export const STORED_METHODS = ['creditcard', 'visa', 'mastercard', 'maestro', 'paypal'] as const;

export const leavesMandate = (method: string) => (STORED_METHODS as readonly string[]).includes(method);

/**
 * The customer a payment with `method` is made for: undefined for a method that leaves no mandate
 * or a provider without customers. Two first orders at once make one customer: the provider
 * answers a repeated creation with the same customer, and the first one stored is kept.
 */
export async function customerForPayment(
  ctx: ServiceContext,
  memberId: string,
  method: string,
): Promise<string | undefined> {
  const create = ctx.payments.createCustomer?.bind(ctx.payments);
  if (!create || !leavesMandate(method)) return undefined;
  const provider = ctx.payments.name;
  const stored = await customerOf(ctx.db, ctx.network, memberId, provider);
  if (stored) return stored;
  const customerId = await create({ reference: memberId });
  return keepCustomer(ctx.db, { network: ctx.network, memberId, provider, customerId, now: ctx.clock.now() });
}
