import { readdirSync, readFileSync, existsSync, watch, type FSWatcher } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { z } from 'zod';
import { nicheSchema, NICHE_IDS, type Niche, type NicheId } from './niche.schema.ts';
import { resolveSite, type Site } from './site.ts';
import { tenantSchema, type TenantFile } from './tenant.schema.ts';
import { themeSchema, type Theme } from './theme.schema.ts';
import { normalizeHost } from './host.ts';

/** One thing wrong with a configuration file: which file, which field, why. */
export interface ConfigProblem {
  file: string;
  field: string;
  reason: string;
}

export class ConfigError extends Error {
  readonly problems: ConfigProblem[];
  constructor(problems: ConfigProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function formatProblem(p: ConfigProblem): string {
  return `${p.file}: ${p.field || '(file)'}: ${p.reason}`;
}

export interface TenancyDirs {
  tenantsDir: string;
  nichesDir: string;
  themesDir: string;
}

/** An immutable view of all sites; a reload builds a new one and swaps it in whole. */
export interface TenancySnapshot {
  readonly sites: ReadonlyMap<string, Site>;
  readonly byHost: ReadonlyMap<string, Site>;
  readonly niches: ReadonlyMap<NicheId, Niche>;
  readonly themes: ReadonlyMap<string, Theme>;
  /** Bumped at every change, so caches keyed on it drop stale entries. */
  readonly version: number;
}

function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** zod issues as problems an operator can act on: file, field path, reason. */
export function issuesToProblems(file: string, error: z.ZodError): ConfigProblem[] {
  return error.issues.flatMap((issue): ConfigProblem[] => {
    // zod reports a misspelt field on the object that holds it; the operator needs the field
    // itself named, one line each.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        field: fieldPath([...issue.path, key]),
        reason: 'is not a known field (misspelt, or in the wrong place?)',
      }));
    }
    // "Invalid key in record" alone does not say what a valid key looks like; the key's own
    // check does.
    if (issue.code === 'invalid_key' && issue.issues.length > 0) {
      return [
        {
          file,
          field: fieldPath(issue.path),
          reason: `is not a valid key: ${issue.issues.map((i) => i.message).join('; ')}`,
        },
      ];
    }
    return [{ file, field: fieldPath(issue.path), reason: issue.message }];
  });
}

function readJson(
  path: string,
  display: string,
): { ok: true; value: unknown } | { ok: false; problem: ConfigProblem } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return {
      ok: false,
      problem: { file: display, field: '', reason: `cannot be read (${(e as Error).message})` },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return {
      ok: false,
      problem: { file: display, field: '', reason: `is not valid JSON (${(e as Error).message})` },
    };
  }
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort();
}

/**
 * Reads one niche file or theme manifest and checks it against its schema and the id its place
 * gives it; what is wrong goes to `problems` and nothing comes back.
 */
function readNamedFile<S extends z.ZodType<{ id: string }>>(
  schema: S,
  path: string,
  cwd: string,
  problems: ConfigProblem[],
  expect: { id: string; idFrom: string; missing: string },
): z.infer<S> | undefined {
  const display = relative(cwd, path);
  if (!existsSync(path)) {
    problems.push({ file: display, field: '', reason: expect.missing });
    return undefined;
  }
  const json = readJson(path, display);
  if (!json.ok) {
    problems.push(json.problem);
    return undefined;
  }
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) problems.push(...issuesToProblems(display, parsed.error));
  else if (parsed.data.id !== expect.id)
    problems.push({ file: display, field: 'id', reason: `must be "${expect.id}", ${expect.idFrom}` });
  else return parsed.data;
  return undefined;
}

/** Reads and checks the niche files; every niche of the platform must be there. */
export function loadNiches(dir: string, cwd = process.cwd()): Map<NicheId, Niche> {
  const problems: ConfigProblem[] = [];
  const niches = new Map<NicheId, Niche>();
  for (const id of NICHE_IDS) {
    const niche = readNamedFile(nicheSchema, join(dir, `${id}.json`), cwd, problems, {
      id,
      idFrom: "the file's name",
      missing: 'is missing',
    });
    if (niche) niches.set(id, niche);
  }
  if (problems.length) throw new ConfigError(problems);
  return niches;
}

