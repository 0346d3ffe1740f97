import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A render that is to serve every member of its shape (a member page kept whole,
 * `page-template.ts`) must read nothing of the request but what its key holds. This runs such a
 * render with the request's other inputs guarded, and tells what it reached for:
 *
 * - the platform's data and services (the database, the buses, the storage, the payments...),
 *   and its clock: a page that reads data, or the time, is the member's own or the minute's
 *   (the day is part of every key: `dayOf`);
 * - the client's address;
 * - the request's headers (its cookies among them), but the host.
 *
 * A reach for data throws before anything is read or written (the page's own code runs with
 * stand-ins for the member's ids: nothing may be done with them), so the render fails and
 * nothing is kept. The other reads are answered and noted. Either way the caller keeps nothing.
 */

/**
 * What the platform holds that is the same for every request: its configuration. Not its secret:
 * what a page signs with it is the member's (a token of a stand-in id would be kept as it is).
 */
const CONFIGURATION = new Set<PropertyKey>(['env', 'log', 'registry', 'dialect']);

/** The parts of a service that are configuration too: a site's push key (derived from the secret). */
const CONFIGURATION_OF_SERVICES: ReadonlyMap<PropertyKey, ReadonlySet<PropertyKey>> = new Map([
  ['push', new Set(['publicKey'])],
]);

/** Headers a render may read: the host (the site, whose own templates these are). */
const SHAPE_HEADERS = new Set(['host']);

/** The error a shape-only render meets when it reaches for data. */
export class ReadOutsideShape extends Error {
  constructor(what: string) {
    super(`a render kept per shape read ${what}`);
    this.name = 'ReadOutsideShape';
  }
}

/** Whether `error` is a shape-only render's reach for data (not worth a log line). */
export function isReadOutsideShape(error: unknown): boolean {
  return error instanceof ReadOutsideShape;
}

/** The platforms behind the guards of the renders going on, by their requests' locals. */
const guardedPlatforms = new WeakMap<App.Locals, App.Locals['platform']>();

/**
 * The request's day (UTC, `YYYY-MM-DD`): part of every shape's key, so a render kept per shape
 * may print it (the footer's year) where it may not read the clock.
 */
export function dayOf(locals: App.Locals): string {
  const platform = guardedPlatforms.get(locals) ?? locals.platform;
  return new Date(platform.clock.now()).toISOString().slice(0, 10);
}

/** What `renderShapeOnly` learnt: the render's value, and the first read outside the shape. */
export interface ShapeRender<T> {
  value: T | undefined;
  /** What the render read besides its shape (`platform.db`, `header cookie`...); null for nothing. */
  outside: string | null;
}

/** Who notes what the render going on in this async context reads (none outside such a render). */
const noting = new AsyncLocalStorage<(what: string) => void>();

/**
 * A page reads a header by its name (`Astro.cookies` reads `cookie`). Going through all of them
 * is how a request is copied (a rewrite's), and is not noted.
 */
const HEADER_READS = ['get', 'has'] as const;
let headersWatched = false;

/**
 * Makes every `Headers` note its reads to the shape-only render it is read in, if any: a page's
 * `Astro.request` is not always the request that arrived (a locale's address is rewritten to its
 * route, with its headers copied), and the cookies are read through it. Outside such a render a
 * read costs one look at the async context.
 */
function watchHeaders(): void {
  if (headersWatched) return;
  headersWatched = true;
  const prototype = Headers.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of HEADER_READS) {
    const original = prototype[method]!;
    Object.defineProperty(Headers.prototype, method, {
      configurable: true,
      writable: true,
      value(this: Headers, ...args: unknown[]) {
        const note = noting.getStore();
        const name = String(args[0]).toLowerCase();
        if (note && !SHAPE_HEADERS.has(name)) note(`header ${name}`);
        return original.apply(this, args);
      },
    });
  }
}

/**
 * Runs `render` (which must finish reading its answer before it resolves: Astro streams a page
 * as it renders) with the request's inputs outside the shape guarded, and puts them back.
 */
export async function renderShapeOnly<T>(
  locals: App.Locals,
  render: () => Promise<T>,
): Promise<ShapeRender<T>> {
  let outside: string | null = null;
  const note = (what: string) => {
    outside ??= what;
  };

  const platform = locals.platform;
  const clientIp = locals.clientIp;
  guardedPlatforms.set(locals, platform);
  /** `object` with only `allowed` readable: any other read is noted, and throws. */
  const guard = <O extends object>(object: O, path: string, allowed: ReadonlySet<PropertyKey>): O =>
    new Proxy(object, {
      get(target, property, receiver) {
        const what = `${path}.${String(property)}`;
        const parts = path === 'platform' ? CONFIGURATION_OF_SERVICES.get(property) : undefined;
        if (parts) return guard(Reflect.get(target, property, receiver) as object, what, parts);
        if (!allowed.has(property)) {
          note(what);
          throw new ReadOutsideShape(what);
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  locals.platform = guard(platform, 'platform', CONFIGURATION);
  Object.defineProperty(locals, 'clientIp', {
    configurable: true,
    enumerable: true,
    get() {
      note('clientIp');
      return clientIp;
    },
  });
  watchHeaders();

  try {
    return { value: await noting.run(note, render), outside };
  } catch {
    // A reach for data was noted as it threw; any other failure keeps nothing and tells nothing.
    return { value: undefined, outside };
  } finally {
    locals.platform = platform;
    guardedPlatforms.delete(locals);
    Object.defineProperty(locals, 'clientIp', {
      configurable: true,
      enumerable: true,
      writable: true,
      value: clientIp,
    });
  }
}
