import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { nicheSchema } from '../niche.schema.ts';
import { tenantSchema } from '../tenant.schema.ts';
import { themeSchema } from '../theme.schema.ts';
import { fieldDocs } from './field-docs.ts';

/**
 * The JSON Schemas of the configuration files, generated from the zod schemas so that an editor
 * checks a tenant, niche or theme file as it is typed, by the same rules the server applies.
 * They are committed (an editor needs them without running anything); a test regenerates them in
 * memory and fails when a zod schema changed and they were not regenerated.
 */
export interface SchemaTarget {
  /** Where the generated file goes, relative to the project root. */
  file: string;
  title: string;
  description: string;
  schema: z.ZodType;
  /** The zod schema's source, whose doc comments become the fields' descriptions. */
  source: string;
  exportName: string;
}

export const SCHEMA_TARGETS: readonly SchemaTarget[] = [
  {
    file: 'schemas/tenant.schema.json',
    title: 'Kindred site (tenants/<id>.json)',
    description:
      'One branded domain. The smallest valid file is { "id", "domains", "name", "niche" }; every other field has a default from the platform and the niche. The server reloads the file when it changes.',
    schema: tenantSchema,
    source: 'src/tenancy/tenant.schema.ts',
    exportName: 'tenantSchema',
  },
  {
    file: 'schemas/niche.schema.json',
    title: 'Kindred niche (niches/<id>.json)',
    description:
      "What a site's niche decides unless the site overrides it: audience, lander, copy keys, imagery.",
    schema: nicheSchema,
    source: 'src/tenancy/niche.schema.ts',
    exportName: 'nicheSchema',
  },
  {
    file: 'schemas/theme.schema.json',
    title: 'Kindred theme manifest (themes/<id>/theme.json)',
    description: 'What the server needs to know of a theme without reading its Sass.',
    schema: themeSchema,
    source: 'src/tenancy/theme.schema.ts',
    exportName: 'themeSchema',
  },
];

type Json = Record<string, unknown>;

/** The JSON Schema of one target, as the text written to disk. */
export function renderSchema(target: SchemaTarget, root: string): string {
  const json = z.toJSONSchema(target.schema, {
    // Files are written by people: fields with a default are optional, as zod reads them.
    io: 'input',
    // Editors know draft-07 best (VS Code, JetBrains, yaml/json language servers).
    target: 'draft-07',
    unrepresentable: 'any',
    override: (ctx) => {
      // `z.string().transform(clean).pipe(checked)` reads as a plain string on the input side,
      // which would let an editor accept anything. Describe the checked form instead: the editor
      // is then a little stricter (it wants the canonical spelling) but never more lenient.
      const def = ctx.zodSchema._zod.def as { type: string; in?: z.core.$ZodType; out?: z.core.$ZodType };
      if (def.type !== 'pipe' || !def.in || !def.out) return;
      const inner = def.in._zod.def as { type: string; out?: z.core.$ZodType };
      if (inner.type !== 'pipe' || !inner.out?._zod.traits.has('$ZodTransform')) return;
      const checked = z.toJSONSchema(def.out, {
        io: 'input',
        target: 'draft-07',
        unrepresentable: 'any',
      }) as Json;
      delete checked.$schema;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Json)[key];
      Object.assign(ctx.jsonSchema, checked);
    },
  }) as Json;
  const docs = fieldDocs(join(root, target.source), target.exportName);
  describe(json, '', docs);
  const { $schema, ...rest } = json;
  const ordered = { $schema, title: target.title, description: target.description, ...rest };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Walks the generated schema beside the field paths of `fieldDocs` and adds the descriptions. */
function describe(node: unknown, path: string, docs: Map<string, string>, isField = true): void {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Json;
  const doc = isField && path ? docs.get(path) : undefined;
  if (doc && schema.description === undefined) schema.description = doc;
  const properties = schema.properties as Json | undefined;
  if (properties) {
    for (const [key, value] of Object.entries(properties))
      describe(value, path ? `${path}.${key}` : key, docs);
  }
  if (schema.items && typeof schema.items === 'object') describe(schema.items, `${path}[]`, docs);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    describe(schema.additionalProperties, `${path}{}`, docs);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    // The branches are forms of the same field: its text sits on the field, not on each branch.
    if (Array.isArray(branches)) for (const branch of branches) describe(branch, path, docs, false);
  }
}

/** Every target's file and the text it should hold. */
export function generateSchemas(root: string): Array<{ file: string; text: string }> {
  return SCHEMA_TARGETS.map((target) => ({ file: target.file, text: renderSchema(target, root) }));
}

/** The committed schema files that differ from what the zod schemas generate (or are missing). */
export function staleSchemas(root: string): string[] {
  return generateSchemas(root)
    .filter(({ file, text }) => {
      const path = join(root, file);
      return !existsSync(path) || readFileSync(path, 'utf8') !== text;
    })
    .map(({ file }) => file);
}

/** Writes the schema files (each through a temporary file, so a reader never sees half of one). */
export function writeSchemas(root: string): string[] {
  const written: string[] = [];
  for (const { file, text } of generateSchemas(root)) {
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.${file.split('/').pop()}.${process.pid}.tmp`);
    writeFileSync(temp, text);
    renameSync(temp, path);
    written.push(file);
  }
  return written;
}
