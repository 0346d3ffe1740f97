/**
 * A `.cpuprofile` summed up: the functions with the most self time, the files (a package counts
 * as one), and the functions with the most time including what they call.
 *
 *   node scripts/bench/profile-summary.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  process.stdout.write('usage: node scripts/bench/profile-summary.ts <file.cpuprofile> [rows]\n');
  process.exit(1);
}
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const shortUrl = (url: string) => url.replace(/.*node_modules\//, 'nm/').replace(/.*dist\/server\//, 'dist/');
const nameOf = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber}`;
const fileOf = (node: Node) =>
  shortUrl(node.callFrame.url).replace(/^(nm\/(@[^/]+\/)?[^/]+).*/, '$1') || '(native)';

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const timeOf = new Map<number, number>();
profile.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const self = new Map<string, number>();
const files = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (map: Map<string, number>, key: string, time: number) => map.set(key, (map.get(key) ?? 0) + time);
let total = 0;
for (const [id, time] of timeOf) {
  total += time;
  const node = byId.get(id)!;
  add(self, nameOf(node), time);
  add(files, fileOf(node), time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = nameOf(byId.get(at)!);
    if (!seen.has(name)) add(inclusive, name, time);
    seen.add(name);
  }
}

const top = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
process.stdout.write(
  `${(total / 1e6).toFixed(1)} s sampled\n\nself time\n${top(self)}\n\nby file\n${top(files)}\n\nincluding callees\n${top(inclusive)}\n`,
);
