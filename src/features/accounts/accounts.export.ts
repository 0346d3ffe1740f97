import { exportMember, privacyRegistry } from '../../server/privacy.ts';
import type { SessionMember } from './accounts.types.ts';
import { AccountError, type AccountsContext } from './accounts.service.ts';
import { logAuthEvent } from '../security/index.ts';

export interface DataExport {
  filename: string;
  data: Record<string, unknown>;
}

/**
 * Everything stored about the member (GDPR art. 15 and 20), as one JSON document: the account,
 * the profile, photos, likes, messages they wrote, orders, sessions, the authentication log.
 * Never the password hash, session or link secrets, or other members' words.
 */
export async function exportData(ctx: AccountsContext, member: SessionMember): Promise<DataExport> {
  const media = (filename: string) => `${ctx.request.siteOrigin}${ctx.site.cdnPrefix}/media/${filename}`;
  const now = ctx.clock.now();
  // Each owner of member data gives its part (src/app/privacy.list.ts).
  const parts = await exportMember(
    privacyRegistry(),
    ctx.db,
    { network: ctx.network, memberId: member.id, now },
    { mediaUrl: media },
  );
  if (!parts.account) throw new AccountError('authentication_required');
  await logAuthEvent(ctx, 'data_exported', member.id, ctx.request.ip);
  return {
    filename: `${ctx.site.id}-data-${new Date(now).toISOString().slice(0, 10)}.json`,
    data: {
      exported_at: new Date(now).toISOString(),
      site: { id: ctx.site.id, name: ctx.site.name, domain: ctx.site.primaryDomain },
      ...parts,
    },
  };
}
