import { z } from 'zod';

/** `GET /api/discountcode.php`: a `code`, or `welcome=true` for the welcome code. */
export const discountQuerySchema = z
  .object({
    code: z.string().trim().min(1).max(64).optional(),
    welcome: z.enum(['true', '1']).optional(),
  })
  .refine((q) => q.code !== undefined || q.welcome !== undefined, { message: 'required', path: ['code'] });

export type DiscountQuery = z.output<typeof discountQuerySchema>;
