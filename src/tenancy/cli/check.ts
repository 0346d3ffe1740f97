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
import type { TenantFile } from '../tenant.schema.ts';

export interface CheckResult {
  /** Ids of the sites that would be served, sorted. */
  sites: string[];
  problems: ConfigProblem[];
}

/**
 * Checks every tenant file, niche file and theme manifest by the rules the server applies at
 * start (`TenantRegistry.load`), but collects every problem instead of stopping at the first bad
 * kind of file: an operator fixing a tree wants the whole list at once.
 */
export function checkConfig(dirs: TenancyDirs, cwd = process.cwd()): CheckResult {
  const problems: ConfigProblem[] = [];
  const niches = collect(problems, () => loadNiches(dirs.nichesDir, cwd));
  const themes = collect(problems, () => loadThemes(dirs.themesDir, cwd));

  const tenants: Array<{ file: string; tenant: TenantFile }> = [];
  const display = relative(cwd, dirs.tenantsDir) || '.';
  if (!existsSync(dirs.tenantsDir)) {
    problems.push({ file: display, field: '', reason: 'does not exist (pass --dir or set TENANTS_DIR)' });
  } else {
    const names = tenantFileNames(dirs.tenantsDir);
    // The server would start with no site and answer every host with a 404: almost always a
    // wrong directory rather than an intent.
    if (names.length === 0) problems.push({ file: display, field: '', reason: 'holds no tenant file (*.json)' });
    for (const name of names) {
      const path = join(dirs.tenantsDir, name);
      const result = parseTenantFile(path, cwd);
      if (result.ok) tenants.push({ file: relative(cwd, path), tenant: result.tenant });
      else problems.push(...result.problems);
    }
  }

  let sites: string[] = [];
  // Cross-file checks need every niche and theme; without them they would only add noise.
  if (niches && themes) {
    const snapshot = collect(problems, () => buildSnapshot(tenants, niches, themes, 1));
    if (snapshot) sites = [...snapshot.sites.keys()].sort();
  }
  return { sites: problems.length ? [] : sites, problems };
}

/** The file names the registry reads as tenants (hidden and temporary files are not). */
export function tenantFileNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort();
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
