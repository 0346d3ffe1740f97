import type { NewRow } from './database.ts';

/*
 * Rows for unit tests that write a table themselves rather than through its repository: the
 * columns every such row needs, so that a test names only what it is about.
 */

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
