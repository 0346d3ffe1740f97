#!/usr/bin/env node
// The operator's command for sites: npm run tenants -- <check|new|schema> [options]
// Only argument parsing and printing live here; the rules are in src/tenancy/cli/.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { NICHE_IDS } from '../src/tenancy/niche.schema.ts';
import { formatProblem, loadThemes } from '../src/tenancy/registry.ts';
import { checkConfig } from '../src/tenancy/cli/check.ts';
import { createSite, siteUrl } from '../src/tenancy/cli/new-site.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NICHES_DIR = join(ROOT, 'niches');
const THEMES_DIR = join(ROOT, 'themes');
const SCHEMAS_DIR = join(ROOT, 'schemas');

const USAGE = `Usage: npm run tenants -- <command> [options]

Commands:
  check    Check every tenant file, niche file and theme manifest as the server does at start.
           Prints "ok: N sites (ids)" or one line per problem, "file: field: reason"; exit 1 on a problem.
  new      Write a new site's file, tenants/<id>.json, after checking it. See "new --help".
  schema   Regenerate schemas/*.schema.json from the zod schemas (editors validate with them).
           --check: only compare, exit 1 when the committed files are stale.

Options of check and new:
  --dir DIR   the tenants folder (default: $TENANTS_DIR, else ./tenants)
  -h, --help  this text
`;

function newUsage(): string {
  let themes = '  (none found)';
  try {
    themes = [...loadThemes(THEMES_DIR).values()].map((t) => `  ${t.id.padEnd(10)} ${t.label}`).join('\n');
  } catch {
    // A broken theme manifest is reported by `check`; the help text still shows.
  }
  return `Usage: npm run tenants -- new --domain HOST --name NAME --niche NICHE [options]

Writes tenants/<id>.json for a new site. The running server picks the file up by itself (or on
SIGHUP); nothing is rebuilt. The file is checked first and not written when anything is wrong.

Required:
  --domain HOST         a host name the site answers on, without www. (repeat, or comma-separate,
                        for more; the first is canonical)
  --name NAME           the brand name
  --niche NICHE         ${NICHE_IDS.join(', ')}

Optional:
  --id ID               the site's id and file name (default: from the first domain,
                        flirt-berlin.de -> flirt-berlin)
  --network N           the member pool to share (default: a pool of its own, named like the id)
  --theme T             default amber; themes:
${themes.replace(/^ {2}/gm, '                          ')}
  --locales de,en       visible languages (default: all eleven)
  --language de-DE      domain_language (default: the first of --locales, else en)
  --country DE[,AT]     served countries, the first is the default (default: all nineteen)
  --support-email E     customer-service address (default: support@<domain>)
  --force               replace an existing file of the same id
  --dir DIR             the tenants folder (default: $TENANTS_DIR, else ./tenants)

Example:
  npm run tenants -- new --domain flirt-berlin.de --name "Flirt Berlin" --niche general \\
    --locales de,en --country DE --support-email hilfe@flirt-berlin.de
`;
}

function list(values: string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

function tenantsDir(dir: string | undefined): string {
  return resolve(dir ?? (process.env.TENANTS_DIR || 'tenants'));
}

function usageError(message: string, usage: string): number {
  process.stderr.write(`${message}\n\n${usage}`);
  return 2;
}

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** What `parseArgs` reads for a command's `options`. */
type Values<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true }>
>['values'];

/**
 * A command's options (`-h`/`--help` besides); undefined when the operator asked for help, which
 * is then printed.
 */
function commandOptions<const O extends ParseArgsOptionsConfig>(
  args: string[],
  options: O,
  usage: string,
): Values<O> | undefined {
  const { values } = parseArgs({ args, options: { ...options, ...HELP }, strict: true });
  // The options are generic here, so `values` knows no `help` of its own: HELP put it there.
  if (!(values as { help?: boolean }).help) return values as Values<O>;
  process.stdout.write(usage);
  return undefined;
}