/** Reads and checks every `themes/<id>/theme.json`. */
export function loadThemes(dir: string, cwd = process.cwd()): Map<string, Theme> {
  const problems: ConfigProblem[] = [];
  const themes = new Map<string, Theme>();
  const folders = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  for (const folder of folders) {
    const theme = readNamedFile(themeSchema, join(dir, folder, 'theme.json'), cwd, problems, {
      id: folder,
      idFrom: "the folder's name",
      missing: 'is missing (every theme folder needs a manifest)',
    });
    if (theme) themes.set(folder, theme);
  }
  if (themes.size === 0 && problems.length === 0)
    problems.push({ file: relative(cwd, dir) || dir, field: '', reason: 'holds no theme' });
  if (problems.length) throw new ConfigError(problems);
  return themes;
}

/** Parses one tenant file on its own (schema and file name); cross-file checks come later. */
export function parseTenantFile(
  path: string,
  cwd = process.cwd(),
): { ok: true; tenant: TenantFile } | { ok: false; problems: ConfigProblem[] } {
  const display = relative(cwd, path);
  const json = readJson(path, display);
  if (!json.ok) return { ok: false, problems: [json.problem] };
  const parsed = tenantSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, problems: issuesToProblems(display, parsed.error) };
  const expected = basename(path, '.json');
  if (parsed.data.id !== expected) {
    return {
      ok: false,
      problems: [{ file: display, field: 'id', reason: `must be "${expected}", the file's name` }],
    };
  }
  return { ok: true, tenant: parsed.data };
}

/**
 * Builds a snapshot from parsed tenants: resolves niches and themes, and checks what no single
 * file can check alone (a domain claimed twice, an unknown theme).
 */
export function buildSnapshot(
  tenants: Array<{ file: string; tenant: TenantFile }>,
  niches: Map<NicheId, Niche>,
  themes: Map<string, Theme>,
  version: number,
): TenancySnapshot {
  const problems: ConfigProblem[] = [];
  const sites = new Map<string, Site>();
  const byHost = new Map<string, Site>();
  for (const { file, tenant } of tenants) {
    const themeId = tenant.theme ?? 'amber';
    const theme = themes.get(themeId);
    if (!theme) {
      problems.push({
        file,
        field: 'theme',
        reason: `"${themeId}" is not a theme (known: ${[...themes.keys()].join(', ')})`,
      });
      continue;
    }
    const site = resolveSite(file, tenant, niches.get(tenant.niche)!, theme);
    sites.set(site.id, site);
    tenant.domains.forEach((domain, i) => {
      const host = normalizeHost(domain);
      const other = byHost.get(host);
      if (other && other.id !== site.id) {
        problems.push({
          file,
          field: `domains[${i}]`,
          reason: `"${domain}" is already served by ${other.file}`,
        });
      } else byHost.set(host, site);
    });
  }
  problems.push(...networkNameCollisions(tenants));
  if (problems.length) throw new ConfigError(problems);
  return { sites, byHost, niches, themes, version };
}

/**
 * A site without `network` is a network of its own, named by its id. When other sites name that
 * same network, the site would silently pool its members with theirs (or they with its), which
 * nobody asked for: the site must say `"network"` itself, or take another id.
 */
function networkNameCollisions(tenants: Array<{ file: string; tenant: TenantFile }>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const { file, tenant } of tenants) {
    if (tenant.network === tenant.id) continue; // it joins that network on purpose
    const others = tenants.filter(
      (o) => o.tenant.id !== tenant.id && (o.tenant.network ?? o.tenant.id) === tenant.id,
    );
    if (others.length === 0) continue;
    const named = others.map((o) => o.file).join(', ');
    problems.push({
      file,
      field: 'id',
      reason:
        tenant.network === undefined
          ? `"${tenant.id}" is also the network of ${named}; a site without "network" is a network named by its id, so it would share its members with ${others.length > 1 ? 'them' : 'it'}: set "network" to say which pool it joins, or choose another id`
          : `"${tenant.id}" is also the network of ${named}, which this site is not part of (its network is "${tenant.network}"): choose another id`,
    });
  }
  return problems;
}

export interface RegistryLogger {
  info(message: string): void;
  error(message: string): void;
}

/**
 * All sites, read from the tenant files at start and again whenever a file appears, changes or
 * goes (or on SIGHUP). At start any bad file is fatal; at a reload a bad file is logged and the
 * site keeps its last good configuration.
 */
export class TenantRegistry {
  #snapshot: TenancySnapshot;
  #lastGood = new Map<string, { file: string; tenant: TenantFile }>();
  #listeners = new Set<(s: TenancySnapshot) => void>();
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #onSighup = () => this.reload();
  readonly dirs: TenancyDirs;
  readonly logger: RegistryLogger;

