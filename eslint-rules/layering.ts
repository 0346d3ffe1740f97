import type * as ESTree from 'estree';
import { dirname, relative, resolve, sep } from 'node:path';
import { importRule, typeOnlyImport } from './import-rule.ts';
import noCycle from './no-cycle.ts';

/**
 * The house rules of ../shared/ARCHITECTURE.md (rules 1, 2, 9 and 11) as a lint rule, so that
 * a break is an error at once instead of a review comment:
 *
 * - browser code (islands and helpers under `components/` or `client/`, `*.store.ts`,
 *   `src/lib/`, and any other module that imports React, nanostores, a store or the API client:
 *   the form helpers of `shell`, the chat's live updates) never imports a service, a
 *   repository, `src/server/` or `src/db/`: they would ship server code, secrets or SQL to the
 *   browser;
 * - `src/server/` is the platform under every feature: it imports no feature and not the
 *   composition root (`src/app/`), which wires the features into it; no feature imports the
 *   composition root either;
 * - SQL lives in repositories and `src/db/` only: Kysely, better-sqlite3 and pg are imported for
 *   their values nowhere else (types are fine);
 * - endpoints and pages never reach a repository: they ask a service;
 * - a feature reaches another feature only through its public module (`index.ts`), its
 *   schemas (`*.schemas.ts`, browser-safe, used by both sides), its constants (`*.constants.ts`:
 *   the lists and limits of its schemas, for islands that must not bring the schemas' zod along),
 *   its stores (the browser's shared state) or its components (the UI it lends to pages and other
 *   features); `shell` is the browser platform every feature builds on. Tests beside the code may
 *   use another feature's test support.
 */

const SRC = resolve(import.meta.dirname, '..', 'src');
const DATABASE_PACKAGES = new Set(['kysely', 'better-sqlite3', 'pg']);

/** Where a file of `src/` sits: its feature (if any) and whether it runs in the browser. */
interface Place {
  path: string;
  feature: string | undefined;
  browser: boolean;
}

function place(file: string): Place | undefined {
  const path = relative(SRC, file).split(sep).join('/');
  if (path.startsWith('..')) return undefined;
  const feature = /^features\/([^/]+)\//.exec(path)?.[1];
  const browser =
    !path.endsWith('.astro') &&
    !isTest(path) &&
    (/(^|\/)(components|client)\//.test(path) || /\.store\.ts$/.test(path) || path.startsWith('lib/'));
  return { path, feature, browser };
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** Packages and modules only the browser's code imports for their values. */
const BROWSER_PACKAGE = /^(react|react-dom|nanostores|@nanostores\/.+)(\/.*)?$/;
const BROWSER_MODULE = /(\.store\.ts|[\\/]lib[\\/]api-client\.ts)$/;

/** Whether a module is browser code by what it imports (a helper of islands outside components/). */
function importsBrowserCode(program: ESTree.Program): boolean {
  return program.body.some((statement) => {
    if (statement.type !== 'ImportDeclaration') return false;
    if (typeOnlyImport(statement)) return false;
    const source = String(statement.source.value);
    return BROWSER_PACKAGE.test(source) || BROWSER_MODULE.test(source);
  });
}

const isRepository = (path: string) => /\.repository\.ts$/.test(path);
const isService = (path: string) => /\.service\.ts$/.test(path);
/** Repositories and the database's own code; tests beside the code set up and inspect their tables. */
const sqlAllowed = (path: string) =>
  isRepository(path) || path.startsWith('db/') || /(\.test|test-support)\.ts$/.test(path);

const rule = importRule('The layering of ARCHITECTURE.md: browser, SQL, endpoints, features', (context) => {
  const found = place(context.filename);
  if (!found) return undefined;
  const importer = found;
  // src/server/ renders React on the server (react-islands.ts): never browser code by its imports.
  if (
    !importer.browser &&
    !importer.path.endsWith('.astro') &&
    !importer.path.startsWith('server/') &&
    !isTest(importer.path)
  )
    importer.browser = importsBrowserCode(context.sourceCode.ast as ESTree.Program);
  return (node, source, typeOnly) => {
    const report = (message: string) => context.report({ node, message });
    if (!source.startsWith('.')) {
      if (!typeOnly && DATABASE_PACKAGES.has(source) && !sqlAllowed(importer.path))
        report(`'${source}' is for repositories and src/db only: ask a repository instead.`);
      return;
    }
    const target = place(resolve(dirname(context.filename), source));
    if (!target) return;
    if (importer.browser && !typeOnly) {
      if (isService(target.path) || isRepository(target.path) || /^(server|db)\//.test(target.path))
        report(`Browser code must not import '${source}': call the API through src/lib/api-client.ts.`);
    }
    if (
      importer.path.startsWith('server/') &&
      !isTest(importer.path) &&
      (target.feature || target.path.startsWith('app/'))
    )
      report(
        `src/server/ imports no feature ('${source}'): the composition root (src/app/) wires features into the platform.`,
      );
    if (importer.feature && !isTest(importer.path) && target.path.startsWith('app/'))
      report(
        `A feature must not import the composition root ('${source}'): src/app/ imports features, not the other way.`,
      );
    if (importer.path.startsWith('pages/') && isRepository(target.path))
      report(`Pages and endpoints must not reach a repository ('${source}'): ask a service.`);
    const crossing =
      target.feature && importer.feature && target.feature !== importer.feature && target.feature !== 'shell';
    if (crossing && !importer.path.endsWith('.test.ts')) {
      const inFeature = target.path.slice(`features/${target.feature}/`.length);
      if (!/^(index\.ts|[^/]+\.(schemas|constants|store)\.ts|components\/.*)$/.test(inFeature))
        report(
          `Feature '${importer.feature}' reaches '${target.feature}' only through its index.ts ('${source}').`,
        );
    }
  };
});

export default { rules: { layering: rule, 'no-cycle': noCycle } };
