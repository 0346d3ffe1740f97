/**
 * What `npm ci` needs of package-lock.json, checked without the network: the root entry says
 * what package.json says, and every package an entry depends on (optional platform binaries of
 * other systems included: `npm ci` on a Mac needs the darwin build listed, though Linux never
 * installs it) is an entry itself, with the integrity `npm ci` verifies it by.
 */

interface LockEntry {
  version?: string;
  integrity?: string;
  resolved?: string;
  link?: boolean;
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: Record<string, string>;
}

export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

export interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

/** Where Node would find `name` from the package at `from`: its own node_modules, then up. */
function resolveEntry(packages: Lockfile['packages'], from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

function sameMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): string[] {
  const out: string[] = [];
  const left = a ?? {};
  const right = b ?? {};
  for (const name of new Set([...Object.keys(left), ...Object.keys(right)])) {
    if (left[name] !== right[name])
      out.push(`${name}: package.json ${left[name] ?? '(none)'}, lockfile ${right[name] ?? '(none)'}`);
  }
  return out;
}

/** Each thing `npm ci` would refuse or miss, as a line naming the entry; empty when it is fine. */
export function lockfileProblems(pkg: PackageJson, lock: Lockfile): string[] {
  const problems: string[] = [];
  if (lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock.lockfileVersion}: npm ci needs 2 or 3`);
  const root = lock.packages[''];
  if (!root) return [...problems, 'no root entry ("") in packages'];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
    for (const diff of sameMap(pkg[field], root[field])) problems.push(`root ${field}: ${diff}`);
  }
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.link) continue;
    if (!entry.version) problems.push(`${path}: no version`);
    if (!entry.integrity) problems.push(`${path}: no integrity`);
  }
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    const required = {
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...(path === '' ? entry.devDependencies : {}),
    };
    for (const name of Object.keys(required)) {
      if (resolveEntry(lock.packages, path, name)) continue;
      const kind = entry.optionalDependencies?.[name] ? 'optional ' : '';
      problems.push(`${path || 'root'}: its ${kind}dependency ${name}@${required[name]} has no entry`);
    }
    for (const name of Object.keys(entry.peerDependencies ?? {})) {
      if (entry.peerDependenciesMeta?.[name]?.optional) continue;
      if (!resolveEntry(lock.packages, path, name))
        problems.push(`${path}: its peer dependency ${name}@${entry.peerDependencies![name]} has no entry`);
    }
  }
  return problems;
}

/** The platforms the lockfile carries a binary for, per package that ships binaries per platform. */
export function platformBinaries(lock: Lockfile): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const target = resolveEntry(lock.packages, path, name);
      const dep = target ? lock.packages[target] : undefined;
      if (!dep?.os && !dep?.cpu) continue;
      const list = out.get(path) ?? [];
      list.push([...(dep.os ?? []), ...(dep.cpu ?? [])].join('-'));
      out.set(path, list);
    }
  }
  return out;
}
