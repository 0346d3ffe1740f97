import type { ServiceContext } from '../../server/context.ts';
import { photoOwnerStatus } from './profiles.media.repository.ts';

/** A stored photo's sizes share one name: `<base>-main.webp`, `-thumb`, `-match`, `-blur`. */
const VARIANT = /-(?:main|thumb|match|blur)\.webp$/;

/**
 * Whether a stored photo file must no longer be served: its member deleted the account. For
 * the 14 days in which the account can come back, the files stay (a reactivated profile has its
 * photos again), but nobody sees them; the erasure then deletes them.
 */
export async function photoFileWithdrawn(ctx: ServiceContext, path: string): Promise<boolean> {
  if (!VARIANT.test(path)) return false;
  const status = await photoOwnerStatus(ctx.db, ctx.network, path.replace(VARIANT, '-main.webp'));
  return status === 'deleted';
}
