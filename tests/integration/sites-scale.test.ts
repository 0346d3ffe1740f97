import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPage, registryHeapPerSite, SITES_TARGETS } from '../../scripts/bench/sites.ts';
import { median } from '../../scripts/bench/stats.ts';
import { farmDomain, farmSiteId, farmTenant, writeTenantFarm } from '../../scripts/bench/tenant-farm.ts';
import { startServer, type TestServer } from '../support/server.ts';

/*
 * The platform's 10,000-site targets (`npm run bench -- --only sites`, docs/performance.md),
 * held at 2,000 generated sites so the suite catches a regression in seconds: the tenant files
 * read at start within a fifth of the 10,000-site budget (with room for a loaded machine), a
 * site's first request, one changed file's reload, the heap per site, and a start log that sums
 * the sites up.
 */

const SITES = 2_000;
/** A fifth of the 10,000-site start budget, doubled for a shared test machine. */
const READ_BUDGET_MS = (SITES_TARGETS.startMs / 5) * 2;

describe(`the server at ${SITES} sites`, () => {
  let work: string;
  let tenantsDir: string;
  let server: TestServer;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'kindred-scale-'));
    tenantsDir = join(work, 'tenants');
    writeTenantFarm(tenantsDir, SITES);
    server = await startServer({ tenantsDir, startTimeoutMs: 60_000 });
  });

  afterAll(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('reads the tenant files within budget and logs a summary, not every domain', () => {
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes(`${SITES} sites in `));
    expect(line, server.output().slice(0, 2000)).toBeDefined();
    expect(line).toContain('first: site-00000.farm.test');
    expect(line).not.toContain(farmDomain(SITES - 1));
    expect(line!.length).toBeLessThan(1000);
    const readMs = Number(/tenant files read in (\d+) ms/.exec(line!)?.[1]);
    expect(readMs).toBeLessThan(READ_BUDGET_MS);
  });

  it("answers a site's first request quickly", async () => {
    await indexPage(server.request, farmDomain(0));
    const times: number[] = [];
    for (const n of [17, 503, 1234, 1999, 777]) {
      const start = performance.now();
      const res = await indexPage(server.request, farmDomain(n));
      times.push(performance.now() - start);
      expect(res.status, farmDomain(n)).toBe(200);
      expect(res.body).toContain(`Farm Site ${n}`);
    }
    // The target is 50 ms; a loaded test machine gets four times that.
    expect(median(times)).toBeLessThan(SITES_TARGETS.firstRequestMs * 4);
  });

  it('serves one changed file within a second', async () => {
    const n = 1500;
    const written = performance.now();
    writeFileSync(join(tenantsDir, `${farmSiteId(n)}.json`), JSON.stringify(farmTenant(n, 1)));
    for (;;) {
      const res = await server.request('/api/settings.php', { host: farmDomain(n) });
      if (res.body.includes(`Farm Site ${n} r1`)) break;
      expect(performance.now() - written).toBeLessThan(SITES_TARGETS.reloadMs * 2);
      await new Promise((r) => setTimeout(r, 20));
    }
    await server.waitForOutput(`tenants reloaded: changed ${farmSiteId(n)}; ${SITES} sites`);
  });

  it('holds a few kilobytes of heap per site', () => {
    expect(registryHeapPerSite(SITES).bytesPerSite).toBeLessThan(SITES_TARGETS.bytesPerSite / 5);
  });
});
