import { createHash } from 'node:crypto';
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

/** Tenant files are `<id>.json`; hidden files (editors' swap files) are not. */
function isTenantFileName(name: string): boolean {
  return name.endsWith('.json') && !name.startsWith('.') && !name.includes('/');
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter(isTenantFileName).sort();
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
  return checkTenant(path, display, json.value);
}

function checkTenant(
  path: string,
  display: string,
  value: unknown,
): { ok: true; tenant: TenantFile } | { ok: false; problems: ConfigProblem[] } {
  const parsed = tenantSchema.safeParse(value);
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

type ParseResult = { ok: true; tenant: TenantFile } | { ok: false; problems: ConfigProblem[] };

/**
 * Tenant files as last read, by path: the digest of their bytes and what parsing them gave. A
 * reload reads its files again (an edit within the file system's timestamp tick would fool a
 * check of modification times) but parses only those whose bytes changed, and hands back the
 * very same tenant object for the others.
 */
class TenantFileCache {
  #entries = new Map<string, { digest: string; result: ParseResult }>();

  read(path: string, display: string): ParseResult {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      this.#entries.delete(path);
      return {
        ok: false,
        problems: [{ file: display, field: '', reason: `cannot be read (${(e as Error).message})` }],
      };
    }
    const digest = createHash('sha1').update(text).digest('base64');
    const known = this.#entries.get(path);
    if (known && known.digest === digest) return known.result;
    let result: ParseResult;
    try {
      result = checkTenant(path, display, JSON.parse(text));
    } catch (e) {
      result = {
        ok: false,
        problems: [{ file: display, field: '', reason: `is not valid JSON (${(e as Error).message})` }],
      };
    }
    this.#entries.set(path, { digest, result });
    return result;
  }

  forget(path: string): void {
    this.#entries.delete(path);
  }

  /** Forgets files that are gone, so a file written again later is parsed afresh. */
  keepOnly(paths: ReadonlySet<string>): void {
    for (const path of this.#entries.keys()) if (!paths.has(path)) this.#entries.delete(path);
  }
}

/**
 * Resolved sites by the parsed tenant object they came from: a reload that leaves a file alone
 * keeps that site's object, so what is cached per site (message costs, pages of its network)
 * stays, and only the changed file is resolved again.
 */
const resolvedSites = new WeakMap<TenantFile, Site>();

function siteOf(file: string, tenant: TenantFile, niche: Niche, theme: Theme): Site {
  const known = resolvedSites.get(tenant);
  if (known && known.file === file && known.nicheConfig === niche && known.theme === theme) return known;
  const site = resolveSite(file, tenant, niche, theme);
  resolvedSites.set(tenant, site);
  return site;
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
    const site = siteOf(file, tenant, niches.get(tenant.niche)!, theme);
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
  // Grouped once by network: comparing every site with every other is 100 million steps at
  // 10,000 sites, seconds of a start.
  const byNetwork = new Map<string, Array<{ file: string; tenant: TenantFile }>>();
  for (const entry of tenants) {
    const network = entry.tenant.network ?? entry.tenant.id;
    const group = byNetwork.get(network);
    if (group) group.push(entry);
    else byNetwork.set(network, [entry]);
  }
  const problems: ConfigProblem[] = [];
  for (const { file, tenant } of tenants) {
    if (tenant.network === tenant.id) continue; // it joins that network on purpose
    const others = (byNetwork.get(tenant.id) ?? []).filter((o) => o.tenant.id !== tenant.id);
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

interface TenantChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

type TenantEntries = ReadonlyMap<string, { file: string; tenant: TenantFile }>;

/** Which site ids a reload adds, changes and removes (by file; same bytes count as unchanged). */
function tenantChanges(before: TenantEntries, after: TenantEntries): TenantChanges {
  const out: TenantChanges = { added: [], changed: [], removed: [] };
  for (const [file, entry] of after) {
    const old = before.get(file);
    if (!old) out.added.push(entry.tenant.id);
    else if (old !== entry && JSON.stringify(old.tenant) !== JSON.stringify(entry.tenant))
      out.changed.push(entry.tenant.id);
  }
  for (const [file, entry] of before) if (!after.has(file)) out.removed.push(entry.tenant.id);
  return out;
}

/** "added a, b; changed c" with long lists cut, for the log line of a reload. */
function describeChanges(change: TenantChanges): string {
  const list = (ids: string[]) =>
    ids.length > 10 ? `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more` : ids.join(', ');
  return (['added', 'changed', 'removed'] as const)
    .filter((k) => change[k].length > 0)
    .map((k) => `${k} ${list(change[k])}`)
    .join('; ');
}

const networkIndex = new WeakMap<TenancySnapshot, Map<string, Site[]>>();

/**
 * The snapshot's sites by network, built once per snapshot: every request asks for its site's
 * network, and filtering all sites each time is a pass over thousands of them.
 */
export function networksOf(snapshot: TenancySnapshot): ReadonlyMap<string, readonly Site[]> {
  let index = networkIndex.get(snapshot);
  if (!index) {
    index = new Map();
    for (const site of snapshot.sites.values()) {
      const list = index.get(site.network);
      if (list) list.push(site);
      else index.set(site.network, [site]);
    }
    networkIndex.set(snapshot, index);
  }
  return index;
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
  #files = new TenantFileCache();
  #listeners = new Set<(s: TenancySnapshot) => void>();
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** File names the watcher reported since the last reload, or 'all' to read the whole folder. */
  #pending: Set<string> | 'all' = new Set();
  #onSighup = () => this.reload();
  #loadedAt = Date.now();
  /** When each tenant file's version in the snapshot was read (the console's site health). */
  #fileLoadedAt = new Map<string, number>();
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
    if (!existsSync(dirs.tenantsDir)) {
      problems.push({ file: dirs.tenantsDir, field: '', reason: 'does not exist (set TENANTS_DIR)' });
    }
    for (const { path, file } of registry.#tenantPaths()) {
      const result = registry.#files.read(path, file);
      if (result.ok) parsed.push({ file, tenant: result.tenant });
      else problems.push(...result.problems);
    }
    if (problems.length) throw new ConfigError(problems);
    registry.#snapshot = buildSnapshot(parsed, niches, themes, 1);
    for (const entry of parsed) {
      registry.#lastGood.set(entry.file, entry);
      registry.#fileLoadedAt.set(entry.file, registry.#loadedAt);
    }
    return registry;
  }

  #tenantPaths(): Array<{ path: string; file: string }> {
    const cwd = process.cwd();
    return jsonFiles(this.dirs.tenantsDir).map((name) => {
      const path = join(this.dirs.tenantsDir, name);
      return { path, file: relative(cwd, path) };
    });
  }

  get snapshot(): TenancySnapshot {
    return this.#snapshot;
  }

  /** When the snapshot in use was built (epoch milliseconds). */
  get loadedAt(): number {
    return this.#loadedAt;
  }

  /** When the version in use of a tenant file (as `Site.file` names it) was read. */
  fileLoadedAt(file: string): number | undefined {
    return this.#fileLoadedAt.get(file);
  }

  /** The site serving a Host header, or undefined (unknown hosts get a brandless 404). */
  resolveHost(hostHeader: string | null | undefined): Site | undefined {
    if (!hostHeader) return undefined;
    return this.#snapshot.byHost.get(normalizeHost(hostHeader));
  }

  /** Sites sharing a network (a member pool). */
  sitesOfNetwork(network: string): Site[] {
    return [...(networksOf(this.#snapshot).get(network) ?? [])];
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
    const paths = this.#tenantPaths();
    for (const { path, file } of paths) this.#readInto(next, path, file, problems);
    this.#files.keepOnly(new Set(paths.map((p) => p.path)));
    return this.#apply(next, problems);
  }

  /**
   * Reads again only the named files of the tenants folder (as the watcher reports them): a
   * change to one site of thousands reads one file, not all. A name whose file is gone removes
   * its site.
   */
  reloadFiles(names: Iterable<string>): { changed: boolean; problems: ConfigProblem[] } {
    const problems: ConfigProblem[] = [];
    const next = new Map(this.#lastGood);
    const cwd = process.cwd();
    for (const name of new Set(names)) {
      if (!isTenantFileName(name)) continue;
      const path = join(this.dirs.tenantsDir, name);
      const file = relative(cwd, path);
      if (existsSync(path)) this.#readInto(next, path, file, problems);
      else {
        next.delete(file);
        this.#files.forget(path);
      }
    }
    return this.#apply(next, problems);
  }

  #readInto(
    next: Map<string, { file: string; tenant: TenantFile }>,
    path: string,
    file: string,
    problems: ConfigProblem[],
  ): void {
    const result = this.#files.read(path, file);
    const previous = this.#lastGood.get(file);
    if (result.ok) {
      // An unchanged file gives back the same tenant object: keep its entry as it was.
      next.set(file, previous?.tenant === result.tenant ? previous : { file, tenant: result.tenant });
    } else {
      problems.push(...result.problems);
      if (previous) next.set(file, previous);
      else next.delete(file);
    }
  }

  #apply(
    next: Map<string, { file: string; tenant: TenantFile }>,
    problems: ConfigProblem[],
  ): { changed: boolean; problems: ConfigProblem[] } {
    for (const p of problems)
      this.logger.error(`tenant reload: ${formatProblem(p)} (keeping the last good configuration)`);
    const change = tenantChanges(this.#lastGood, next);
    if (change.added.length + change.changed.length + change.removed.length === 0) {
      return { changed: false, problems };
    }
    try {
      const snapshot = buildSnapshot(
        [...next.values()],
        this.#snapshot.niches as Map<NicheId, Niche>,
        this.#snapshot.themes as Map<string, Theme>,
        this.#snapshot.version + 1,
      );
      this.#loadedAt = Date.now();
      // An unchanged file keeps its entry object (see #readInto), so a new object is a new read.
      for (const [file, entry] of next)
        if (this.#lastGood.get(file) !== entry) this.#fileLoadedAt.set(file, this.#loadedAt);
      for (const file of this.#lastGood.keys()) if (!next.has(file)) this.#fileLoadedAt.delete(file);
      this.#snapshot = snapshot;
      this.#lastGood = next;
      this.logger.info(`tenants reloaded: ${describeChanges(change)}; ${snapshot.sites.size} sites`);
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
      this.#watcher = watch(this.dirs.tenantsDir, { persistent: false }, (_event, name) => {
        // Only the files named since the last reload are read again; an event without a name
        // (some file systems) reads the whole folder.
        if (name === null || this.#pending === 'all') this.#pending = 'all';
        else this.#pending.add(String(name));
        // Editors write in several steps (truncate, write, rename): settle before reading.
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => {
          const pending = this.#pending;
          this.#pending = new Set();
          if (pending === 'all') this.reload();
          else this.reloadFiles(pending);
        }, 150);
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
