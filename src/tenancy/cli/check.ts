import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  buildSnapshot,
  ConfigError,
  loadNiches,
  loadThemes,
  parseTenantFile,
  type ConfigProblem,
  type TenancyDirs,
} from '../registry.ts';
import { DEFAULT_COMPANY } from '../defaults.ts';
import { currencyFor, type Site } from '../site.ts';
import type { TenantFile } from '../tenant.schema.ts';

export interface CheckResult {
  /** Ids of the sites that would be served, sorted. */
  sites: string[];
  problems: ConfigProblem[];
  /** Valid but probably not meant (see `siteWarnings`); they do not fail the check. */
  warnings: ConfigProblem[];
}

/**
 * Checks every tenant file, niche file and theme manifest by the rules the server applies at
 * start (`TenantRegistry.load`), but collects every problem instead of stopping at the first bad
 * kind of file: an operator fixing a tree wants the whole list at once.
 */
export function checkConfig(dirs: TenancyDirs, cwd = process.cwd()): CheckResult {
  const problems: ConfigProblem[] = [];
  const catalogues = loadCatalogues(problems, dirs, cwd);

  const tenants: Array<{ file: string; tenant: TenantFile }> = [];
  const display = relative(cwd, dirs.tenantsDir) || '.';
  if (!existsSync(dirs.tenantsDir)) {
    problems.push({ file: display, field: '', reason: 'does not exist (pass --dir or set TENANTS_DIR)' });
  } else {
    const names = tenantFileNames(dirs.tenantsDir);
    // The server would start with no site and answer every host with a 404: almost always a
    // wrong directory rather than an intent.
    if (names.length === 0)
      problems.push({ file: display, field: '', reason: 'holds no tenant file (*.json)' });
    for (const name of names) {
      const path = join(dirs.tenantsDir, name);
      const result = parseTenantFile(path, cwd);
      if (result.ok) tenants.push({ file: relative(cwd, path), tenant: result.tenant });
      else problems.push(...result.problems);
    }
  }

  let sites: string[] = [];
  const warnings: ConfigProblem[] = [];
  const resolved = resolveSites(problems, tenants, catalogues);
  if (resolved) {
    sites = [...resolved.keys()].sort();
    for (const id of sites) warnings.push(...siteWarnings(resolved.get(id)!));
  }
  return { sites: problems.length ? [] : sites, problems, warnings: problems.length ? [] : warnings };
}

/**
 * What the schema allows but a live site almost never wants: the server runs with it, so these
 * are warnings, not problems.
 */
export function siteWarnings(site: Site): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  const warn = (field: string, reason: string) => warnings.push({ file: site.file, field, reason });
  if (!site.countries.includes(site.defaultCountry)) {
    warn(
      'default_country',
      `"${site.defaultCountry}" is not one of the served countries (${site.countries.join(', ')})`,
    );
  }
  const unpriced = new Map<string, string[]>();
  for (const country of site.countries) {
    const currency = currencyFor(site, country);
    if (site.prices.bundles.some((b) => b.prices[currency] !== undefined)) continue;
    unpriced.set(currency, [...(unpriced.get(currency) ?? []), country]);
  }
  for (const [currency, countries] of unpriced) {
    warn(
      'prices.bundles',
      `no bundle has a price in ${currency}, the currency of ${countries.join(', ')}: no price and no minimum_message_costs there`,
    );
  }
  if (site.domainLocale === undefined) {
    warn(
      'domain_language',
      `"${site.domainLanguage}" is not one of the visible locales (${site.locales.join(', ')})`,
    );
  }
  if (site.company === DEFAULT_COMPANY && site.domains.some((d) => !isLocalHost(d))) {
    warn('company', "not set: the footer pages show the platform's fictitious demo company");
  }
  return warnings;
}

/** Hosts a browser reaches without DNS: `localhost`, `*.localhost`, IPv4 literals. */
export function isLocalHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^\d+(\.\d+){3}$/.test(host);
}

/** The file names the registry reads as tenants (hidden and temporary files are not). */
export function tenantFileNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort();
}

/** Every niche and every theme, or undefined (with their problems added) when any is broken. */
export function loadCatalogues(
  problems: ConfigProblem[],
  dirs: TenancyDirs,
  cwd: string,
): { niches: ReturnType<typeof loadNiches>; themes: ReturnType<typeof loadThemes> } | undefined {
  const niches = collect(problems, () => loadNiches(dirs.nichesDir, cwd));
  const themes = collect(problems, () => loadThemes(dirs.themesDir, cwd));
  return niches && themes ? { niches, themes } : undefined;
}

/**
 * The sites of these tenant files, resolved as the server does at start; undefined (with the
 * problems added) when that fails. Cross-file checks need every niche and theme: without them
 * (`catalogues` undefined) they would only add noise, so nothing is resolved.
 */
export function resolveSites(
  problems: ConfigProblem[],
  tenants: Array<{ file: string; tenant: TenantFile }>,
  catalogues: ReturnType<typeof loadCatalogues>,
): ReadonlyMap<string, Site> | undefined {
  if (!catalogues) return undefined;
  return collect(problems, () => buildSnapshot(tenants, catalogues.niches, catalogues.themes, 1))?.sites;
}

function collect<T>(problems: ConfigProblem[], load: () => T): T | undefined {
  try {
    return load();
  } catch (e) {
    if (e instanceof ConfigError) {
      problems.push(...e.problems);
      return undefined;
    }
    throw e;
  }
}
