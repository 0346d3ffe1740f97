/* STUB (issue 10, profile view helper): the likes helper owns this file; MERGER: take theirs. */
import { z } from '../../lib/zod.ts';

export const likeInputSchema = z.strictObject({ profile: z.string().min(1).max(64) });
export type LikeInput = z.infer<typeof likeInputSchema>;

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /api/like.php': { body: LikeInput; answer: { liked: true; match: boolean } };
    'DELETE /api/like.php': { body: LikeInput; answer: { liked: false } };
  }
}
