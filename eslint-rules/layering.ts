import type { Rule } from 'eslint';
import type * as ESTree from 'estree';
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The house rules of ../shared/ARCHITECTURE.md (rules 1, 2 and 9) as a lint rule, so that a
 * break is an error at once instead of a review comment:
 *
 * - browser code (islands and helpers under `components/`, `*.store.ts`, `src/lib/`) never
 *   imports a service, a repository, `src/server/` or `src/db/`: they would ship server code,
 *   secrets or SQL to the browser;
 * - SQL lives in repositories and `src/db/` only: Kysely, better-sqlite3 and pg are imported for
 *   their values nowhere else (types are fine);
 * - endpoints and pages never reach a repository: they ask a service;
 * - a feature reaches another feature only through its public module (`index.ts`), its
 *   schemas (`*.schemas.ts`, browser-safe, used by both sides), its stores (the browser's
 *   shared state) or its components (the UI it lends to pages and other features); `shell` is the browser platform every feature builds
 *   on. Tests beside the code may use another feature's test support.
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
    !path.endsWith('.test.ts') &&
    (/(^|\/)components\//.test(path) || /\.store\.ts$/.test(path) || path.startsWith('lib/'));
  return { path, feature, browser };
}

const isRepository = (path: string) => /\.repository\.ts$/.test(path);
const isService = (path: string) => /\.service\.ts$/.test(path);
/** Repositories and the database's own code; tests beside the code set up and inspect their tables. */
const sqlAllowed = (path: string) =>
  isRepository(path) || path.startsWith('db/') || /(\.test|test-support)\.ts$/.test(path);

/** TypeScript's parser marks `import type` and `export type` on the node. */
type Kinded = { importKind?: string; exportKind?: string };

const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'The layering of ARCHITECTURE.md: browser, SQL, endpoints, features' },
    schema: [],
  },
  create(context) {
    const found = place(context.filename);
    if (!found) return {};
    const importer = found;
    function check(node: ESTree.Node, source: string, typeOnly: boolean) {
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
      if (importer.path.startsWith('pages/') && isRepository(target.path))
        report(`Pages and endpoints must not reach a repository ('${source}'): ask a service.`);
      const crossing =
        target.feature &&
        importer.feature &&
        target.feature !== importer.feature &&
        target.feature !== 'shell';
      if (crossing && !importer.path.endsWith('.test.ts')) {
        const inFeature = target.path.slice(`features/${target.feature}/`.length);
        if (!/^(index\.ts|[^/]+\.(schemas|store)\.ts|components\/.*)$/.test(inFeature))
          report(
            `Feature '${importer.feature}' reaches '${target.feature}' only through its index.ts ('${source}').`,
          );
      }
    }
    return {
      ImportDeclaration(node) {
        const typeOnly =
          (node as Kinded).importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => (s as Kinded).importKind === 'type'));
        check(node, String(node.source.value), typeOnly);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, String(node.source.value), (node as Kinded).exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, String(node.source.value), (node as Kinded).exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, String(node.source.value), false);
      },
    };
  },
};

export default { rules: { layering: rule } };