function runCheck(args: string[]): number {
  const values = commandOptions(args, { dir: { type: 'string' } }, USAGE);
  if (!values) return 0;
  const result = checkConfig({
    tenantsDir: tenantsDir(values.dir),
    nichesDir: NICHES_DIR,
    themesDir: THEMES_DIR,
  });
  if (result.problems.length) {
    for (const p of result.problems) process.stderr.write(`${formatProblem(p)}\n`);
    return 1;
  }
  for (const w of result.warnings) process.stderr.write(`warning: ${formatProblem(w)}\n`);
  const n = result.sites.length;
  process.stdout.write(`ok: ${n} site${n === 1 ? '' : 's'} (${result.sites.join(', ')})\n`);
  return 0;
}

function runNew(args: string[]): number {
  const values = commandOptions(
    args,
    {
      id: { type: 'string' },
      domain: { type: 'string', multiple: true },
      name: { type: 'string' },
      niche: { type: 'string' },
      network: { type: 'string' },
      theme: { type: 'string' },
      locales: { type: 'string' },
      language: { type: 'string' },
      country: { type: 'string', multiple: true },
      countries: { type: 'string', multiple: true },
      'support-email': { type: 'string' },
      force: { type: 'boolean' },
      dir: { type: 'string' },
    },
    newUsage(),
  );
  if (!values) return 0;
  const domains = list(values.domain) ?? [];
  const missing = [
    domains.length === 0 && '--domain',
    values.name === undefined && '--name',
    values.niche === undefined && '--niche',
  ].filter(Boolean);
  if (missing.length) return usageError(`tenants new: missing ${missing.join(', ')}`, newUsage());

  const dir = tenantsDir(values.dir);
  const countries = list([...(values.country ?? []), ...(values.countries ?? [])]) ?? [];
  const result = createSite(
    {
      id: values.id,
      domains,
      name: values.name!,
      niche: values.niche!,
      network: values.network,
      theme: values.theme,
      locales: values.locales === undefined ? undefined : list([values.locales]),
      language: values.language,
      countries: countries.length ? countries : undefined,
      supportEmail: values['support-email'],
      force: values.force,
    },
    { tenantsDir: dir, nichesDir: NICHES_DIR, themesDir: THEMES_DIR, schemasDir: SCHEMAS_DIR },
  );
  if (!result.ok) {
    for (const p of result.problems) process.stderr.write(`${formatProblem(p)}\n`);
    process.stderr.write('nothing was written\n');
    return 1;
  }
  const [primary] = result.tenant.domains;
  process.stdout.write(`wrote ${result.file}\n`);
  for (const w of result.warnings) process.stdout.write(`warning: ${w}\n`);
  if (result.needsDns.length) {
    process.stdout.write(
      `DNS: point ${result.needsDns.join(', ')} at this server (an A/AAAA record, or a CNAME to its host name)\n`,
    );
  }
  process.stdout.write(`open ${siteUrl(primary!, process.env)}\n`);
  process.stdout.write('a running server loads the file within a second (or send it SIGHUP)\n');
  return 0;
}

async function runSchema(args: string[]): Promise<number> {
  const values = commandOptions(args, { check: { type: 'boolean' } }, USAGE);
  if (!values) return 0;
  // Loaded here only: generating schemas reads the TypeScript sources with the TypeScript
  // compiler, which would slow every other command down.
  const { staleSchemas, writeSchemas } = await import('../src/tenancy/cli/json-schemas.ts');
  if (values.check) {
    const stale = staleSchemas(ROOT);
    for (const file of stale) process.stderr.write(`${file}: stale; run: npm run tenants -- schema\n`);
    if (stale.length === 0) process.stdout.write('ok: schemas are up to date\n');
    return stale.length ? 1 : 0;
  }
  for (const file of writeSchemas(ROOT)) process.stdout.write(`wrote ${file}\n`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return runCheck(rest);
      case 'new':
        return runNew(rest);
      case 'schema':
        return await runSchema(rest);
      case undefined:
      case 'help':
      case '-h':
      case '--help':
        process.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        return usageError(`tenants: unknown command "${command}"`, USAGE);
    }
  } catch (e) {
    // parseArgs rejects unknown flags and missing values with a message worth showing as is.
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      return usageError(
        `tenants ${command}: ${(e as Error).message}`,
        command === 'new' ? newUsage() : USAGE,
      );
    }
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));
