import pg from 'pg';

/* The PostgreSQL server the benchmarks keep their generated databases on, one database each. */

/** The server as its administrator: KINDRED_BENCH_POSTGRES_URL, or the local default. */
export const PG_ADMIN =
  process.env.KINDRED_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Makes the database `name` unless it is there (dropping it first when `fresh`); answers its address. */
export async function benchDatabase(name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}
