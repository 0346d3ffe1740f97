import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordAudit, type AuditActor } from '../../server/audit/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { DomainError, platformError } from '../../server/errors.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import { checkConfig, siteWarnings, tenantFileNames } from '../../tenancy/cli/check.ts';
import { createSite, deriveSiteId, hostOf, siteUrl, type NewSiteDirs } from '../../tenancy/cli/new-site.ts';
import type { TenantRegistry } from '../../tenancy/registry.ts';
import { PERMISSIONS } from '../staff/index.ts';
import { checkDomain, DomainCheckCache, type DomainProbe } from './sites.domains.ts';
import { otherProblems, sitesHealth, type TenantFileFacts } from './sites.health.ts';
import type { CreatedSite, CreateSiteInput, DomainCheck, SitesAnswer } from './sites.schemas.ts';

export interface SitesContext {
  db: Kysely<Database>;
  clock: Clock;
  registry: TenantRegistry;
  dirs: NewSiteDirs;
  probe: DomainProbe;
  /** Where visitors reach the server (`PUBLIC_SCHEME`, `PUBLIC_PORT`, `PORT`), for the new site's address. */
  publicEnv: Record<string, string | undefined>;
}

/** The networks a staff member holds in any role: the sites they see. */
export function heldNetworks(staff: StaffPrincipal): readonly string[] | 'all' {
  const held = new Set<string>();
  for (const permission of Object.keys(PERMISSIONS)) {
    const networks = staff.networksFor(permission);
    if (networks === 'all') return 'all';
    for (const n of networks) held.add(n);
  }
  return [...held];
}

function readRaw(path: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return json && typeof json === 'object' && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The sites of the caller's networks with their health, by the checker of `tenants check`. */
export function listSites(ctx: SitesContext, staff: StaffPrincipal): SitesAnswer {
  const cwd = process.cwd();
  const check = checkConfig(ctx.dirs, cwd);
  const files: TenantFileFacts[] = tenantFileNames(ctx.dirs.tenantsDir).map((name) => {
    const path = join(ctx.dirs.tenantsDir, name);
    return { file: relative(cwd, path), raw: readRaw(path) };
  });
  const networks = heldNetworks(staff);
  return {
    loaded_at: new Date(ctx.registry.loadedAt).toISOString(),
    sites: sitesHealth({
      files,
      sites: ctx.registry.snapshot.sites.values(),
      problems: check.problems,
      warnings: siteWarnings,
      loadedAt: (file) => ctx.registry.fileLoadedAt(file),
      networks,
    }),
    other_findings:
      networks === 'all' ? otherProblems(check.problems, new Set(files.map((f) => f.file))) : [],
  };
}

/**
 * Writes a new tenant file by the rules of `tenants new` (never replacing one), audited in the
 * same transaction: a refused file rolls the entry back. The server reads the file at once; the
 * other processes pick it up from their watchers.
 */
export async function createSiteFromConsole(
  ctx: SitesContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: CreateSiteInput,
): Promise<CreatedSite> {
  const id = input.id ?? deriveSiteId(hostOf(input.domains[0] ?? ''));
  // Without a network the site gets a pool of its own, named like its id: a new network, which
  // only an owner of every network may open.
  const network = input.network ?? id;
  if (!staff.can('manage_sites', network)) throw platformError('forbidden');
  const created = await ctx.db.transaction().execute(async (trx) => {
    // The entry first, the file last: a refused or failed write rolls the entry back with it.
    await recordAudit(
      trx,
      actor,
      { action: 'site.create', network, target: { type: 'site', id }, after: input },
      ctx.clock.now(),
    );
    const result = createSite(
      {
        id: input.id,
        domains: input.domains,
        name: input.name,
        niche: input.niche,
        network: input.network,
        theme: input.theme,
        locales: input.locales,
        language: input.language,
        countries: input.countries,
        supportEmail: input.support_email,
      },
      ctx.dirs,
    );
    if (!result.ok) {
      throw new DomainError('site_invalid', {
        status: 422,
        message: 'console.sites.error.invalid',
        details: {
          // The command line's hint (`--force`, `--id`) means nothing in the form.
          problems: result.problems.map((p) => ({
            field: p.field,
            reason: p.reason.replace(/ \(pass --force[^)]*\)$/, ''),
          })),
        },
      });
    }
    return result;
  });
  ctx.registry.reloadFiles([`${String(created.tenant.id)}.json`]);
  const domains = created.tenant.domains.map(String);
  return {
    id: String(created.tenant.id),
    file: created.file,
    domains,
    url: siteUrl(domains[0]!, ctx.publicEnv),
    needs_dns: created.needsDns,
    warnings: created.warnings,
  };
}

const domainChecks = new DomainCheckCache(30_000);

/** Whether each domain of a served site resolves and answers as that site (kept 30 seconds). */
export async function checkSiteDomains(
  ctx: SitesContext,
  staff: StaffPrincipal,
  siteId: string,
): Promise<DomainCheck[]> {
  const site = ctx.registry.snapshot.sites.get(siteId);
  const networks = heldNetworks(staff);
  if (!site || (networks !== 'all' && !networks.includes(site.network))) throw platformError('not_found');
  const now = ctx.clock.now();
  return Promise.all(
    site.domains.map((domain) =>
      domainChecks.get(`${domain}\n${site.name}`, now, () =>
        checkDomain(
          ctx.probe,
          domain,
          { name: site.name, routed: ctx.registry.resolveHost(domain)?.id === site.id },
          now,
        ),
      ),
    ),
  );
}
