/**
 * A render that is to serve every member of its shape (a member page kept whole,
 * `page-template.ts`) must read nothing of the request but what its key holds. This runs such a
 * render with the request's other inputs guarded, and tells what it reached for:
 *
 * - the platform's data and services (the database, the buses, the storage, the payments...),
 *   and its clock: a page that reads data, or the time, is the member's own or the minute's
 *   (the day is part of every key: `dayOf`);
 * - the client's address;
 * - the request's headers (its cookies among them), but those the render itself reads of
 *   every request (`SHAPE_HEADERS`).
 *
 * A reach for data throws before anything is read or written (the page's own code runs with
 * stand-ins for the member's ids: nothing may be done with them), so the render fails and
 * nothing is kept. The other reads are answered and noted. Either way the caller keeps nothing.
 */

/** What the platform holds that is the same for every request: its configuration. */
const CONFIGURATION = new Set<PropertyKey>(['env', 'log', 'registry', 'secret', 'dialect']);

/**
 * Headers every render reads whatever the page: the host (the site, already part of the key
 * through the site's templates), and what Astro asks of each request it renders.
 */
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

type HeaderReads = Pick<Headers, 'get' | 'has' | 'forEach' | 'entries' | 'keys' | 'values' | 'getSetCookie'>;

/**
 * Runs `render` (which must finish reading its answer before it resolves: Astro streams a page
 * as it renders) with the request's inputs outside the shape guarded, and puts them back.
 */
export async function renderShapeOnly<T>(
  locals: App.Locals,
  request: Request,
  render: () => Promise<T>,
): Promise<ShapeRender<T>> {
  let outside: string | null = null;
  const note = (what: string) => {
    outside ??= what;
  };

  const platform = locals.platform;
  const clientIp = locals.clientIp;
  guardedPlatforms.set(locals, platform);
  locals.platform = new Proxy(platform, {
    get(target, property, receiver) {
      if (!CONFIGURATION.has(property)) {
        const what = `platform.${String(property)}`;
        note(what);
        throw new ReadOutsideShape(what);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  Object.defineProperty(locals, 'clientIp', {
    configurable: true,
    enumerable: true,
    get() {
      note('clientIp');
      return clientIp;
    },
  });

  // An own property on the request's `Headers` shadows its prototype's method for this render.
  const headers = request.headers as Headers & Partial<HeaderReads>;
  const guarded: (keyof HeaderReads)[] = [
    'get',
    'has',
    'forEach',
    'entries',
    'keys',
    'values',
    'getSetCookie',
  ];
  const iterate = Headers.prototype[Symbol.iterator];
  Object.defineProperty(headers, Symbol.iterator, {
    configurable: true,
    writable: true,
    value(this: Headers) {
      note('header *');
      return iterate.call(this);
    },
  });
  for (const method of guarded) {
    const original = Headers.prototype[method] as (...args: unknown[]) => unknown;
    Object.defineProperty(headers, method, {
      configurable: true,
      writable: true,
      value(this: Headers, ...args: unknown[]) {
        const name = method === 'get' || method === 'has' ? String(args[0]).toLowerCase() : '*';
        if (!SHAPE_HEADERS.has(name)) note(`header ${name}`);
        return original.apply(this, args);
      },
    });
  }

  try {
    return { value: await render(), outside };
  } catch (error) {
    note(error instanceof Error ? error.message : String(error));
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
    for (const method of guarded) delete (headers as Partial<HeaderReads>)[method];
    delete (headers as Partial<Pick<Headers, typeof Symbol.iterator>>)[Symbol.iterator];
  }
}
