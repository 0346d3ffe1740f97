import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answeredBy,
  checkDomain,
  DomainCheckCache,
  networkProbe,
  type DomainProbe,
} from './sites.domains.ts';

const NOW = Date.UTC(2026, 0, 1);

function fakeProbe(
  answer: { status: number; body: string } | Error,
  addresses: string[] | Error,
): DomainProbe {
  return {
    resolve: () => (addresses instanceof Error ? Promise.reject(addresses) : Promise.resolve(addresses)),
    get: () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)),
  };
}

describe('checkDomain', () => {
  it('answers only when the site itself answers on the domain', async () => {
    const body = JSON.stringify({ settings: { name: 'Flirt' } });
    const ok = await checkDomain(
      fakeProbe({ status: 200, body }, ['10.0.0.1']),
      'f.de',
      { name: 'Flirt', routed: true },
      NOW,
    );
    expect(ok).toMatchObject({
      resolves: true,
      addresses: ['10.0.0.1'],
      routed: true,
      answers: true,
      status: 200,
      error: null,
    });
    const other = await checkDomain(
      fakeProbe({ status: 200, body }, ['10.0.0.1']),
      'f.de',
      { name: 'Other', routed: false },
      NOW,
    );
    expect(other).toMatchObject({ answers: false, error: 'another site answered' });
    const missing = await checkDomain(
      fakeProbe({ status: 404, body: '' }, ['10.0.0.1']),
      'f.de',
      { name: 'Flirt', routed: false },
      NOW,
    );
    expect(missing).toMatchObject({ answers: false, status: 404, error: 'HTTP 404' });
  });

  it('reports a name that does not resolve, without a request', async () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const result = await checkDomain(
      fakeProbe(new Error('never asked'), error),
      'gone.example',
      { name: 'X', routed: true },
      NOW,
    );
    expect(result).toMatchObject({ resolves: false, answers: false, status: null, error: 'ENOTFOUND' });
  });

  it('recognises the site by its settings', () => {
    expect(answeredBy('{"settings":{"name":"A"}}', 'A')).toBe(true);
    expect(answeredBy('<html>', 'A')).toBe(false);
  });
});

describe('networkProbe', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ settings: { name: req.headers.host?.split(':')[0] } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('resolves *.localhost to the loopback address and sends the domain as Host', async () => {
    const probe = networkProbe({ scheme: 'http', port, timeoutMs: 1000 });
    const result = await checkDomain(probe, 'shop.localhost', { name: 'shop.localhost', routed: true }, NOW);
    expect(result).toMatchObject({ resolves: true, addresses: ['127.0.0.1'], answers: true, status: 200 });
  });

  it('gives up after the timeout', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const probe = networkProbe({
      scheme: 'http',
      port: (silent.address() as AddressInfo).port,
      timeoutMs: 100,
    });
    const result = await checkDomain(probe, '127.0.0.1', { name: 'x', routed: false }, NOW);
    expect(result).toMatchObject({ resolves: true, answers: false, status: null });
    expect(result.error).toContain('no answer within 100 ms');
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
  });
});

describe('DomainCheckCache', () => {
  it('runs a check once within its lifetime, then again', async () => {
    const cache = new DomainCheckCache(1000);
    let runs = 0;
    const run = () => {
      runs += 1;
      return checkDomain(
        fakeProbe({ status: 404, body: '' }, ['1.2.3.4']),
        'a.de',
        { name: 'A', routed: true },
        NOW,
      );
    };
    await cache.get('a.de', 0, run);
    await cache.get('a.de', 999, run);
    expect(runs).toBe(1);
    await cache.get('a.de', 1000, run);
    expect(runs).toBe(2);
  });
});
