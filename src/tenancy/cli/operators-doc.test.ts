import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.ts';
import { nicheSchema } from '../niche.schema.ts';
import { publicSettings } from '../public-settings.ts';
import { loadNiches, loadThemes, TenantRegistry } from '../registry.ts';
import { companySchema, tenantSchema } from '../tenant.schema.ts';
import { themeSchema } from '../theme.schema.ts';
import {
  minimalTenant,
  NICHES_DIR,
  PROJECT_ROOT,
  recordingLogger,
  tempProject,
  THEMES_DIR,
} from './test-support.ts';

/**
 * docs/operators.md promises a row for every configurable field and every public setting; these
 * tests fail when a field is added to a schema or to the settings without a word for operators.
 */
const doc = readFileSync(join(PROJECT_ROOT, 'docs/operators.md'), 'utf8');

/** The first cells of the markdown table rows under a heading. */
function tableKeys(heading: string): Set<string> {
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 4);
  const section = doc.slice(start, end === -1 ? undefined : end);
  const keys = new Set<string>();
  for (const line of section.split('\n')) {
    const cell = /^\| (.+?) \|/.exec(line)?.[1];
    if (!cell) continue;
    // A cell may name several fields: `a`, `b` or `copy.x`, `.y`.
    let prefix = '';
    for (const [, name] of cell.matchAll(/`([^`]+)`/g)) {
      if (name!.startsWith('.')) keys.add(prefix + name!.slice(1));
      else {
        keys.add(name!);
        prefix = name!.includes('.') ? name!.slice(0, name!.lastIndexOf('.') + 1) : '';
      }
    }
  }
  return keys;
}

function shapeKeys(schema: { shape: Record<string, unknown> }, nested: string[] = []): string[] {
  const keys = Object.keys(schema.shape).filter((k) => k !== '$schema');
  const out = [...keys];
  for (const key of nested) {
    let inner = schema.shape[key] as { unwrap?: () => unknown; shape?: Record<string, unknown> };
    while (!inner.shape && inner.unwrap) inner = inner.unwrap() as typeof inner;
    out.push(...Object.keys(inner.shape!).map((k) => `${key}.${k}`));
  }
  return out;
}

describe('docs/operators.md', () => {
  it('has a row for every tenant-file field', () => {
    const documented = tableKeys('The tenant file');
    const missing = shapeKeys(tenantSchema, ['prices', 'limits']).filter(
      (k) => !documented.has(k) && !['prices', 'limits'].includes(k),
    );
    expect(missing).toEqual([]);
  });

  it('has a row for every company field', () => {
    const documented = tableKeys('Company info');
    expect(Object.keys(companySchema.shape).filter((k) => !documented.has(k))).toEqual([]);
  });

  it('has a row for every niche-file and theme-manifest field', () => {
    const niche = tableKeys('Niche files');
    const nicheFields = shapeKeys(nicheSchema, [
      'audience',
      'signup_defaults',
      'default_search',
      'copy',
      'imagery',
    ]).filter((k) => !['audience', 'signup_defaults', 'default_search', 'copy', 'imagery'].includes(k));
    expect(nicheFields.filter((k) => !niche.has(k))).toEqual([]);
    const theme = tableKeys('Themes');
    expect(shapeKeys(themeSchema, ['colors']).filter((k) => k !== 'colors' && !theme.has(k))).toEqual([]);
  });

  it('has a row for every setting the server answers, and lists the shipped niches and themes', () => {
    const project = tempProject();
    try {
      project.write('x.json', minimalTenant('x'));
      const site = TenantRegistry.load(project.dirs, recordingLogger()).snapshot.sites.get('x')!;
      const settings = publicSettings(site, 'en', translator('en'), {
        domain: 'x.localhost',
        geoipCountry: null,
        selectedCountry: 'NL',
        pushPublicKey: 'k',
      });
      const documented = tableKeys('Settings of spec §3, field by field');
      const section = doc.slice(doc.indexOf('## Settings of spec §3'), doc.indexOf('## Company info'));
      const missing = Object.keys(settings).filter(
        (k) => !documented.has(k) && !section.includes(`\`${k}\``),
      );
      expect(missing).toEqual([]);
    } finally {
      project.remove();
    }
    for (const id of loadNiches(NICHES_DIR).keys())
      expect(doc).toMatch(new RegExp(`^\\| ${id} +\\| \\d +\\|`, 'm'));
    for (const id of loadThemes(THEMES_DIR).keys()) expect(doc).toContain(`\`${id}\``);
  });
});
