import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/database.ts';

/*
 * The authentication log. (The counters of rate limits and lockouts are the platform's rate
 * limiter's: src/server/rate-limit/.)
 */

export interface AuthEventRow {
  siteId: string;
  memberId: string | null;
  kind: string;
  ip: string | null;
  createdAt: number;
}

export async function insertAuthEvent(
  db: Kysely<Database>,
  networkId: string,
  event: AuthEventRow,
): Promise<void> {
  await db
    .insertInto('auth_events')
    .values({
      id: newId(),
      network_id: networkId,
      site_id: event.siteId,
      member_id: event.memberId,
      kind: event.kind,
      ip: event.ip,
      created_at: event.createdAt,
    })
    .execute();
}
