/*
 * Pieces of rows for tests that write a table themselves rather than through its repository.
 */

import type { NewRow } from '../../src/db/database.ts';
import { TRACKING_PARAMS, type TrackingParam } from '../../src/features/tracking/tracking.params.ts';

type NoTrackingParams = Record<TrackingParam, null>;

/** A tracking record's parameter columns, all empty: a test sets the few it is about. */
export const NO_TRACKING_PARAMS = Object.fromEntries(
  TRACKING_PARAMS.map((param) => [param, null]),
) as NoTrackingParams;

/** An active member who speaks English; the e-mail address follows from the id unless given. */
export function testMember(
  member: Pick<NewRow<'members'>, 'id' | 'network_id' | 'site_id'> & Partial<NewRow<'members'>>,
): NewRow<'members'> {
  return {
    email: `${member.id}@example.org`,
    password_hash: 'x',
    status: 'active',
    language: 'en',
    created_at: 0,
    ...member,
  };
}
