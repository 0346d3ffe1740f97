import { describe, expect, it } from 'vitest';
import { compressResponse } from './compression.ts';
import { json, jsonBodyBytes, writtenJson } from './http.ts';

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

describe('writtenJson', () => {
  const request = new Request('http://unit.example/api/chat.php', {
    method: 'POST',
    headers: { 'accept-encoding': 'gzip' },
  });

  it("gives a small answer json's status and headers and its bytes, without a body stream", () => {
    const body = { name: 'Zoë' };
    const written = compressResponse(request, writtenJson(body, 201));
    const plain = compressResponse(request, json(body, 201));
    expect(written.status).toBe(201);
    expect([...written.headers]).toEqual([...plain.headers]);
    expect(written.body).toBeNull();
    expect(Buffer.from(jsonBodyBytes(written)!).toString()).toBe(JSON.stringify(body));
  });

  it('keeps the stream of an answer worth compressing, and compresses it as json does', () => {
    const body = { text: 'x'.repeat(5000) };
    const written = compressResponse(request, writtenJson(body));
    const plain = compressResponse(request, json(body));
    expect(written.headers.get('content-encoding')).toBe('gzip');
    expect([...written.headers]).toEqual([...plain.headers]);
  });
});
