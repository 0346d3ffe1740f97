import { describe, expect, it } from 'vitest';
import { testSite } from '../features/accounts/accounts.test-support.ts';
import { parseEnv } from './env.ts';
import {
  admitRequest,
  fastPolicyContext,
  finishResponse,
  quietMemberLocals,
  runQuietSteps,
  type Pipeline,
  type RequestFacts,
  type RequestStep,
} from './pipeline.ts';
import type { Platform } from './platform.ts';
import { createLocalStorage } from './storage/local-storage.ts';

const site = testSite();
const platform = {
  env: parseEnv({ DATA_DIR: '/tmp/unit' }),
  clock: { now: () => 0 },
  secret: Buffer.alloc(32, 9),
  log: { error() {}, info() {}, warn() {}, debug() {} },
  registry: {
    resolveHost: (host: string | null) => (host === 'unit.example' ? site : undefined),
    sitesOfNetwork: () => [site],
  },
  // Files on this machine's disk: no bucket the pages must allow images from.
  storage: createLocalStorage('/tmp/unit/uploads'),
} as unknown as Platform;

function facts(
  init: Omit<Partial<RequestFacts>, 'headers'> & { headers?: Record<string, string> } = {},
): RequestFacts {
  const headers = new Headers({ host: 'unit.example', ...init.headers });
  return {
    method: 'GET',
    pathname: '/api/user.php',
    search: '',
    remoteAddress: '203.0.113.5',
    ...init,
    headers,
  };
}

const passThrough: Pipeline = {
  steps: [],
  cachePolicy: (_context, response) => response,
  sessionExpiry: () => Promise.resolve(null),
};

describe('the request pipeline', () => {
  it('answers an unknown host itself, with the security headers', async () => {
    const admission = admitRequest(platform, facts({ headers: { host: 'elsewhere.example' } }));
    expect(admission.answer?.status).toBe(404);
    expect(admission.answer?.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a mutation from another origin and a body declared too large before any step', async () => {
    const foreign = admitRequest(
      platform,
      facts({ method: 'POST', headers: { origin: 'https://evil.example' } }),
    );
    expect(foreign.answer?.status).toBe(403);
    expect(await foreign.answer?.json()).toMatchObject({ error: 'forbidden_origin' });
    const large = admitRequest(
      platform,
      facts({ method: 'POST', headers: { 'content-length': String(10 ** 8) } }),
    );
    expect(large.answer?.status).toBe(413);
  });

  it('works out the locals of a request it admits', () => {
    const admission = admitRequest(platform, facts({ headers: { 'x-locale': 'de' } }));
    expect(admission.locals).toMatchObject({ site, routePath: '/api/user.php', clientIp: '203.0.113.5' });
    expect(admission.isApi).toBe(true);
  });

  it('sends a fast path to the app when a step that applies has no quiet form', async () => {
    const locals = admitRequest(platform, facts()).locals!;
    const quiet: RequestStep = {
      name: 'session',
      run: () => undefined,
      quiet: (l) => {
        l.member = { id: 'm1' } as never;
        return true;
      },
    };
    const guard: RequestStep = { name: 'a later guard', run: () => new Response(null, { status: 403 }) };
    const pagesOnly: RequestStep = { ...guard, appliesTo: ({ pathname }) => !pathname.startsWith('/api/') };
    expect(await runQuietSteps({ ...passThrough, steps: [quiet] }, locals, facts())).toBe(true);
    expect(locals.member).toEqual({ id: 'm1' });
    expect(await runQuietSteps({ ...passThrough, steps: [quiet, pagesOnly] }, locals, facts())).toBe(true);
    expect(await runQuietSteps({ ...passThrough, steps: [quiet, guard] }, locals, facts())).toBe(false);
  });

  it('starts every fast path the same way: a member’s request admitted and every step quiet', async () => {
    const session: RequestStep = {
      name: 'session',
      run: () => undefined,
      quiet: (l, request) => {
        l.member = request.cookie === 'session=ok' ? ({ id: 'm1' } as never) : null;
        return true;
      },
    };
    const steps = { ...passThrough, steps: [session] };
    const member = facts({ headers: { cookie: 'session=ok' } });
    expect((await quietMemberLocals(platform, steps, member))?.member).toEqual({ id: 'm1' });
    // A visitor, an unknown host, a declined request and a step with work to do go to the app.
    expect(await quietMemberLocals(platform, steps, facts())).toBeUndefined();
    const elsewhere = facts({ headers: { cookie: 'session=ok', host: 'elsewhere.example' } });
    expect(await quietMemberLocals(platform, steps, elsewhere)).toBeUndefined();
    expect(await quietMemberLocals(platform, steps, member, ({ isApi }) => !isApi)).toBeUndefined();
    const busy: RequestStep = { name: 'renewal', run: () => undefined, quiet: () => false };
    expect(
      await quietMemberLocals(platform, { ...passThrough, steps: [session, busy] }, member),
    ).toBeUndefined();
  });

  it('finishes every answer with the cache policy, the security headers and compression', async () => {
    const request = facts({ headers: { 'accept-encoding': 'gzip' } });
    const locals = admitRequest(platform, request).locals!;
    const pipeline: Pipeline = {
      steps: [],
      cachePolicy: (_context, response) => {
        response.headers.set('cache-control', 'private, no-store');
        return response;
      },
      sessionExpiry: () => Promise.resolve(null),
    };
    const body = JSON.stringify({ text: 'x'.repeat(4096) });
    const answer = finishResponse(
      pipeline,
      fastPolicyContext(request, locals),
      new Response(body, { headers: { 'content-type': 'application/json' } }),
    );
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
  });
});
