import { newId } from '../../db/ids.ts';
import type { ServiceContext } from '../../server/context.ts';
import { insertPageEvent } from './page-behaviours.repository.ts';
import type { BounceInput, PageHiddenInput } from './page-behaviours.schemas.ts';

/** Records how long a visitor stayed on a page opened with `lb` before leaving it. */
export async function recordBounce(
  ctx: ServiceContext,
  input: BounceInput,
  memberId: string | null,
): Promise<void> {
  await insertPageEvent(ctx.db, {
    id: newId(),
    network_id: ctx.network,
    site_id: ctx.site.id,
    kind: 'bounce',
    page: input.page,
    ms: input.ms,
    member_id: memberId,
    created_at: ctx.clock.now(),
  });
}

/**
 * A page became hidden. Only a member's is kept (it tells notifications that the member left the
 * page); a visitor's beacon is acknowledged and dropped, so anonymous pages cost no write.
 */
export async function recordPageHidden(
  ctx: ServiceContext,
  input: PageHiddenInput,
  memberId: string | null,
): Promise<boolean> {
  if (!memberId) return false;
  await insertPageEvent(ctx.db, {
    id: newId(),
    network_id: ctx.network,
    site_id: ctx.site.id,
    kind: 'hidden',
    page: input.page ?? '/',
    ms: null,
    member_id: memberId,
    created_at: ctx.clock.now(),
  });
  return true;
}
