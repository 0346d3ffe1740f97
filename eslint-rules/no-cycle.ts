import { dirname, relative, resolve } from 'node:path';
import { importGraph, importPath, type ImportGraph } from './import-graph.ts';
import { importRule } from './import-rule.ts';

/*
 * No import cycles in `src/` (../shared/ARCHITECTURE.md rule 9), type imports included: a loop
 * of type imports still makes its files one unit, which is how `src/server/` and fourteen
 * features once became one knot. eslint-plugin-import-x's `no-cycle` skips type-only imports
 * (it has no option to count them), and walks the tree again from every import; this rule
 * reads the tree's import graph once per lint run and reports an import whose target leads
 * back to the importer, with the way back.
 */

const SRC = resolve(import.meta.dirname, '..', 'src');

let graph: ImportGraph | undefined;

function currentGraph(): ImportGraph {
  graph ??= importGraph(SRC);
  return graph;
}

const shown = (file: string) => relative(SRC, file);

const rule = importRule('No import cycles in src/, type imports included', (context) => {
  const file = context.filename;
  if (relative(SRC, file).startsWith('..')) return undefined;
  const tree = currentGraph();
  const own = tree.component.get(file);
  // A file outside every loop (the usual case) needs no look at its imports.
  if (own === undefined || !tree.cycles.some((cycle) => cycle.includes(file))) return undefined;
  // Type imports count too: a loop of them still makes its files one unit.
  return (node, source) => {
    if (!source.startsWith('.')) return;
    const target = resolve(dirname(file), source.split('?', 1)[0]!);
    if (tree.component.get(target) !== own) return;
    const back = importPath(tree, target, file) ?? [target, file];
    context.report({
      node,
      message: `Import cycle: ${[file, ...back].map(shown).join(' → ')}. Move what both need into a module both import.`,
    });
  };
});

export default rule;
