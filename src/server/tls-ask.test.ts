import { afterAll, describe, expect, it } from 'vitest';
import { tempProject } from '../tenancy/cli/test-support.ts';
import { TenantRegistry } from '../tenancy/registry.ts';
import { isTlsAskRequest, tlsAskVerdict } from './tls-ask.ts';

const project = tempProject();
project.write('flirt.json', {
  id: 'flirt',
  domains: ['flirt.example', 'flirt.de'],
  name: 'Flirt',
  niche: 'general',
});
const registry = TenantRegistry.load(project.dirs, { info() {}, error() {} });
afterAll(() => project.remove());

function platform(secret = '') {
  return {
    env: { TLS_ASK_SECRET: secret, CONSOLE_HOSTS: ['console.example'] },
    registry,
  } as unknown as Parameters<typeof tlsAskVerdict>[0];
}

const ask = (
  url: string,
  over: Partial<{ remoteAddress: string; forwarded: boolean; method: string }> = {},
) => ({
  method: 'GET',
  url,
  remoteAddress: '127.0.0.1',
  forwarded: false,
  ...over,
});

describe('the TLS proxy ask', () => {
  it('is its own path, whatever the query', () => {
    expect(isTlsAskRequest('/_tls/ask?domain=a.example')).toBe(true);
    expect(isTlsAskRequest('/_tls/ask')).toBe(true);
    expect(isTlsAskRequest('/_tls/asked')).toBe(false);
    expect(isTlsAskRequest('/')).toBe(false);
  });

  it('says yes to a configured domain, its www. and a console host, and no to anything else', () => {
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.example'))).toBe(200);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.de'))).toBe(200);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=www.flirt.example'))).toBe(200);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=FLIRT.EXAMPLE.'))).toBe(200);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=console.example'))).toBe(200);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=other.example'))).toBe(404);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=sub.flirt.example'))).toBe(404);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.example:443'))).toBe(400);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask'))).toBe(400);
  });

  it('answers only the loopback interface, never a forwarded request', () => {
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.example', { remoteAddress: '::1' }))).toBe(
      200,
    );
    expect(
      tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.example', { remoteAddress: '::ffff:127.0.0.1' })),
    ).toBe(200);
    expect(
      tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.example', { remoteAddress: '10.0.0.5' })),
    ).toBe(403);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.example', { forwarded: true }))).toBe(403);
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?domain=flirt.example', { method: 'POST' }))).toBe(405);
  });

  it('answers another host that sends the shared secret, and nobody with a wrong one', () => {
    const remote = { remoteAddress: '10.0.0.5' };
    expect(
      tlsAskVerdict(platform('s3cret'), ask('/_tls/ask?secret=s3cret&domain=flirt.example', remote)),
    ).toBe(200);
    expect(
      tlsAskVerdict(platform('s3cret'), ask('/_tls/ask?domain=flirt.example&secret=s3cret', remote)),
    ).toBe(200);
    expect(tlsAskVerdict(platform('s3cret'), ask('/_tls/ask?secret=nope&domain=flirt.example', remote))).toBe(
      403,
    );
    expect(tlsAskVerdict(platform('s3cret'), ask('/_tls/ask?secret=nope&domain=flirt.example'))).toBe(403);
    expect(tlsAskVerdict(platform('s3cret'), ask('/_tls/ask?domain=flirt.example', remote))).toBe(403);
    // Without a configured secret, sending one proves nothing.
    expect(tlsAskVerdict(platform(), ask('/_tls/ask?secret=&domain=flirt.example', remote))).toBe(403);
  });
});
