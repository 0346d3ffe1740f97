/**
 * What the caching tests share: a logged-in member made directly in the server's database (the
 * tests are about what caches do with a session, not about how one logs in), and polling.
 */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { TestServer } from '../support/server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Member {
  memberId: string;
  /** The session cookie's value; send it as `session=<token>` (plain http). */
  token: string;
  cookie: string;
}

/** Opens a 30-day session for a seeded member of `siteId`, as a login would. */
export function openSession(server: TestServer, siteId: string): Member {
  const db = new Database(join(server.dataDir, 'kindred.sqlite'));
  try {
    const member = db
      .prepare(
        `SELECT m.id, m.network_id FROM members m JOIN profiles p ON p.member_id = m.id
         WHERE m.site_id = ? AND m.deleted_at IS NULL AND m.status = 'active' ORDER BY m.id LIMIT 1`,
      )
      .get(siteId) as { id: string; network_id: string } | undefined;
    if (!member) throw new Error(`no seeded active member of site ${siteId}`);
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    db.prepare(
      `INSERT INTO sessions (id, member_id, network_id, site_id, created_at, expires_at, last_seen_at, user_agent, ip)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
    ).run(
      createHash('sha256').update(token).digest('hex'),
      member.id,
      member.network_id,
      siteId,
      now,
      now + 30 * DAY_MS,
      now,
    );
    return { memberId: member.id, token, cookie: `session=${token}` };
  } finally {
    db.close();
  }
}

/** Proves the session is one the server accepts: `/api/user.php` answers with that member. */
export async function expectLoggedIn(server: TestServer, host: string, member: Member): Promise<void> {
  const res = await server.request('/api/user.php', {
    host,
    headers: { cookie: member.cookie, 'x-client-request': '1' },
  });
  expect(res.status).toBe(200);
  expect(res.json<{ user: { id: string } | null }>().user?.id).toBe(member.memberId);
}

/** Polls `read` until `done` holds for its value; fails with the last value after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const started = Date.now();
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`still not there after ${timeoutMs} ms: ${String(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}
