import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { consoleDb } from '../../server/console-db.ts';
import type { AuditActor } from '../../server/audit/audit.ts';
import { featureEndpoint } from '../../server/endpoint.ts';
import type { Platform } from '../../server/platform.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import type { Site } from '../../tenancy/site.ts';
import { staffActor, staffFieldMessage } from '../staff/index.ts';

/** What the console's member support and payments calls need: the platform, who acts, the sites. */
export interface SupportContext {
  platform: Platform;
  /** The console's database: the staff member's networks only (`consoleDb`). */
  db: Kysely<Database>;
  staff: StaffPrincipal;
  actor: AuditActor;
  siteOf(siteId: string): Site | undefined;
}

export function supportContext(locals: App.Locals): SupportContext {
  const { platform } = locals;
  return {
    platform,
    db: consoleDb(locals),
    staff: locals.staff!,
    actor: staffActor(locals),
    siteOf: (siteId) => platform.registry.snapshot.sites.get(siteId),
  };
}

/** The endpoint kit bound to member support: handlers get `SupportContext` as `ctx` (after the staff guard). */
export const supportEndpoint = featureEndpoint<SupportContext>({
  context: (context: APIContext) => supportContext(context.locals),
  fieldMessage: staffFieldMessage,
});
