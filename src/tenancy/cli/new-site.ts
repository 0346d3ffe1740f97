import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { normalizeHost } from '../host.ts';
import { issuesToProblems, parseTenantFile, type ConfigProblem, type TenancyDirs } from '../registry.ts';
import { tenantSchema, type TenantInput } from '../tenant.schema.ts';
import { isLocalHost, loadCatalogues, resolveSites, siteWarnings, tenantFileNames } from './check.ts';

/** What the operator asked for on the command line (`tenants new`). */
export interface NewSiteOptions {
  /** Default: derived from the first domain (`deriveSiteId`). */
  id?: string;
  domains: string[];
  name: string;
  niche: string;
  network?: string;
  theme?: string;
  locales?: string[];
  /** `domain_language`; default: the first of `locales`, when given. */
  language?: string;
  /** Served countries; the first is the default country. */
  countries?: string[];
  supportEmail?: string;
  /** Replace an existing file of the same id. */
  force?: boolean;
}

export interface NewSiteDirs extends TenancyDirs {
  /** Where `tenant.schema.json` lives, for the file's `$schema` pointer. */
  schemasDir: string;
}

export type NewSiteResult =
  | {
      ok: true;
      /** The file written, relative to the working directory. */
      file: string;
      path: string;
      tenant: TenantInput;
      /** Hosts that need a DNS record pointing at this server (not `*.localhost` or an IP). */
      needsDns: string[];
      /** Things that are allowed but probably not meant. */
      warnings: string[];
    }
  | { ok: false; problems: ConfigProblem[] };

/**
 * A site id from a host name: the labels without the top-level domain (and without a
 * second-level one such as `co.uk`), joined with dashes. `www.Flirt-Berlin.de` → `flirt-berlin`,
 * `dates.example.co.uk` → `dates-example`, `gay.localhost` → `gay`.
 */
export function deriveSiteId(domain: string): string {
  const host = normalizeHost(domain);
  let labels = host.split('.').filter(Boolean);
  if (/^\d+(\.\d+){3}$/.test(host)) return clip(labels.join('-'));
  if (labels.length > 1) {
    labels = labels.slice(0, -1);
    const last = labels[labels.length - 1]!;
    if (labels.length > 1 && host.match(/\.[a-z]{2}$/) && SECOND_LEVEL.has(last))
      labels = labels.slice(0, -1);
  }
  return clip(labels.join('-'));
}

/** Second-level labels under which country registries sell names (`example.co.uk`). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ac', 'gov', 'or', 'ne', 'gv', 'edu']);

function clip(raw: string): string {
  const id = raw
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return id || 'site';
}

/**
 * The host an operator means by what they typed: a pasted URL, `WWW.Example.com.` or
 * `example.com:443` all mean `example.com`, which is the only spelling a tenant file accepts.
 */
