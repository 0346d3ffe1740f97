import type { APIContext, APIRoute } from 'astro';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from '../../server/audit/audit.ts';
import type { RealtimeBus } from '../../server/realtime/index.ts';
import { serviceContext, type ServiceContext } from '../../server/context.ts';
import { featureEndpoint } from '../../server/endpoint.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import type { Site } from '../../tenancy/site.ts';
import type { Translate } from '../../i18n/index.ts';
import { generalFieldMessage } from '../../i18n/field-messages.ts';
import { consoleDb, servedNetworks } from '../../server/console-db.ts';
import { invalidFields } from '../../server/errors.ts';
import { json } from '../../server/http.ts';
import { photosFieldMessage, readPhotoUpload } from '../photos/index.ts';

/** What the host inbox's rules take: the staff member, and each conversation's own site. */
export interface HostInboxContext {
  db: Kysely<Database>;
  clock: Clock;
  /** The realtime bus: the console's live streams and what tells them of claims. */
  realtime: RealtimeBus;
  /** How often a live stream says it is alive and checks its session. */
  heartbeatMs: number;
  staff: StaffPrincipal;
  actor: AuditActor;
  /** The console's words (English first). */
  t: Translate;
  /** The member's site, or the network's first when the site is gone. */
  siteOf(siteId: string | null, network: string): Site | undefined;
  /** The service context of a site: members' rules run as on that site. */
  forSite(site: Site): ServiceContext;
  /** The networks the server knows (a staff member of every network listens to each). */
  networks(): readonly string[];
}

export function hostInboxContext(locals: App.Locals): HostInboxContext {
  const { platform, staff } = locals;
  if (!staff) throw new Error('a host inbox call without a staff session');
  return {
    db: consoleDb(locals),
    clock: platform.clock,
    realtime: platform.realtime,
    heartbeatMs: platform.env.EVENTS_HEARTBEAT_SECONDS * 1000,
    staff,
    actor: { id: staff.id, email: staff.email, ip: locals.clientIp },
    t: locals.t,
    siteOf: (siteId, network) =>
      (siteId ? platform.registry.snapshot.sites.get(siteId) : undefined) ??
      platform.registry.sitesOfNetwork(network)[0],
    forSite: (site) => serviceContext({ platform, site }),
    networks: () => servedNetworks(platform),
  };
}

/** The endpoint kit bound to the host inbox: handlers get `HostInboxContext` as `ctx`. */
export const hostInboxEndpoint = featureEndpoint<HostInboxContext>({
  context: (context: APIContext) => hostInboxContext(context.locals),
  fieldMessage: (t, code) => generalFieldMessage(t, code),
});

/**
 * `POST …?<field>=ID` with a multipart `photo` (create_profiles): the photo goes to what the
 * query names (a conversation's profile, an operator profile); 201 with what `save` answers.
 */
export function photoUploadEndpoint<Field extends string>(
  query: z.ZodType<Record<Field, string>>,
  field: Field,
  save: (ctx: HostInboxContext, id: string, bytes: Uint8Array) => Promise<unknown>,
): APIRoute {
  return hostInboxEndpoint({
    staff: 'create_profiles',
    fieldMessage: photosFieldMessage,
    async handle({ ctx, context }) {
      const named = query.safeParse(Object.fromEntries(context.url.searchParams));
      if (!named.success) throw invalidFields({ [field]: 'required' });
      const bytes = await readPhotoUpload(context.request);
      return json(await save(ctx, named.data[field], bytes), 201);
    },
  });
}
