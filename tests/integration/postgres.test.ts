import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { expectLoggedIn } from '../support/visitor.ts';

/*
 * The scale-out database: the server migrates a fresh PostgreSQL database at start and serves
 * from it (the rest of the suite runs on the embedded SQLite default).
 */

const app = useServer({ database: 'postgres' });

describe('DATABASE_URL=postgres://…', () => {
  it('starts on a fresh database, says so, and serves pages', async () => {
    expect(app.server.output()).toMatch(/database: postgres/);
    const res = await app.request('/', { host: DEMO.rainbow.host });
    expect(res.status).toBe(200);
    expect(res.body).toContain(DEMO.rainbow.name);
  });

  it('created the schema in that database', async () => {
    expect(app.dialect).toBe('postgres');
    const tables = await app.db.introspection.getTables();
    expect(tables.length).toBeGreaterThan(3);
  });

  it('starts again on the migrated database', async () => {
    await app.restart();
    const res = await app.request('/api/settings.php', { host: DEMO.curvy.host });
    expect(res.status).toBe(200);
  });

  it('serves members made by the factories from that database', async () => {
    const member = await app.make.loggedIn({ site: DEMO.curvy });
    await expectLoggedIn(app.server, DEMO.curvy.host, member);
    expect(await app.inspect.count('sessions', { member_id: member.memberId })).toBe(1);
  });
});
