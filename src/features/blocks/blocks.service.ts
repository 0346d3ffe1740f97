import type { MessageKey } from '../../i18n/index.ts';
import type { ServiceContext } from '../../server/context.ts';
import { DomainError, invalidFields, platformError } from '../../server/errors.ts';
import { blockBetween, memberCard, nameSeenPastBlocks, type ProfileCard } from '../profiles/index.ts';
import { BLOCK_SELF } from './blocks.schemas.ts';
import { blockableProfile, blockedCardRows, deleteBlock, insertBlock } from './blocks.repository.ts';

/**
 * How many blocked members the settings list shows. Nobody blocks thousands, and the list is
 * read only on the settings screen, so a cap replaces paging.
 */
export const BLOCK_LIST_LIMIT = 500;

/**
 * Blocks a profile of the network. From then on neither side sees the other anywhere
 * (`visibleProfiles` holds the rule for every list and view). Blocking oneself is a 422 (a
 * mistake in the request, not an unknown profile); a profile outside the network is 404. A
 * profile the member may not see (invisible, private, withheld from this site) can be blocked,
 * so that it stays away when it shows itself again, but the block shows nothing of it.
 */
export async function blockProfile(
  ctx: ServiceContext,
  viewerProfileId: string,
  profileId: string,
): Promise<{ blocked: true }> {
  if (profileId === viewerProfileId) throw invalidFields({ profile: BLOCK_SELF });
  if (!(await blockableProfile(ctx.db, ctx.network, profileId))) throw platformError('not_found');
  await insertBlock(ctx.db, ctx.network, viewerProfileId, profileId, ctx.clock.now());
  return { blocked: true };
}

/**
 * Refuses what the viewer would do to a profile when either side blocked the other: 403
 * `blocked`, in the words the calling feature gives for each side, naming the profile. Only a
 * profile the viewer would see were there no block is named; any other is 404, as without it.
 */
export async function refuseIfBlocked(
  ctx: ServiceContext,
  viewerProfileId: string,
  profileId: string,
  messages: { byThem: MessageKey; byViewer: MessageKey },
): Promise<void> {
  const block = await blockBetween(ctx.db, ctx.network, viewerProfileId, profileId);
  if (!block.byThem && !block.byViewer) return;
  const name = await nameSeenPastBlocks(
    ctx.db,
    ctx.network,
    { profileId: viewerProfileId },
    ctx.withheldSites,
    profileId,
  );
  if (name === undefined) throw platformError('not_found');
  throw new DomainError('blocked', {
    status: 403,
    message: block.byThem ? messages.byThem : messages.byViewer,
    vars: { name },
    details: { name },
  });
}

/** Lifts the viewer's block; unblocking a profile that was not blocked changes nothing. */
export async function unblockProfile(
  ctx: ServiceContext,
  viewerProfileId: string,
  profileId: string,
): Promise<{ blocked: false }> {
  await deleteBlock(ctx.db, ctx.network, viewerProfileId, profileId);
  return { blocked: false };
}

/** The members the viewer blocked, as cards, newest block first. */
export async function blockedMembers(
  ctx: ServiceContext,
  viewerProfileId: string,
): Promise<{ blocked: ProfileCard[] }> {
  const now = ctx.clock.now();
  const rows = await blockedCardRows(
    ctx.db,
    ctx.network,
    viewerProfileId,
    ctx.withheldSites,
    BLOCK_LIST_LIMIT,
  );
  return { blocked: rows.map((row) => memberCard(ctx, row, now)) };
}
