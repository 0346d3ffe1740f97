import { describe, expect, it } from 'vitest';
import { dayOf, isReadOutsideShape, renderShapeOnly } from './shape-render';

/** The parts of a request's locals the guard touches, with a platform of plain values. */
function requestOf() {
  const platform = {
    env: { MEMBER_PAGE_TEMPLATES: true },
    registry: { sites: 1 },
    clock: { now: () => Date.UTC(2026, 11, 1, 21, 30) },
    dbFor: () => 'the database',
  };
  const locals = { platform, clientIp: '203.0.113.5' } as unknown as App.Locals;
  const request = new Request('http://localhost/settings', {
    headers: { host: 'localhost', cookie: 'session=abc', 'accept-language': 'nl' },
  });
  return { locals, request, platform };
}

describe('a render kept per shape', () => {
  it('reads the configuration, the day and the host, and nothing is noted', async () => {
    const { locals, request } = requestOf();
    const made = await renderShapeOnly(locals, request, async () => {
      expect(locals.platform.env.MEMBER_PAGE_TEMPLATES).toBe(true);
      expect(dayOf(locals)).toBe('2026-12-01');
      return request.headers.get('host');
    });
    expect(made).toEqual({ value: 'localhost', outside: null });
  });

  it('is stopped before it reads data or the clock, and says what it reached for', async () => {
    for (const property of ['dbFor', 'clock'] as const) {
      const { locals, request } = requestOf();
      let thrown: unknown;
      const made = await renderShapeOnly(locals, request, async () => {
        try {
          return (locals.platform as unknown as Record<string, unknown>)[property];
        } catch (error) {
          thrown = error;
          throw error;
        }
      });
      expect(isReadOutsideShape(thrown), property).toBe(true);
      expect(made).toEqual({ value: undefined, outside: `platform.${property}` });
    }
  });

  it('notes a read that a page may catch and go on without', async () => {
    const { locals, request } = requestOf();
    const made = await renderShapeOnly(locals, request, async () => {
      try {
        locals.platform.dbFor('demo');
      } catch {
        return 'a page with a fallback';
      }
      return 'the page';
    });
    expect(made).toEqual({ value: 'a page with a fallback', outside: 'platform.dbFor' });
  });

  it('notes the cookies, any other header, and the client address', async () => {
    const reads: ((locals: App.Locals, request: Request) => unknown)[] = [
      (_, request) => request.headers.get('Cookie'),
      (_, request) => request.headers.has('accept-language'),
      (_, request) => [...request.headers],
      (_, request) => [...request.headers.entries()],
      (locals) => locals.clientIp,
    ];
    const noted = [];
    for (const read of reads) {
      const { locals, request } = requestOf();
      const made = await renderShapeOnly(locals, request, async () => read(locals, request));
      expect(made.value).toBeTruthy();
      noted.push(made.outside);
    }
    expect(noted).toEqual(['header cookie', 'header accept-language', 'header *', 'header *', 'clientIp']);
  });

  it('puts the request back as it was, also after a failed render', async () => {
    const { locals, request, platform } = requestOf();
    await renderShapeOnly(locals, request, async () => {
      throw new Error('the page failed');
    });
    expect(locals.platform).toBe(platform);
    expect(locals.platform.dbFor('demo')).toBe('the database');
    expect(locals.clientIp).toBe('203.0.113.5');
    locals.clientIp = '198.51.100.7';
    expect(locals.clientIp).toBe('198.51.100.7');
    expect(request.headers.get('cookie')).toBe('session=abc');
    expect(Object.getOwnPropertyNames(request.headers)).toEqual([]);
    expect(dayOf(locals)).toBe('2026-12-01');
  });
});
