import type { APIContext } from 'astro';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testSite } from '../features/accounts/accounts.test-support.ts';
import { translator } from '../i18n/index.ts';
import { generalFieldMessage } from '../i18n/field-messages.ts';
import { LOCALES } from '../i18n/locales.ts';
import { JSON_BODY_LIMIT } from './body.ts';
import { answerOutsideAstro, endpoint, fieldCodes, methodNotAllowed } from './endpoint.ts';
import { DomainError, platformError } from './errors.ts';

const site = testSite();

function call(
  route: ReturnType<typeof endpoint>,
  init: RequestInit & { member?: boolean; locale?: 'en' | 'de'; url?: string } = {},
) {
  const logged: unknown[] = [];
  const warned: unknown[][] = [];
  const locals = {
    site,
    clientIp: '203.0.113.5',
    t: translator(init.locale ?? 'en'),
    routePath: '/api/test.php',
    member: init.member ? { id: 'm1', sessionId: 's1' } : null,
    platform: {
      log: {
        error: (...args: unknown[]) => logged.push(args),
        info() {},
        warn: (...args: unknown[]) => warned.push(args),
        debug() {},
      },
      clock: { now: () => 0 },
      secret: Buffer.alloc(32, 9),
      registry: { sitesOfNetwork: () => [] },
    },
  };
  const request = new Request(init.url ?? 'http://unit.example/api/test.php', init);
  const context = { locals, request, url: new URL(request.url) } as unknown as APIContext;
  return { response: Promise.resolve(route(context)), logged, warned };
}

