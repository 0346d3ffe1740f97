import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPostgresDatabase, type TestPostgresDatabase } from '../support/postgres.ts';
import { DEMO, startServer, type TestServer } from '../support/server.ts';

/*
 * The scale-out database: the server migrates a fresh PostgreSQL database at start and serves
 * from it (the rest of the suite runs on the embedded SQLite default).
 */

let database: TestPostgresDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await withPostgresDatabase();
  server = await startServer({ env: { DATABASE_URL: database.url } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('DATABASE_URL=postgres://…', () => {
  it('starts on a fresh database, says so, and serves pages', async () => {
    expect(server.output()).toMatch(/on postgres/);
    const res = await server.request('/', { host: DEMO.rainbow.host });
    expect(res.status).toBe(200);
    expect(res.body).toContain(DEMO.rainbow.name);
  });

  it('created the schema in that database', async () => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from information_schema.tables where table_schema = current_schema()',
      );
      expect(Number(rows[0]?.n)).toBeGreaterThan(3);
    } finally {
      await client.end();
    }
  });

  it('starts again on the migrated database', async () => {
    await server.stop();
    server = await startServer({ env: { DATABASE_URL: database.url } });
    const res = await server.request('/api/settings.php', { host: DEMO.curvy.host });
    expect(res.status).toBe(200);
  });
});