export function hostOf(typed: string): string {
  let text = typed.trim();
  const scheme = text.indexOf('://');
  if (scheme !== -1) text = text.slice(scheme + 3);
  text = text.split(/[/?#]/, 1)[0] ?? '';
  return normalizeHost(text);
}

/** The tenant file's content, in the order an operator reads it. Only what was asked is written. */
export function buildTenant(options: NewSiteOptions, schemaPointer: string): TenantInput {
  const domains = [...new Set(options.domains.map(hostOf).filter(Boolean))];
  const id = options.id ?? deriveSiteId(domains[0] ?? '');
  const language = options.language ?? options.locales?.[0];
  const tenant: Record<string, unknown> = {
    $schema: schemaPointer,
    id,
    domains,
    name: options.name,
    niche: options.niche,
  };
  if (options.network !== undefined) tenant.network = options.network;
  if (options.theme !== undefined) tenant.theme = options.theme;
  if (language !== undefined) tenant.domain_language = language;
  if (options.locales !== undefined) tenant.locales = options.locales;
  if (options.countries !== undefined) tenant.countries = options.countries;
  if (options.supportEmail !== undefined) tenant.support_email = options.supportEmail;
  return tenant as TenantInput;
}

/**
 * Writes `tenants/<id>.json` for a new site, after checking it by the server's own rules: the
 * schema, a known theme, and no domain that another site already serves. Nothing is written when
 * any check fails. The file appears whole (written beside it, then linked or renamed into place),
 * so a server watching the folder never reads half of it.
 */
export function createSite(options: NewSiteOptions, dirs: NewSiteDirs, cwd = process.cwd()): NewSiteResult {
  const schemaPointer = relative(dirs.tenantsDir, join(dirs.schemasDir, 'tenant.schema.json'))
    .split(sep)
    .join('/');
  const input = buildTenant(options, schemaPointer);
  const id = String(input.id);
  const path = join(dirs.tenantsDir, `${id}.json`);
  const file = relative(cwd, path);
  const problems: ConfigProblem[] = [];

  const parsed = tenantSchema.safeParse(input);
  if (!parsed.success) problems.push(...issuesToProblems(file, parsed.error));
  if (existsSync(path) && !options.force) {
    problems.push({
      file,
      field: '',
      reason: `already exists (pass --force to replace it${options.id === undefined ? ', or --id to choose another id' : ''})`,
    });
  }
  problems.push(...domainConflicts(input.domains, `${id}.json`, file, dirs.tenantsDir, cwd));
  if (!parsed.success) return { ok: false, problems };
  const tenant = parsed.data;

  // The same resolution the server runs: an unknown theme or a niche without its file fails here.
  const catalogues = loadCatalogues(problems, dirs, cwd);
  const site = resolveSites(problems, [{ file, tenant }], catalogues)?.get(tenant.id);
  if (problems.length) return { ok: false, problems };

  const write = writeWhole(path, `${JSON.stringify(input, null, 2)}\n`, options.force === true);
  if (!write.ok) return { ok: false, problems: [{ file, field: '', reason: write.reason }] };

  const warnings = site ? siteWarnings(site).map((w) => `${w.field}: ${w.reason}`) : [];
  const needsDns = tenant.domains.map(normalizeHost).filter((h) => !isLocalHost(h));
  return { ok: true, file, path, tenant: input, needsDns, warnings };
}

/** Domains of the new site that another tenant file already lists (even a file that is broken now). */
function domainConflicts(
  domains: readonly string[],
  ownName: string,
  file: string,
  tenantsDir: string,
  cwd: string,
): ConfigProblem[] {
  const claimed = new Map<string, string>();
  for (const name of tenantFileNames(tenantsDir)) {
    if (name === ownName) continue;
    const otherPath = join(tenantsDir, name);
    const other = relative(cwd, otherPath);
    const result = parseTenantFile(otherPath, cwd);
    const domains = result.ok ? result.tenant.domains : rawDomains(otherPath);
    for (const domain of domains)
      if (!claimed.has(normalizeHost(domain))) claimed.set(normalizeHost(domain), other);
  }
  const problems: ConfigProblem[] = [];
  domains.forEach((domain, i) => {
    const other = claimed.get(normalizeHost(domain));
    if (other)
      problems.push({ file, field: `domains[${i}]`, reason: `"${domain}" is already served by ${other}` });
  });
  return problems;
}

/** The `domains` of a file that does not pass the schema, as far as they can be read. */
function rawDomains(path: string): string[] {
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as { domains?: unknown };
    return Array.isArray(json.domains) ? json.domains.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

function writeWhole(
  path: string,
  text: string,
  replace: boolean,
): { ok: true } | { ok: false; reason: string } {
  const dir = join(path, '..');
  mkdirSync(dir, { recursive: true });
  // A dot-name that does not end in .json: the registry never reads it as a tenant.
  const temp = join(dir, `.${path.split(sep).pop()}.${process.pid}.tmp`);
  writeFileSync(temp, text, { flag: 'w' });
  try {
    if (replace) {
      renameSync(temp, path);
      return { ok: true };
    }
    // A hard link fails when the name is taken, so a file created meanwhile is never replaced.
    try {
      linkSync(temp, path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return { ok: false, reason: 'already exists (pass --force to replace it)' };
      if (existsSync(path)) return { ok: false, reason: 'already exists (pass --force to replace it)' };
      // File systems without hard links: a rename is still whole, only not exclusive.
      renameSync(temp, path);
    }
    return { ok: true };
  } finally {
    if (existsSync(temp)) unlinkSync(temp);
  }
}

/**
 * The address to open a site at, as the server is reached from outside: `PUBLIC_SCHEME` and
 * `PUBLIC_PORT` (a proxy in front), else the port the server listens on.
 */
export function siteUrl(host: string, env: Record<string, string | undefined>): string {
  const scheme = env.PUBLIC_SCHEME === 'https' ? 'https' : 'http';
  const port = env.PUBLIC_PORT || env.PORT || '4321';
  const defaultPort = scheme === 'https' ? '443' : '80';
  return `${scheme}://${host}${port === defaultPort ? '' : `:${port}`}/`;
}