  private constructor(dirs: TenancyDirs, logger: RegistryLogger) {
    this.dirs = dirs;
    this.logger = logger;
    this.#snapshot = {
      sites: new Map(),
      byHost: new Map(),
      niches: new Map(),
      themes: new Map(),
      version: 0,
    };
  }

  /** Loads every file; throws a ConfigError naming each bad file, field and reason. */
  static load(dirs: TenancyDirs, logger: RegistryLogger = console): TenantRegistry {
    const registry = new TenantRegistry(dirs, logger);
    const niches = loadNiches(dirs.nichesDir);
    const themes = loadThemes(dirs.themesDir);
    const problems: ConfigProblem[] = [];
    const parsed: Array<{ file: string; tenant: TenantFile }> = [];
    const files = jsonFiles(dirs.tenantsDir);
    if (!existsSync(dirs.tenantsDir)) {
      problems.push({ file: dirs.tenantsDir, field: '', reason: 'does not exist (set TENANTS_DIR)' });
    }
    for (const name of files) {
      const path = join(dirs.tenantsDir, name);
      const result = parseTenantFile(path);
      if (result.ok) parsed.push({ file: relative(process.cwd(), path), tenant: result.tenant });
      else problems.push(...result.problems);
    }
    if (problems.length) throw new ConfigError(problems);
    registry.#snapshot = buildSnapshot(parsed, niches, themes, 1);
    for (const entry of parsed) registry.#lastGood.set(entry.file, entry);
    return registry;
  }

  get snapshot(): TenancySnapshot {
    return this.#snapshot;
  }

  /** The site serving a Host header, or undefined (unknown hosts get a brandless 404). */
  resolveHost(hostHeader: string | null | undefined): Site | undefined {
    if (!hostHeader) return undefined;
    return this.#snapshot.byHost.get(normalizeHost(hostHeader));
  }

  /** Sites sharing a network (a member pool). */
  sitesOfNetwork(network: string): Site[] {
    return [...this.#snapshot.sites.values()].filter((s) => s.network === network);
  }

  onChange(listener: (s: TenancySnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reads the tenant files again. A file that no longer parses keeps its last good version (and
   * is logged with file, field and reason); a removed file removes its site. When the files
   * together are inconsistent (a domain claimed twice), the whole previous snapshot stays.
   */
  reload(): { changed: boolean; problems: ConfigProblem[] } {
    const problems: ConfigProblem[] = [];
    const next = new Map<string, { file: string; tenant: TenantFile }>();
    for (const name of jsonFiles(this.dirs.tenantsDir)) {
      const path = join(this.dirs.tenantsDir, name);
      const file = relative(process.cwd(), path);
      const result = parseTenantFile(path);
      if (result.ok) next.set(file, { file, tenant: result.tenant });
      else {
        problems.push(...result.problems);
        const previous = this.#lastGood.get(file);
        if (previous) next.set(file, previous);
      }
    }
    for (const p of problems)
      this.logger.error(`tenant reload: ${formatProblem(p)} (keeping the last good configuration)`);
    const before = JSON.stringify([...this.#lastGood.values()].map((e) => e.tenant));
    const after = JSON.stringify([...next.values()].map((e) => e.tenant));
    if (before === after) return { changed: false, problems };
    try {
      const snapshot = buildSnapshot(
        [...next.values()],
        this.#snapshot.niches as Map<NicheId, Niche>,
        this.#snapshot.themes as Map<string, Theme>,
        this.#snapshot.version + 1,
      );
      this.#snapshot = snapshot;
      this.#lastGood = next;
      this.logger.info(`tenants reloaded: ${[...snapshot.sites.keys()].join(', ')}`);
      for (const listener of this.#listeners) listener(snapshot);
      return { changed: true, problems };
    } catch (e) {
      const list =
        e instanceof ConfigError
          ? e.problems
          : [{ file: this.dirs.tenantsDir, field: '', reason: String(e) }];
      for (const p of list)
        this.logger.error(`tenant reload: ${formatProblem(p)} (keeping the previous configuration)`);
      return { changed: false, problems: [...problems, ...list] };
    }
  }

  /** Reloads when a tenant file appears, changes or goes, and on SIGHUP. */
  watch(): void {
    if (this.#watcher) return;
    try {
      this.#watcher = watch(this.dirs.tenantsDir, { persistent: false }, () => {
        // Editors write in several steps (truncate, write, rename): settle before reading.
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => this.reload(), 150);
      });
    } catch (e) {
      this.logger.error(`cannot watch ${this.dirs.tenantsDir} (${(e as Error).message}); reload with SIGHUP`);
    }
    process.on('SIGHUP', this.#onSighup);
  }

  close(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
    clearTimeout(this.#timer);
    process.off('SIGHUP', this.#onSighup);
  }
}
