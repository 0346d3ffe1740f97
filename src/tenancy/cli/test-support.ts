import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadNiches, loadThemes, type RegistryLogger, type TenancyDirs } from '../registry.ts';
import { resolveSite, type Site } from '../site.ts';
import { tenantSchema, type TenantInput } from '../tenant.schema.ts';

/** The project root, found from this file rather than the working directory tests run in. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const NICHES_DIR = join(PROJECT_ROOT, 'niches');
export const THEMES_DIR = join(PROJECT_ROOT, 'themes');
export const SCHEMAS_DIR = join(PROJECT_ROOT, 'schemas');

/**
 * A throwaway project folder with its own `tenants/` and the project's real niches and themes,
 * so tests exercise the shipped configuration without touching the shipped tenant files.
 */
export interface TempProject {
  root: string;
  dirs: TenancyDirs;
  write(name: string, content: unknown): string;
  remove(): void;
}

export function tempProject(): TempProject {
  const root = mkdtempSync(join(tmpdir(), 'kindred-tenancy-'));
  const tenantsDir = join(root, 'tenants');
  mkdirSync(tenantsDir);
  return {
    root,
    dirs: { tenantsDir, nichesDir: NICHES_DIR, themesDir: THEMES_DIR },
    write(name, content) {
      const path = join(tenantsDir, name);
      writeFileSync(path, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
      return path;
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

let shipped: { niches: ReturnType<typeof loadNiches>; themes: ReturnType<typeof loadThemes> } | undefined;

/** The project's real niches and themes, read once and only by the tests that resolve a site. */
export function shippedConfig() {
  shipped ??= { niches: loadNiches(NICHES_DIR), themes: loadThemes(THEMES_DIR) };
  return shipped;
}

/** A tenant file parsed and resolved against the shipped niche it names and its theme (amber unless named). */
export function resolveTestSite(input: TenantInput): Site {
  const { niches, themes } = shippedConfig();
  const tenant = tenantSchema.parse(input);
  return resolveSite(
    `tenants/${tenant.id}.json`,
    tenant,
    niches.get(tenant.niche)!,
    themes.get(tenant.theme ?? 'amber')!,
  );
}

/** The smallest valid tenant file. */
export function minimalTenant(id: string, domain = `${id}.localhost`) {
  return { id, domains: [domain], name: `Site ${id}`, niche: 'gay' };
}

export function recordingLogger(): RegistryLogger & { infos: string[]; errors: string[] } {
  const infos: string[] = [];
  const errors: string[] = [];
  return {
    infos,
    errors,
    info: (m) => void infos.push(m),
    error: (m) => void errors.push(m),
  };
}

/** Waits until `probe` holds, checking often; fails after `ms`. */
export async function eventually(probe: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}
