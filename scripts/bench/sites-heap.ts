/**
 * The registry's heap per site, run by sites.ts as `node --expose-gc sites-heap.ts <count>`:
 * prints `{"bytesPerSite":…,"loadMs":…}` as its last line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TenantRegistry } from '../../src/tenancy/registry.ts';
import { writeTenantFarm } from './tenant-farm.ts';
import { REPO_ROOT } from './nginx.ts';

const count = Number(process.argv[2] ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const dir = mkdtempSync(join(tmpdir(), 'kindred-sites-heap-'));
try {
  writeTenantFarm(dir, count);
  const quiet = { info() {}, error() {} };
  // Niches, themes and the modules once, so that only the sites are counted.
  TenantRegistry.load(
    {
      tenantsDir: join(REPO_ROOT, 'tenants'),
      nichesDir: join(REPO_ROOT, 'niches'),
      themesDir: join(REPO_ROOT, 'themes'),
    },
    quiet,
  );
  gc();
  const before = process.memoryUsage().heapUsed;
  const start = performance.now();
  const registry = TenantRegistry.load(
    { tenantsDir: dir, nichesDir: join(REPO_ROOT, 'niches'), themesDir: join(REPO_ROOT, 'themes') },
    quiet,
  );
  const loadMs = performance.now() - start;
  gc();
  const after = process.memoryUsage().heapUsed;
  if (registry.snapshot.sites.size !== count) throw new Error(`loaded ${registry.snapshot.sites.size} sites`);
  process.stdout.write(`${JSON.stringify({ bytesPerSite: (after - before) / count, loadMs })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
