import { z } from 'zod';

/** `GET /api/discountcode.php`: a `code`, or `welcome=true` for the welcome code. */
export const discountQuerySchema = z
  .object({
    code: z.string().trim().min(1).max(64).optional(),
    welcome: z.enum(['true', '1']).optional(),
  })
  .refine((q) => q.code !== undefined || q.welcome !== undefined, { message: 'required', path: ['code'] });

export type DiscountQuery = z.output<typeof discountQuerySchema>;

/** `GET /api/order.php?bundle=`: the quote of an order before paying. */
export const quoteQuerySchema = z.object({
  bundle: z.string().min(1).max(64),
  discountcode: z.string().trim().max(64).optional(),
  keep: z.string().trim().max(64).optional(),
});

/** `GET /api/order.php?bundle=`: the order as it would be charged, said before paying. */
export interface OrderQuote {
  bundle: string;
  credits: number;
  /** The bundle's price before any discount, in minor units. */
  amount: number;
  currency: string;
  /** The country the order is priced (and its methods offered) in. */
  country: string;
  /** The one discount the order gets (an order carries one code), or null. */
  discount: {
    code: string;
    percentage: number;
    kind: 'code' | 'time_bonus' | 'welcome';
    /** When it ends (ISO 8601): only the time bonus ends, and then `then` applies. */
    expires: string | null;
    then: { code: string; percentage: number; total: number } | null;
  } | null;
  /** What the member pays: `amount` less the discount, rounded in the member's favour. */
  total: number;
  /** `amount` and `total` in the member's language and currency format. */
  formatted: { amount: string; total: string };
}

export interface QuoteAnswer {
  quote: OrderQuote;
  /**
   * Why the typed code is not the one applied (it was not found, used, below its minimum, or
   * worth less than the discount that stays), in the member's language; null when it applied.
   */
  notice: { error: string; message: string } | null;
}
