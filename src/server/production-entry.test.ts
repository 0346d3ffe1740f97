import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { productionEntrySource, WRAPPED_ENTRY, wrapProductionEntry } from './production-entry.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the production entry', () => {
  it('sets NODE_ENV before it imports the server (a static import would load React first)', () => {
    const source = productionEntrySource();
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source.indexOf("process.env.NODE_ENV = 'production'")).toBeGreaterThan(-1);
    expect(source.indexOf("process.env.NODE_ENV = 'production'")).toBeLessThan(
      source.indexOf(`import('./${WRAPPED_ENTRY}')`),
    );
  });

  it('moves the build’s entry behind the wrapper once, however often the build hook runs', () => {
    dir = mkdtempSync(join(tmpdir(), 'kindred-entry-'));
    writeFileSync(join(dir, 'entry.mjs'), 'export const handler = 1;\n');
    wrapProductionEntry(dir);
    wrapProductionEntry(dir);
    expect(readFileSync(join(dir, WRAPPED_ENTRY), 'utf8')).toBe('export const handler = 1;\n');
    expect(readFileSync(join(dir, 'entry.mjs'), 'utf8')).toBe(productionEntrySource());
  });
});
