import type { Rule } from 'eslint';
import type * as ESTree from 'estree';

/*
 * Both house rules judge a module by the modules it names. The four ways a module can name
 * another (import, re-export of some or all, dynamic import) and how the parser marks a
 * type-only one are read here once, so that the rules cannot drift apart on, say, a re-export.
 */

/** TypeScript's parser marks `import type` and `export type` on the node. */
type Kinded = { importKind?: string; exportKind?: string };

/** Called for every module a file names, with whether only types cross (they vanish at build). */
export type ImportCheck = (node: ESTree.Node, source: string, typeOnly: boolean) => void;

/** Whether an import brings types only: `import type { … }`, or every name marked `type`. */
export function typeOnlyImport(node: ESTree.ImportDeclaration): boolean {
  return (
    (node as Kinded).importKind === 'type' ||
    (node.specifiers.length > 0 && node.specifiers.every((s) => (s as Kinded).importKind === 'type'))
  );
}

/** A rule about a file's imports: `create` answers the check for one file, or none to skip it. */
export function importRule(
  description: string,
  create: (context: Rule.RuleContext) => ImportCheck | undefined,
): Rule.RuleModule {
  return {
    meta: { type: 'problem', docs: { description }, schema: [] },
    create(context) {
      const check = create(context);
      if (!check) return {};
      return {
        ImportDeclaration: (node) => check(node, String(node.source.value), typeOnlyImport(node)),
        ExportNamedDeclaration: (node) => {
          if (node.source) check(node, String(node.source.value), (node as Kinded).exportKind === 'type');
        },
        ExportAllDeclaration: (node) =>
          check(node, String(node.source.value), (node as Kinded).exportKind === 'type'),
        ImportExpression: (node) => {
          if (node.source.type === 'Literal') check(node, String(node.source.value), false);
        },
      };
    },
  };
}
