import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldDocs } from './field-docs.ts';
import { generateSchemas, SCHEMA_TARGETS, staleSchemas } from './json-schemas.ts';
import { PROJECT_ROOT } from './test-support.ts';

type Json = Record<string, unknown>;
const generated = new Map(
  generateSchemas(PROJECT_ROOT).map(({ file, text }) => [file, JSON.parse(text) as Json]),
);

/** Every field of a schema with its path, through objects, arrays, records and unions. */
function fields(node: Json, path = ''): Array<{ path: string; schema: Json }> {
  const out: Array<{ path: string; schema: Json }> = [];
  for (const [key, value] of Object.entries((node.properties as Record<string, Json> | undefined) ?? {})) {
    const p = path ? `${path}.${key}` : key;
    out.push({ path: p, schema: value }, ...fields(value, p));
  }
  if (node.items && typeof node.items === 'object') out.push(...fields(node.items as Json, `${path}[]`));
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    out.push(...fields(node.additionalProperties as Json, `${path}{}`));
  }
  for (const branch of (node.anyOf as Json[] | undefined) ?? []) out.push(...fields(branch, path));
  return out;
}

describe('the committed JSON schemas', () => {
  it('are what the zod schemas generate (run `npm run tenants -- schema` after changing one)', () => {
    expect(staleSchemas(PROJECT_ROOT)).toEqual([]);
    for (const { file, text } of generateSchemas(PROJECT_ROOT)) {
      expect(readFileSync(join(PROJECT_ROOT, file), 'utf8'), file).toBe(text);
    }
  });

  it('describe every field, from its doc comment', () => {
    for (const [file, schema] of generated) {
      const undocumented = fields(schema)
        .filter((f) => typeof f.schema.description !== 'string')
        .map((f) => f.path);
      expect(undocumented, file).toEqual([]);
    }
  });

  it('ask for exactly the four fields a smallest tenant file has', () => {
    const tenant = generated.get('schemas/tenant.schema.json')!;
    expect(tenant.required).toEqual(['id', 'domains', 'name', 'niche']);
    expect(tenant.additionalProperties).toBe(false);
  });

  it('check a domain in its canonical spelling, as the server stores it', () => {
    const tenant = generated.get('schemas/tenant.schema.json')!;
    const items = (tenant.properties as Record<string, Json>).domains!.items as Json;
    const pattern = new RegExp(items.pattern as string);
    for (const ok of ['example.com', 'rainbow.localhost', '127.0.0.1', 'a-b.example.co.uk'])
      expect(pattern.test(ok), ok).toBe(true);
    for (const bad of ['https://example.com', 'example.com:80', 'example.com/', '-x.com', ''])
      expect(pattern.test(bad), bad).toBe(false);
  });

  it('know every field the shipped tenant and niche files use', () => {
    for (const target of SCHEMA_TARGETS) {
      const known = new Set(fields(generated.get(target.file)!).map((f) => f.path));
      expect(known.size, target.file).toBeGreaterThan(3);
    }
    const tenantFields = new Set(fields(generated.get('schemas/tenant.schema.json')!).map((f) => f.path));
    const rainbow = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tenants/rainbow.json'), 'utf8')) as Json;
    for (const key of Object.keys(rainbow)) expect(tenantFields.has(key), key).toBe(true);
  });
});

describe('fieldDocs', () => {
  it('follows nested objects, arrays, records and shared schemas', () => {
    const docs = fieldDocs(join(PROJECT_ROOT, 'src/tenancy/tenant.schema.ts'), 'tenantSchema');
    expect(docs.get('name')).toBe('The brand name (`settings.name`).');
    expect(docs.get('company.kvk')).toMatch(/^Chamber of commerce/);
    expect(docs.get('prices.bundles[].credits')).toBe('Credits the bundle adds.');
    expect(docs.get('campaigns{}.params')).toMatch(/^Tracking parameters/);
    // Wrapped comment lines are joined into one line.
    expect(docs.get('network')).not.toMatch(/\n/);
  });
});