async function answer(route: ReturnType<typeof endpoint>, init: Parameters<typeof call>[1] = {}) {
  const response = await call(route, init).response;
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const post = (body: string, type = 'application/json') => ({
  method: 'POST',
  body,
  headers: { 'content-type': type },
});

const echo = endpoint({
  body: z.object({ name: z.string().min(2, 'name_too_short'), age: z.number().int() }),
  handle: ({ input }) => ({ hello: input.name, age: input.age }),
});

describe('endpoint kit', () => {
  it('parses the body with the schema and answers the handler’s value as JSON', async () => {
    const res = await answer(echo, post('{"name":"Robin","age":30}'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ hello: 'Robin', age: 30 });
  });

  it('answers 422 with a code per field and its words in the request’s language', async () => {
    const res = await answer(echo, { ...post('{"name":"R","age":"x"}'), locale: 'de' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'validation',
      message: translator('de')('api.validation'),
      fields: { name: 'name_too_short', age: 'invalid' },
    });
    expect(Object.keys(res.body.field_messages)).toEqual(['name', 'age']);
  });

  it('names a missing field `required` and broken JSON `json_invalid`', async () => {
    expect((await answer(echo, post('{"name":"Robin"}'))).body.fields).toEqual({ age: 'required' });
    expect((await answer(echo, post('{"name":'))).body).toMatchObject({
      error: 'validation',
      fields: { body: 'json_invalid' },
    });
  });

  it('takes JSON only, except beacons, which also take text and an empty body', async () => {
    expect((await answer(echo, post('{}', 'text/plain'))).status).toBe(415);
    const beacon = endpoint({ accept: 'beacon', body: z.object({}).loose(), handle: () => ({ ok: true }) });
    expect((await answer(beacon, post('', 'text/plain'))).status).toBe(200);
    expect((await answer(beacon, post('{}', 'text/plain;charset=UTF-8'))).status).toBe(200);
    expect((await answer(beacon, post('{}', 'text/html'))).status).toBe(415);
  });

  it('refuses a body over the limit with 413 and the limit, whether or not it declares its length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT), age: 1 });
    const declared = await answer(echo, post(big));
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ error: 'payload_too_large', limit: JSON_BODY_LIMIT });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await answer(echo, {
      method: 'POST',
      body: chunks,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('keeps visitors out of member calls with 403 authentication_required, before reading the body', async () => {
    let handled = false;
    const members = endpoint({
      member: true,
      body: z.object({}),
      handle: () => {
        handled = true;
        return {};
      },
    });
    const res = await answer(members, post('not even json'));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('authentication_required');
    expect(handled).toBe(false);
    expect((await answer(members, { ...post('{}'), member: true })).status).toBe(200);
  });

  it('answers a DomainError as API.md says, with retry_after in body and header', async () => {
    const limited = endpoint({
      handle: () => Promise.reject(platformError('rate_limited', { retryAfter: 42 })),
    });
    const res = await answer(limited);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: 'rate_limited',
      message: translator('en')('api.rate_limited'),
      retry_after: 42,
    });
    expect(res.headers.get('retry-after')).toBe('42');
    const custom = endpoint({
      handle: () => {
        throw new DomainError('blocked', { status: 403, message: 'api.not_found', details: { name: 'Kim' } });
      },
    });
    expect((await answer(custom)).body).toMatchObject({ error: 'blocked', name: 'Kim' });
  });

  it('logs anything else and answers 500 in the member’s language without a trace', async () => {
    const broken = endpoint({
      handle: () => {
        throw new Error('secret detail at /srv/app.ts:12');
      },
    });
    const { response, logged } = call(broken, { locale: 'de' });
    const res = await response;
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: 'server_error', message: translator('de')('error.try_later') });
    expect(text).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  it('parses the query string when a query schema is given', async () => {
    const search = endpoint({
      query: z.object({ page: z.coerce.number().int().min(1) }),
      handle: ({ input }) => ({ page: input.page }),
    });
    expect((await answer(search, { url: 'http://unit.example/api/test.php?page=3' })).body).toEqual({
      page: 3,
    });
    expect((await answer(search, { url: 'http://unit.example/api/test.php?page=0' })).status).toBe(422);
  });

  it('answers 405 for a method the route does not take', async () => {
    const res = await answer(methodNotAllowed as ReturnType<typeof endpoint>);
    expect(res.status).toBe(405);
    expect(res.body.error).toBe('method_not_allowed');
  });

  it('never throws past itself and never answers 5xx for any body a client may send', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('application/json', 'text/plain', ''),
        async (body, type) => {
          const res = await answer(echo, post(body, type));
          expect(res.status).toBeLessThan(500);
          expect(res.body).toBeTypeOf('object');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('fieldCodes', () => {
  it('keeps the first problem of each top-level field', () => {
    const schema = z.object({ a: z.string().min(3, 'too_short').regex(/x/, 'no_x'), b: z.string() });
    const error = schema.safeParse({ a: 'y', b: 1 }).error!;
    expect(fieldCodes(error, { a: 'y', b: 1 })).toEqual({ a: 'too_short', b: 'invalid' });
    const missing = schema.safeParse({ a: 'xxx' }).error!;
    expect(fieldCodes(missing, { a: 'xxx' })).toEqual({ b: 'required' });
  });

  it("turns zod's own English into shared codes, each a sentence in every language", () => {
    const schema = z.object({
      email: z.email(),
      name: z.string().max(3),
      bio: z.string().min(5),
      empty: z.string().min(1),
      age: z.number(),
      when: z.iso.date(),
    });
    const input = { email: 'nope', name: 'Robin', bio: 'hi', empty: '', age: 'x', when: 'soon' };
    const codes = fieldCodes(schema.safeParse(input).error!, input);
    expect(codes).toEqual({
      email: 'email_invalid',
      name: 'too_long',
      bio: 'too_short',
      empty: 'required',
      age: 'invalid',
      when: 'invalid',
    });
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const code of Object.values(codes)) {
        const sentence = generalFieldMessage(t, code);
        expect(sentence, `${locale} ${code}`).toMatch(/[.!]$/);
        expect(sentence, `${locale} ${code}`).not.toMatch(/highlighted|Invalid/);
      }
    }
  });
});

describe('the security log', () => {
  it('has a line for every 403 and 429, with site, path and a keyed address, never the address', async () => {
    for (const error of [
      platformError('rate_limited', { retryAfter: 5 }),
      platformError('authentication_required'),
    ]) {
      const { response, warned } = call(endpoint({ handle: () => Promise.reject(error) }));
      await response;
      expect(warned).toHaveLength(1);
      const [message, fields] = warned[0] as [string, Record<string, unknown>];
      expect(message).toBe('security: refused');
      expect(fields).toMatchObject({ site: site.id, path: '/api/test.php', status: error.status });
      expect(typeof fields.address).toBe('string');
      expect(JSON.stringify(warned)).not.toContain('203.0.113');
    }
    const notFound = call(endpoint({ handle: () => Promise.reject(platformError('not_found')) }));
    await notFound.response;
    expect(notFound.warned).toHaveLength(0);
  });
});

describe('a route answered outside Astro (a gateway of the built server)', () => {
  const limited = { allowed: false, retryAfter: 30 };
  function localsOf(member: boolean, consumed: string[] = []) {
    return {
      site,
      clientIp: '203.0.113.5',
      t: translator('en'),
      routePath: '/api/test.php',
      member: member ? { id: 'm1', sessionId: 's1' } : null,
      platform: {
        log: { error() {}, info() {}, warn() {}, debug() {} },
        clock: { now: () => 0 },
        secret: Buffer.alloc(32, 9),
        registry: { sitesOfNetwork: () => [] },
        rateLimiter: {
          consume: async (key: string) => {
            consumed.push(key);
            return limited;
          },
        },
      },
    } as unknown as App.Locals;
  }
  const body = z.object({ text: z.string().min(1) });

  it('runs the route’s own guards: a limit added to its spec holds for the gateway too', async () => {
    const consumed: string[] = [];
    const route = endpoint({
      member: true,
      body,
      perAddress: { name: 'unit', rule: () => ({ limit: 1, windowMs: 60_000 }) },
      handle: ({ input }) => ({ echo: input.text }),
    });
    const answer = await answerOutsideAstro(route, localsOf(true, consumed), { body: { text: 'hi' } });
    expect(answer?.status).toBe(429);
    expect(consumed).toHaveLength(1);
    const visitor = await answerOutsideAstro(route, localsOf(false), { body: { text: 'hi' } });
    expect(visitor?.status).toBe(403);
    expect(await visitor?.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('answers as the route would, and leaves to the app what only the app can answer', async () => {
    const route = endpoint({
      member: true,
      body,
      handle: ({ input, member }) => ({ echo: input.text, by: member.id }),
    });
    const answer = await answerOutsideAstro(route, localsOf(true), { body: { text: 'hi' } });
    expect(answer?.status).toBe(200);
    expect(await answer?.json()).toEqual({ echo: 'hi', by: 'm1' });
    // The schema's refusal is the app's to answer, and so is a handler that needs Astro's request.
    expect(await answerOutsideAstro(route, localsOf(true), { body: { text: '' } })).toBeUndefined();
    const astro = endpoint({ body, handle: ({ context }) => ({ url: context.url.href }) });
    expect(await answerOutsideAstro(astro, localsOf(true), { body: { text: 'hi' } })).toBeUndefined();
    // Only routes of the kit.
    expect(await answerOutsideAstro(() => new Response(), localsOf(true), { body: {} })).toBeUndefined();
  });

  it('answers a query as the route parses it, and leaves a body to a route that reads a body', async () => {
    const query = z.object({ page: z.coerce.number().int().min(1).default(1) });
    const route = endpoint({ member: true, query, handle: ({ input }) => ({ page: input.page }) });
    const answer = await answerOutsideAstro(route, localsOf(true), { query: { page: '3' } });
    expect(await answer?.json()).toEqual({ page: 3 });
    expect(await answerOutsideAstro(route, localsOf(true), { query: { page: 'x' } })).toBeUndefined();
    expect(await answerOutsideAstro(route, localsOf(true), { body: { page: 3 } })).toBeUndefined();
    const posted = endpoint({ member: true, body, handle: ({ input }) => ({ echo: input.text }) });
    expect(await answerOutsideAstro(posted, localsOf(true), { query: { text: 'hi' } })).toBeUndefined();
  });
});
