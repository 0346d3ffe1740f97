import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  NETWORK_ERROR,
  retryDelay,
  splitRoute,
  type ApiClientConfig,
} from './api-client.ts';

type Answer = { status: number; body?: unknown } | 'network-failure';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** A fake transport that answers from a script, one answer per attempt, and records what was sent. */
function transport(...answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    if (answer === 'network-failure') throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(text, {
      status: answer.status,
      headers: text === null ? {} : { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

function client(answers: Answer[], extra: ApiClientConfig = {}) {
  const t = transport(...answers);
  const delays: number[] = [];
  const lost = vi.fn();
  const api = createApiClient({
    fetch: t.fetch,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0,
    locale: () => 'de',
    onAuthenticationRequired: lost,
    ...extra,
  });
  return { api, sent: t.sent, delays, lost };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call succeeded, a failure was expected');
}

describe('retries', () => {
  it('retries a GET after network failures and 5xx answers, then returns the answer', async () => {
    const { api, sent, delays } = client([
      'network-failure',
      { status: 503, body: { error: 'server_error' } },
      { status: 200, body: { user: null } },
    ]);
    await expect(api.get('/api/user.php')).resolves.toEqual({ user: null });
    expect(sent).toHaveLength(3);
    expect(delays).toEqual([400, 800]);
  });

  it('gives up after five retries with exponentially growing delays', async () => {
    const { api, sent, delays } = client(['network-failure']);
    const error = await failure(api.get('/api/chats.php'));
    expect(error.status).toBe(0);
    expect(error.code).toBe(NETWORK_ERROR);
    expect(sent).toHaveLength(6);
    expect(delays).toEqual([400, 800, 1600, 3200, 6400]);
  });

  it('caps the delay and spreads clients apart by up to a fifth', () => {
    expect(retryDelay(10, 400, 8000, () => 0)).toBe(8000);
    expect(retryDelay(0, 400, 8000, () => 0.5)).toBe(440);
    expect(retryDelay(2, 400, 8000, () => 0.999)).toBeLessThanOrEqual(1600 * 1.2);
  });

  it('never retries a plain POST, not even after a network failure', async () => {
    const { api, sent } = client(['network-failure', { status: 201, body: { user: {} } }]);
    const error = await failure(api.post('/api/signup.php', { email: 'a@b.test' }));
    expect(error.code).toBe(NETWORK_ERROR);
    expect(sent).toHaveLength(1);
  });

  it('never retries a POST that failed on the server either', async () => {
    const { api, sent } = client([{ status: 500, body: { error: 'server_error', message: 'x' } }]);
    await failure(api.post('/api/user.php', { email: 'a@b.test', password: 'x' }));
    expect(sent).toHaveLength(1);
  });

  it('retries a POST that carries an idempotency key', async () => {
    const { api, sent } = client(['network-failure', { status: 201, body: { message: {} } }]);
    await api.post('/api/chat.php', { client_id: 'c1' }, { idempotent: true });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
  });

  it('retries PUT (idempotent) unless told not to', async () => {
    const a = client(['network-failure', { status: 200, body: { user: {} } }]);
    await a.api.put('/api/user.php', { language: 'de' });
    expect(a.sent).toHaveLength(2);
    const b = client(['network-failure']);
    await failure(b.api.delete('/api/account.php', { password: 'x' }, { idempotent: false }));
    expect(b.sent).toHaveLength(1);
  });

  it('never retries a 4xx: it is an answer', async () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      const { api, sent } = client([{ status, body: { error: 'some_code', message: 'm' } }]);
      await failure(api.get('/api/member.php?id=x'));
      expect(sent, `status ${status}`).toHaveLength(1);
    }
  });

  it('does not retry or wrap a call the caller aborted', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    const api = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      sleep: async () => {},
    });
    controller.abort();
    await expect(api.get('/api/user.php', { signal: controller.signal })).rejects.not.toBeInstanceOf(
      ApiError,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('errors', () => {
  it('surfaces the API body: code, message, fields and details', async () => {
    const { api } = client([
      {
        status: 422,
        body: { error: 'validation', message: 'Bitte prüfe die Felder', fields: { email: 'email_invalid' } },
      },
    ]);
    const error = await failure(api.post('/api/signup.php', {}));
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Bitte prüfe die Felder');
    expect(error.fields).toEqual({ email: 'email_invalid' });
  });

  it('reads retry_after and numeric details such as minutes', async () => {
    const { api } = client([
      { status: 429, body: { error: 'account_locked', message: 'm', retry_after: 600, minutes: 10 } },
    ]);
    const error = await failure(api.post('/api/user.php', {}));
    expect(error.retryAfter).toBe(600);
    expect(error.detail('minutes')).toBe(10);
    expect(error.detail('missing')).toBeUndefined();
  });

  it('describes an answer without an API body by its status, with no message of its own', async () => {
    const { api } = client([{ status: 502 }], { retries: 0 });
    const error = await failure(api.get('/api/user.php'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('server_error');
    expect(error.message).toBe('');
  });
});

describe('session loss (spec §8)', () => {
  const lostSession = { status: 403, body: { error: 'authentication_required', message: 'Please log in' } };

  it('logs the browser out on 403 authentication_required from another call', async () => {
    const { api, lost } = client([lostSession]);
    const error = await failure(api.get('/api/chats.php'));
    expect(error.code).toBe('authentication_required');
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('does not log out for user.php, with or without a query', async () => {
    for (const path of ['/api/user.php', '/api/user.php?push=1']) {
      const { api, lost } = client([lostSession]);
      await failure(api.post(path, {}));
      expect(lost, path).not.toHaveBeenCalled();
    }
  });

  it('does not log out for other 403 codes', async () => {
    const { api, lost } = client([{ status: 403, body: { error: 'premium_only', message: 'm' } }]);
    await failure(api.get('/api/member.php?id=x'));
    expect(lost).not.toHaveBeenCalled();
  });

  it('uses the handler registered later (the accounts store registers its logout)', async () => {
    const { api, lost } = client([lostSession]);
    const later = vi.fn();
    api.setAuthenticationRequiredHandler(later);
    await failure(api.get('/api/likes.php'));
    expect(later).toHaveBeenCalledTimes(1);
    expect(lost).not.toHaveBeenCalled();
  });
});

describe('headers and bodies', () => {
  it('sends the client-request header on GET user.php only, and the page locale everywhere', async () => {
    const { api, sent } = client([{ status: 200, body: {} }]);
    await api.get('/api/user.php');
    await api.get('/api/settings.php', { query: { domain: 'x.test' } });
    await api.put('/api/user.php', { language: 'de' });
    expect(sent.map((s) => s.headers.get('x-client-request'))).toEqual(['1', null, null]);
    expect(sent.map((s) => s.headers.get('x-locale'))).toEqual(['de', 'de', 'de']);
    expect(sent[1]!.url).toBe('/api/settings.php?domain=x.test');
  });

  it('sends bodies as JSON, DELETE included', async () => {
    const { api, sent } = client([{ status: 200, body: { ok: true } }]);
    await api.delete('/api/account.php', { password: 'pw', reason: 'other' });
    expect(sent[0]!.method).toBe('DELETE');
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ password: 'pw', reason: 'other' });
  });

  it('answers undefined for 204', async () => {
    const { api } = client([{ status: 204 }]);
    await expect(api.post('/api/typing.php', { conversation: 'c' })).resolves.toBeUndefined();
  });
});

describe('routes', () => {
  it('sends a route with its method and path, and retries it by its method', async () => {
    const { api, sent } = client(['network-failure', { status: 200, body: { user: null } }]);
    await expect(api.request('PUT /api/account.php', { invisible: true })).resolves.toEqual({ user: null });
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['PUT', '/api/account.php'],
      ['PUT', '/api/account.php'],
    ]);
    expect(JSON.parse(sent[0]!.body!)).toEqual({ invisible: true });
  });

  it('keeps a fixed query of the route and never retries its POST', async () => {
    const { api, sent } = client(['network-failure']);
    await failure(
      api.request('POST /api/password-reset.php?do=1', { token: 't', password: 'p', password_repeat: 'p' }),
    );
    expect(sent.map((s) => [s.method, s.url])).toEqual([['POST', '/api/password-reset.php?do=1']]);
  });

  it('sends a GET route without a body, with the client-request header of user.php', async () => {
    const { api, sent } = client([{ status: 200, body: { user: null } }]);
    await api.request('GET /api/user.php');
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.body).toBeUndefined();
    expect(sent[0]!.headers.get('x-client-request')).toBe('1');
  });

  it('refuses a name that is not a route', () => {
    expect(() => splitRoute('/api/user.php')).toThrow(TypeError);
    expect(() => splitRoute('PATCH /api/user.php')).toThrow(TypeError);
    expect(splitRoute('DELETE /api/account.php')).toEqual(['DELETE', '/api/account.php']);
  });
});
