import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/*
 * The import graph of `src/`, every import counted (types too: a type-only loop still ties its
 * files into one unit that cannot be understood, tested or moved apart). Read once per lint
 * run from the files on disk, so the cycle rule costs one pass over the tree, not a walk per
 * import.
 */

const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;
/** `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, into);
    else if (SOURCE.test(name)) into.push(path);
  }
  return into;
}

/** The relative imports of a file's text that name a file of the tree. */
export function importsOf(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) {
    const target = resolve(dirname(file), match[1]!.split('?', 1)[0]!);
    if (existsSync(target)) found.add(target);
  }
  return [...found];
}

export interface ImportGraph {
  /** Each file's imports of files of the tree. */
  edges: Map<string, string[]>;
  /** The strongly connected component of a file: files with the same number import each other in a loop. */
  component: Map<string, number>;
  /** The files of each component that has more than one. */
  cycles: string[][];
}

/** Tarjan's algorithm over the files' imports (iterative: the tree is deep enough to matter). */
export function importGraph(root: string): ImportGraph {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(root)) edges.set(file, importsOf(file, readFileSync(file, 'utf8')));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ file: string; next: number }> = [{ file: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.file);
        const id = index.get(frame.file)!;
        for (const m of members) component.set(m, id);
        if (members.length > 1) cycles.push(members);
      }
    }
  }
  return { edges, component, cycles };
}

/** The shortest way along imports from `from` to `to`, both ends included, or undefined. */
export function importPath(graph: ImportGraph, from: string, to: string): string[] | undefined {
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(cameFrom.get(path[0]!)!);
      return path;
    }
    for (const next of graph.edges.get(file) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}
