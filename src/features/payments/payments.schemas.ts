import { z } from 'zod';
import { safeReturnPath } from '../../lib/return-path.ts';

/** `POST /api/order.php`. */
export const orderInputSchema = z.object({
  bundle: z.string().min(1).max(64),
  paymentmethod: z.string().min(1).max(32),
  discountcode: z.string().trim().max(64).optional(),
  client_id: z.string().min(8).max(64).optional(),
  /**
   * Where the thank-you page leads back to (the conversation that asked for credits): a path
   * on this site only, never another site (422 `return_to: invalid`).
   */
  return_to: z
    .string()
    .max(512)
    .refine((path) => safeReturnPath(path) !== null, { message: 'invalid' })
    .optional(),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

/** `GET /api/transaction.php?id=`. */
export const transactionQuerySchema = z.object({ id: z.string().min(1).max(64) });

/** The webhook's body: only the provider's payment id (Mollie posts `id=tr_…`). */
export const webhookBodySchema = z.object({ id: z.string().min(1).max(128) });
export const webhookQuerySchema = z.object({ provider: z.enum(['test', 'mollie']) });

/** The test checkout's form. */
export const testOutcomeSchema = z.object({ outcome: z.enum(['paid', 'failed', 'cancelled', 'open']) });

export type TransactionStatus = 'pending' | 'completed' | 'failed' | 'refunded';

/** An order as the member sees it. */
export interface OrderView {
  payment_id: string;
  bundle: string;
  credits: number;
  amount: number;
  currency: string;
  paymentmethod: string;
  discountcode: string | null;
  created_at: number;
  completed_at: number | null;
}

export interface OrderAnswer {
  order: Pick<OrderView, 'payment_id' | 'credits' | 'amount' | 'currency'>;
  redirect_url: string;
}

/**
 * A repeat order's answer: `completed` when the charge was paid at once, `pending` while the
 * provider still works on it (its transaction page, `redirect_url`, follows it to the end).
 */
export interface RepeatAnswer extends OrderAnswer {
  status: 'completed' | 'pending';
}

export interface TransactionAnswer {
  status: TransactionStatus;
  order: OrderView;
  /** Other methods of the member's country, for a retry after a failure. */
  retry_methods: Array<{ id: string; name: string }>;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /api/order.php': { body: OrderInput; answer: OrderAnswer };
  }
}
