import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { CONSOLE_HOST } from './console-support.ts';

/*
 * The conventions every endpoint shares (src/server/endpoint.ts), seen from outside: bodies are
 * refused above their limit before they are read whole, in the visitor's language, and the
 * server carries on as before.
 */

const app = useServer();

const JSON_LIMIT = 32 * 1024;

describe('request bodies', () => {
  it('refuses an 8 MB signup with 413 payload_too_large and the limit, in the visitor’s language', async () => {
    // The body's first 64 KB are sent and the rest held back: the answer comes from the declared
    // length alone. (Writing all 8 MB would race the server's close of the connection after its
    // answer, and lose the answer to a failed write now and then.)
    const res = await postDeclaringMore(app.server.port, '/api/signup.php', 8 * 1024 * 1024, {
      host: DEMO.curvy.host,
      'content-type': 'application/json',
      'x-locale': 'de',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: 'payload_too_large',
      message: 'Diese Anfrage ist zu groß',
      limit: JSON_LIMIT,
    });
  });

  it('refuses a body sent in chunks without a length as soon as it passes the limit', async () => {
    const chunk = 'x'.repeat(8 * 1024);
    const chunks = Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const answer = await app.server.raw(
      'POST /api/user.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"error":"payload_too_large"');
  });

  it('still takes a body just under the limit, and answers normally afterwards', async () => {
    const res = await app.server.request('/api/complaint.php', {
      method: 'POST',
      body: { category: 'other', text: 'y'.repeat(JSON_LIMIT - 200) },
    });
    expect(res.status).toBe(422);
    expect((await app.server.request('/api/user.php')).json()).toEqual({ user: null });
  });

  it('refuses an over-long form post to a page before its handler reads it', async () => {
    const res = await app.server.request('/complaints', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `category=other&text=${'z'.repeat(JSON_LIMIT + 1)}`,
    });
    expect(res.status).toBe(413);
  });
});

describe('errors', () => {
  it('answer members-only calls without a session with 403 authentication_required, before the body is judged', async () => {
    const res = await app.server.request('/api/account.php', { method: 'PUT', body: { nonsense: true } });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('answer a body that is not JSON with 422 and a field code, never a 500', async () => {
    const res = await app.server.request('/api/user.php', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { body: 'json_invalid' } });
  });

  it('answer an API path no route serves with JSON 404 not_found, in the caller’s language', async () => {
    const res = await app.server.request('/api/no-such-call.php', {
      host: DEMO.curvy.host,
      headers: { 'x-locale': 'de' },
    });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Nicht gefunden' });
    const staffSide = await app.server.request('/console/api/no-such-call.php', { host: CONSOLE_HOST });
    expect(staffSide.status).toBe(404);
    expect(staffSide.json()).toMatchObject({ error: 'not_found' });
    // A page path no route serves is still the site's 404 page.
    const page = await app.server.request('/no-such-page');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answer a method a route does not serve with JSON 405 method_not_allowed, not the 404 page', async () => {
    const res = await app.server.request('/api/members.php', { method: 'POST', body: {} });
    expect(res.status).toBe(405);
    expect(res.json()).toMatchObject({ error: 'method_not_allowed' });
    const patch = await app.server.request('/api/like.php', { method: 'PATCH', body: {} });
    expect(patch.status).toBe(405);
    expect(patch.json()).toMatchObject({ error: 'method_not_allowed' });
  });
});

/** A POST that declares `length` bytes, sends the first 64 KB of them, and reads the answer. */
function postDeclaringMore(
  port: number,
  path: string,
  length: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': String(length) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.write(`{"email":"big@example.org","name":"${'x'.repeat(64 * 1024)}`);
  });
}
