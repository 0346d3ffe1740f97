import { basename } from 'node:path';
import type { ConfigProblem } from '../../tenancy/registry.ts';
import type { Site } from '../../tenancy/site.ts';
import type { SiteFinding, SiteHealth } from './sites.schemas.ts';

/** A tenant file as read from the folder, whether or not it passes the checks. */
export interface TenantFileFacts {
  /** As the checker and `Site.file` name it. */
  file: string;
  /** The file's JSON object, or undefined when it is not JSON. */
  raw: Record<string, unknown> | undefined;
}

export interface HealthInput {
  files: readonly TenantFileFacts[];
  /** The sites the server serves now. */
  sites: Iterable<Site>;
  /** The checker's problems (`checkConfig`), of every file. */
  problems: readonly ConfigProblem[];
  /** Warnings per served site (`siteWarnings`). */
  warnings: (site: Site) => readonly ConfigProblem[];
  loadedAt: (file: string) => number | undefined;
  /** The networks shown: all of them, or these. */
  networks: readonly string[] | 'all';
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const stringOr = (value: unknown, fallback: string | null): string | null =>
  typeof value === 'string' && value ? value : fallback;

/**
 * One line per tenant file and per served site: a file that fails to load shows with what the
 * checker says of it (and the last good version the server kept, if any), not only the sites
 * that work. Scoped to the networks asked for; a file too broken to name its network is shown
 * only to those who hold every network.
 */
export function sitesHealth(input: HealthInput): SiteHealth[] {
  const findings = new Map<string, SiteFinding[]>();
  for (const p of input.problems) {
    const list = findings.get(p.file) ?? [];
    list.push({ level: 'problem', field: p.field, reason: p.reason });
    findings.set(p.file, list);
  }
  const served = new Map<string, Site>();
  for (const site of input.sites) served.set(site.file, site);

  const rows: SiteHealth[] = [];
  const seen = new Set<string>();
  const add = (file: string, site: Site | undefined, raw: Record<string, unknown> | undefined) => {
    seen.add(file);
    const own = findings.get(file) ?? [];
    const warnings = site
      ? input.warnings(site).map((w): SiteFinding => ({ level: 'warning', field: w.field, reason: w.reason }))
      : [];
    const id = site?.id ?? basename(file, '.json');
    const at = site ? input.loadedAt(file) : undefined;
    rows.push({
      id,
      file,
      name: site?.name ?? stringOr(raw?.name, null),
      network: site?.network ?? (raw ? stringOr(raw.network, stringOr(raw.id, id)) : null),
      theme: site?.theme.id ?? stringOr(raw?.theme, null),
      niche: site?.niche ?? stringOr(raw?.niche, null),
      languages: site ? [...site.locales] : strings(raw?.locales),
      domains: site ? [...site.domains] : strings(raw?.domains),
      valid: own.length === 0,
      served: site !== undefined,
      loaded_at: at === undefined ? null : new Date(at).toISOString(),
      findings: [...own, ...(own.length ? [] : warnings)],
    });
  };
  for (const { file, raw } of input.files) add(file, served.get(file), raw);
  // A site whose file is gone stays served until the reload that notices it.
  for (const [file, site] of served) if (!seen.has(file)) add(file, site, undefined);

  const shown = input.networks;
  return rows
    .filter((row) =>
      shown === 'all' ? true : row.network !== null && (shown as readonly string[]).includes(row.network),
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The checker's problems that are not of a tenant file (niches, themes, the folder itself). */
export function otherProblems(
  problems: readonly ConfigProblem[],
  tenantFiles: ReadonlySet<string>,
): Array<SiteFinding & { file: string }> {
  return problems
    .filter((p) => !tenantFiles.has(p.file))
    .map((p) => ({ level: 'problem', file: p.file, field: p.field, reason: p.reason }));
}
