import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { Translate } from '../../i18n/index.ts';
import type { ProfileCard } from '../profiles/index.ts';
import { z } from '../../lib/zod.ts';

/** `POST` and `DELETE /api/block.php`: the profile to block or unblock. */
export const blockInputSchema = z.strictObject({ profile: z.string().min(1).max(64) });
export type BlockInput = z.infer<typeof blockInputSchema>;

/** The field code of a member trying to block themselves (422 `validation`). */
export const BLOCK_SELF = 'block_self';

/** The browser's calls of the blocks feature (API.md "Profiles and search"). */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /api/block.php': { body: BlockInput; answer: { blocked: true } };
    'DELETE /api/block.php': { body: BlockInput; answer: { blocked: false } };
    'GET /api/block.php': { body: undefined; answer: { blocked: ProfileCard[] } };
  }
}

/** The words of the blocks feature's field codes in a 422. */
export function blockFieldMessage(t: Translate, code: string): string {
  return code === BLOCK_SELF ? t('blocks.self') : generalFieldMessage(t, code);
}
