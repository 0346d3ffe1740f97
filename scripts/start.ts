/**
 * `./dev start`: the product on its embedded defaults with the demo sites and members.
 * Builds when the sources changed since the last build, migrates, seeds the demo members when
 * the database is empty (the server itself never seeds), then runs the production server and
 * prints the URLs to open.
 *
 *   ./dev start [--size N] [--port P] [--no-build]
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
process.chdir(root);

const { values: args } = parseArgs({
  options: {
    size: { type: 'string' },
    port: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});

const env: NodeJS.ProcessEnv = {
  ...process.env,
  HOST: process.env.HOST ?? '127.0.0.1',
  PORT: args.port ?? process.env.PORT ?? '4321',
  DATA_DIR: process.env.DATA_DIR ?? '.data',
  TENANTS_DIR: process.env.TENANTS_DIR ?? 'tenants',
};
env.PUBLIC_PORT ??= env.PORT;
const seedSize = Number(args.size ?? process.env.SEED_SIZE ?? 2000);

function say(line: string): void {
  process.stdout.write(`\x1b[1m[start]\x1b[0m ${line}\n`);
}

/** A fingerprint of everything the build reads, so an unchanged tree starts without rebuilding. */
function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path}:${statSync(path).mtimeMs}:${statSync(path).size}\n`);
    }
  };
  for (const dir of ['src', 'themes', 'public']) walk(dir);
  for (const file of ['astro.config.mjs', 'package-lock.json', 'tsconfig.json']) {
    if (existsSync(file)) hash.update(`${file}:${statSync(file).mtimeMs}\n`);
  }
  return hash.digest('hex');
}

function buildIfNeeded(): void {
  const stampFile = join('dist', '.source-fingerprint');
  const fingerprint = sourceFingerprint();
  if (!args['no-build'] && (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== fingerprint)) {
    say('building the server (sources changed since the last build)…');
    const result = spawnSync('npx', ['astro', 'build'], { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0) {
      say('the build failed; see above.');
      process.exit(result.status ?? 1);
    }
    writeFileSync(stampFile, fingerprint);
  }
  if (!existsSync('dist/server/entry.mjs')) {
    say('no build found (dist/server/entry.mjs); run without --no-build.');
    process.exit(1);
  }
}

async function prepareDatabase(): Promise<void> {
  const [
    { createDatabase },
    { migrateToLatest },
    { seedDemo, isDatabaseEmpty },
    { TenantRegistry, ConfigError },
  ] = await Promise.all([
    import('../src/db/client.ts'),
    import('../src/db/migrate.ts'),
    import('../src/db/seed/index.ts'),
    import('../src/tenancy/registry.ts'),
  ]);
  let registry;
  try {
    registry = TenantRegistry.load(
      { tenantsDir: resolve(env.TENANTS_DIR!), nichesDir: resolve('niches'), themesDir: resolve('themes') },
      { info: () => {}, error: (m) => say(m) },
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      say(`the tenant files have errors:\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const database = await createDatabase({
    databaseUrl: env.DATABASE_URL ?? '',
    dataDir: resolve(env.DATA_DIR!),
  });
  try {
    await migrateToLatest(database.db);
    if (await isDatabaseEmpty(database.db)) {
      say(`seeding ${seedSize} demo members (first start; avatars are cached for later runs)…`);
      const started = Date.now();
      const result = await seedDemo({
        db: database.db,
        registry,
        dataDir: resolve(env.DATA_DIR!),
        size: seedSize,
        now: Date.now(),
        log: (line: string) => say(line),
      });
      say(
        `seeded ${result.members} members (${result.fictional} fictional) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await database.destroy();
  }
  registry.close();
}

function siteUrls(): string[] {
  const port = env.PUBLIC_PORT === '80' ? '' : `:${env.PUBLIC_PORT}`;
  const dir = resolve(env.TENANTS_DIR!);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const tenant = JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
        name: string;
        domains: string[];
        niche: string;
      };
      return `  ${tenant.name.padEnd(16)} http://${tenant.domains[0]}${port}/   (${tenant.niche})`;
    });
}

/**
 * The demo's operator console: an owner of every network, made once (scripts/staff.ts `demo`),
 * its login printed with the sites. Only `./dev start` does this; a production server has no
 * staff until an operator adds them.
 */
function demoConsoleLogin(): string {
  const made = spawnSync(process.execPath, [join(root, 'scripts/staff.ts'), 'demo'], {
    env,
    encoding: 'utf8',
  });
  if (made.status !== 0) return `  (no demo console login: ${made.stderr.trim()})\n`;
  return made.stdout;
}

buildIfNeeded();
await prepareDatabase();
const consoleLogin = demoConsoleLogin();

const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let announced = false;
server.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (!announced && chunk.toString().includes('listening')) {
    announced = true;
    say('the demo sites are up; open them in a browser (*.localhost resolves to this machine):');
    for (const line of siteUrls()) process.stdout.write(`${line}\n`);
    const port = env.PUBLIC_PORT === '80' ? '' : `:${env.PUBLIC_PORT}`;
    say(`the operator console: http://console.localhost${port}/console (demo owner, demo only)`);
    process.stdout.write(consoleLogin);
    say(`mail goes to ${join(env.DATA_DIR!, 'outbox')}/*.eml; stop with Ctrl+C`);
  }
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // SIGHUP is passed on: the server reloads its tenant files.
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
