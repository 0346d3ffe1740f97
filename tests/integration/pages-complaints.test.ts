import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * POST /api/complaint.php (API.md) and the complaints page posted without script: validation
 * with field codes and messages in the visitor's language, the origin check, the per-address
 * limit, profiles only of the site's own network, and the row stored for the site.
 */
// A trusted proxy, so each test can come from an address of its own (the limit is per address).
const app = useServer({ seedSize: 30, trustProxy: true });
/** One seeded profile of each network. */
let amberProfile: string;
let curvyProfile: string;

const TEXT = 'This member keeps asking me for money and gift cards.';

beforeAll(async () => {
  const profileOf = async (network: string) =>
    (await app.inspect.row('profiles', { network_id: network }))!.id;
  amberProfile = await profileOf('amber');
  curvyProfile = await profileOf('curvy');
});

let address = 0;
/** A visitor from an address no other test used. */
function visitor(extra: Record<string, string> = {}): Record<string, string> {
  address += 1;
  return { 'x-forwarded-for': `198.51.100.${address}`, ...extra };
}

function complain(body: unknown, options: { host?: string; headers?: Record<string, string> } = {}) {
  return app.request('/api/complaint.php', {
    method: 'POST',
    host: options.host ?? DEMO.amber.host,
    headers: options.headers ?? visitor(),
    body,
  });
}

const stored = (id: string) => app.inspect.row('complaints', { id });

describe('POST /api/complaint.php', () => {
  it('files a complaint for the site and answers 201 with an opaque id', async () => {
    const res = await complain(
      {
        category: 'scam',
        text: `  ${TEXT}  `,
        profile: `https://silver.localhost/members/${amberProfile}`,
        email: 'anna@example.org',
      },
      { host: DEMO.silver.host },
    );
    expect(res.status).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-z]{16}$/);
    expect(await stored(id)).toMatchObject({
      network_id: 'amber',
      site_id: 'mature',
      category: 'scam',
      text: TEXT,
      profile_id: amberProfile,
      email: 'anna@example.org',
      status: 'open',
    });
  });

  it('answers 422 with a code and a message per field, in the language asked for', async () => {
    const res = await complain(
      { category: 'spam', text: 'short', email: 'nope' },
      { headers: visitor({ 'x-locale': 'de' }) },
    );
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      error: 'validation',
      message: expect.any(String),
      fields: { category: 'category_invalid', text: 'text_too_short', email: 'email_invalid' },
      field_messages: {
        category: 'Wähle, worum es in deiner Beschwerde geht.',
        text: 'Bitte schreib mindestens 20 Zeichen.',
        email: 'Ungültige E-Mail-Adresse',
      },
    });
  });

  it("keeps the spec's English message for an invalid e-mail address", async () => {
    const res = await complain({ category: 'other', text: TEXT, email: 'nope' });
    expect(res.json<{ field_messages: Record<string, string> }>().field_messages.email).toBe('Invalid email');
  });

  it("accepts only profiles of the site's own network", async () => {
    const elsewhere = await complain({ category: 'fake_profile', text: TEXT, profile: curvyProfile });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json()).toMatchObject({ fields: { profile: 'profile_not_found' } });
    const unknown = await complain({ category: 'fake_profile', text: TEXT, profile: '0123456789abcdef' });
    expect(unknown.json()).toMatchObject({ fields: { profile: 'profile_not_found' } });
    const own = await complain(
      { category: 'fake_profile', text: TEXT, profile: curvyProfile },
      { host: DEMO.curvy.host },
    );
    expect(own.status).toBe(201);
    expect(await stored(own.json<{ id: string }>().id)).toMatchObject({
      network_id: 'curvy',
      site_id: 'curvy',
    });
  });

  it('refuses a body that is not JSON, and a post from another site', async () => {
    const plain = await app.request('/api/complaint.php', {
      method: 'POST',
      headers: { ...visitor(), 'content-type': 'text/plain' },
      body: 'category=scam',
    });
    expect(plain.status).toBe(415);
    const foreign = await app.request('/api/complaint.php', {
      method: 'POST',
      headers: { ...visitor(), origin: 'https://evil.example' },
      body: { category: 'scam', text: TEXT },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'forbidden_origin' });
    const own = await app.request('/api/complaint.php', {
      method: 'POST',
      host: DEMO.rainbow.host,
      headers: { ...visitor(), origin: `http://${DEMO.rainbow.host}:${app.server.port}` },
      body: { category: 'scam', text: TEXT },
    });
    expect(own.status).toBe(201);
  });

  it('limits complaints per address and site, with retry_after', async () => {
    const headers = visitor();
    for (let i = 0; i < 10; i++)
      expect((await complain({ category: 'other', text: TEXT }, { headers })).status).toBe(201);
    const limited = await complain({ category: 'other', text: TEXT }, { headers });
    expect(limited.status).toBe(429);
    const body = limited.json<{ error: string; retry_after: number }>();
    expect(body.error).toBe('rate_limited');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(3600);
    expect(limited.headers['retry-after']).toBe(String(body.retry_after));
    // Another address, or another site, is not held back.
    expect((await complain({ category: 'other', text: TEXT })).status).toBe(201);
    expect(
      (await complain({ category: 'other', text: TEXT }, { host: DEMO.rainbow.host, headers })).status,
    ).toBe(201);
  });

  it('is POST only', async () => {
    expect((await app.request('/api/complaint.php')).status).toBe(405);
  });
});

describe('the complaints page without script', () => {
  function post(form: Record<string, string>, headers: Record<string, string> = visitor()) {
    return app.request('/de/complaints', {
      method: 'POST',
      host: DEMO.curvy.host,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  it('files the complaint and redirects to the acknowledgement with its reference', async () => {
    const res = await post({ category: 'harassment', text: TEXT, profile: '', email: '' });
    expect(res.status).toBe(303);
    const location = res.headers.location!;
    expect(location).toMatch(/^\/de\/complaints\?filed=[0-9a-z]{16}$/);
    const id = location.split('=')[1]!;
    expect(await stored(id)).toMatchObject({
      site_id: 'curvy',
      category: 'harassment',
      profile_id: null,
      email: null,
    });
    const ack = await app.request(location, { host: DEMO.curvy.host });
    expect(ack.status).toBe(200);
    expect(ack.headers['cache-control']).toBe('no-store');
    expect(ack.body).toContain('Danke, wir haben deine Beschwerde erhalten');
    expect(ack.body).toContain(id);
    expect(ack.body).not.toContain('<form');
  });

  it('shows what is wrong in the page language and keeps what was typed', async () => {
    const res = await post({ category: '', text: 'Zu kurz <b>', email: 'kaputt' });
    expect(res.status).toBe(422);
    expect(res.body).toContain('Wähle, worum es in deiner Beschwerde geht.');
    expect(res.body).toContain('Bitte schreib mindestens 20 Zeichen.');
    expect(res.body).toContain('Ungültige E-Mail-Adresse');
    expect(res.body).toContain('>Zu kurz &lt;b&gt;</textarea>');
    expect(res.body).toContain('value="kaputt"');
    expect(res.body).toMatch(
      /id="complaint-text"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="complaint-text"/,
    );
  });

  it('never shows a reference that is not one', async () => {
    const res = await app.request('/complaints?filed=<script>', { host: DEMO.amber.host });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/id="complaint-done"[^>]*\bhidden\b/);
    expect(res.body).toContain('<strong data-ref></strong>');
    expect(res.body).toContain('<form');
  });
});
