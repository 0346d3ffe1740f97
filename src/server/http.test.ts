import { describe, expect, it } from 'vitest';
import { compressResponse } from './compression.ts';
import { json } from './http.ts';

describe('json', () => {
  it('states its length in bytes, so small answers are not sent through gzip', async () => {
    const res = json({ name: 'Zoë' });
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('{"name":"Zoë"}')));
    const request = new Request('http://unit.example/api/user.php', {
      headers: { 'accept-encoding': 'gzip' },
    });
    const sent = compressResponse(request, res);
    expect(sent.headers.get('content-encoding')).toBeNull();
    expect(await sent.json()).toEqual({ name: 'Zoë' });
  });

  it('still compresses a large answer', () => {
    const request = new Request('http://unit.example/api/export.php', {
      headers: { 'accept-encoding': 'gzip' },
    });
    const sent = compressResponse(request, json({ text: 'x'.repeat(5000) }));
    expect(sent.headers.get('content-encoding')).toBe('gzip');
  });
});
