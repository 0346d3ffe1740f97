/**
 * Demo members logged in for the benchmark: sessions written straight into the seeded SQLite
 * database (as a login would write them), so that a hundred members take turns without a
 * hundred password hashes, and a wrk script that sends each request with the next member's
 * cookie.
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface BenchMember {
  memberId: string;
  profileId: string;
  cookie: string;
}

/**
 * Logs `count` active demo members of `siteId` in (sessions of a day); throws when the seed has
 * fewer (seed more: `--seed-size`).
 */
export function logInDemoMembers(databaseFile: string, siteId: string, count: number): BenchMember[] {
  const db = new Database(databaseFile);
  try {
    const rows = db
      .prepare(
        `select m.id as memberId, m.network_id as network, p.id as profileId
           from members m join profiles p on p.member_id = m.id
          where m.site_id = ? and m.status = 'active' and m.email like 'demo+%'
          order by m.created_at, m.id limit ?`,
      )
      .all(siteId, count) as Array<{ memberId: string; network: string; profileId: string }>;
    if (rows.length < count)
      throw new Error(
        `the seed has ${rows.length} active demo members on ${siteId}, not ${count}: seed more`,
      );
    const now = Date.now();
    const insert = db.prepare(
      `insert into sessions (id, member_id, network_id, site_id, created_at, expires_at, last_seen_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    );
    const members: BenchMember[] = [];
    db.transaction(() => {
      for (const row of rows) {
        // The cookie holds the token; the row, its hash (accounts/tokens.ts hashSecret).
        const token = randomBytes(32).toString('base64url');
        const id = createHash('sha256').update(token).digest('hex');
        insert.run(id, row.memberId, row.network, siteId, now, now + 86_400_000, now);
        members.push({ memberId: row.memberId, profileId: row.profileId, cookie: `session=${token}` });
      }
    })();
    return members;
  } finally {
    db.close();
  }
}

/**
 * A wrk script (`-s`) that sends each request with the next member's cookie: every thread starts
 * at another member, so the members take turns across the connections.
 */
export function rotatingCookieScript(file: string, members: readonly BenchMember[]): string {
  const cookies = members.map((m) => `"${m.cookie.replace(/["\\]/g, '')}"`).join(',\n  ');
  writeFileSync(
    file,
    `local cookies = {\n  ${cookies}\n}
local n = #cookies
local counter = 0
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("start", threads * 37)
end
function init(args)
  counter = start or 0
end
function request()
  counter = counter + 1
  wrk.headers["Cookie"] = cookies[(counter % n) + 1]
  return wrk.format(nil)
end
`,
  );
  return file;
}
