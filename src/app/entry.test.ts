import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the built server entry', () => {
  it('sets NODE_ENV before it imports the server (a static import would load React first)', () => {
    const source = readFileSync(new URL('./entry.ts', import.meta.url), 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    expect(source).not.toMatch(/^\s*import\s/m);
    const setting = source.indexOf("process.env['NODE_ENV'] = 'production'");
    expect(setting).toBeGreaterThan(-1);
    expect(setting).toBeLessThan(source.indexOf("await import('./server.ts')"));
  });
});
