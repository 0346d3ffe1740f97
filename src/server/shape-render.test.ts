import { describe, expect, it } from 'vitest';
import { dayOf, isReadOutsideShape, renderShapeOnly } from './shape-render';

/** The parts of a request's locals the guard touches, with a platform of plain values. */
function requestOf() {
  const platform = {
    env: { MEMBER_PAGE_TEMPLATES: true },
    registry: { sites: 1 },
    clock: { now: () => Date.UTC(2026, 11, 1, 21, 30) },
    dbFor: () => 'the database',
    secret: Buffer.from('the secret'),
    push: { publicKey: (site: string) => `key of ${site}`, send: () => 'sent' },
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
    const made = await renderShapeOnly(locals, async () => {
      expect(locals.platform.env.MEMBER_PAGE_TEMPLATES).toBe(true);
      expect(dayOf(locals)).toBe('2026-12-01');
      return request.headers.get('host');
    });
    expect(made).toEqual({ value: 'localhost', outside: null });
  });

  it('is stopped before it reads data, the clock or the secret, and says what it reached for', async () => {
    for (const property of ['dbFor', 'clock', 'secret', 'constructor'] as const) {
      const { locals } = requestOf();
      let thrown: unknown;
      const made = await renderShapeOnly(locals, async () => {
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

  it("reads a site's push key, and is stopped before it sends", async () => {
    const { locals } = requestOf();
    const keyed = await renderShapeOnly(locals, async () => locals.platform.push.publicKey('amber'));
    expect(keyed).toEqual({ value: 'key of amber', outside: null });
    const sent = await renderShapeOnly(locals, async () => locals.platform.push.send);
    expect(sent).toEqual({ value: undefined, outside: 'platform.push.send' });
  });

  it('notes a read that a page may catch and go on without', async () => {
    const { locals } = requestOf();
    const made = await renderShapeOnly(locals, async () => {
      try {
        locals.platform.dbFor('demo');
      } catch {
        return 'a page with a fallback';
      }
      return 'the page';
    });
    expect(made).toEqual({ value: 'a page with a fallback', outside: 'platform.dbFor' });
  });

  it('notes the cookies, any other header by name, and the client address', async () => {
    const reads: ((locals: App.Locals, request: Request) => unknown)[] = [
      (_, request) => request.headers.get('Cookie'),
      (_, request) => request.headers.has('accept-language'),
      (locals) => locals.clientIp,
    ];
    const noted = [];
    for (const read of reads) {
      const { locals, request } = requestOf();
      const made = await renderShapeOnly(locals, async () => read(locals, request));
      expect(made.value).toBeTruthy();
      noted.push(made.outside);
    }
    expect(noted).toEqual(['header cookie', 'header accept-language', 'clientIp']);
  });

  it("notes the headers of a request copied on the render's way (a locale's rewrite), and no one else's", async () => {
    const { locals, request } = requestOf();
    const elsewhere = new Request('http://localhost/likes', { headers: { cookie: 'session=other' } });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const rendering = renderShapeOnly(locals, async () => {
      await released;
      return new Request('http://localhost/nl/settings', request).headers.get('cookie');
    });
    // Another request read while this render waits: not this render's read.
    expect(elsewhere.headers.get('cookie')).toBe('session=other');
    release();
    expect(await rendering).toEqual({ value: 'session=abc', outside: 'header cookie' });
    const quiet = await renderShapeOnly(locals, async () => 'nothing read');
    expect(elsewhere.headers.has('cookie')).toBe(true);
    expect(quiet.outside).toBeNull();
  });

  it('puts the request back as it was, also after a failed render', async () => {
    const { locals, request, platform } = requestOf();
    const failed = await renderShapeOnly(locals, async () => {
      throw new Error('the page failed');
    });
    expect(failed).toEqual({ value: undefined, outside: null });
    expect(locals.platform).toBe(platform);
    expect(locals.platform.dbFor('demo')).toBe('the database');
    expect(locals.clientIp).toBe('203.0.113.5');
    locals.clientIp = '198.51.100.7';
    expect(locals.clientIp).toBe('198.51.100.7');
    expect(request.headers.get('cookie')).toBe('session=abc');
    expect(dayOf(locals)).toBe('2026-12-01');
  });
});
