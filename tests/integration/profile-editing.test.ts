import { describe, expect, it } from 'vitest';
import { ADULT_INTERESTS, INTERESTS } from '../../src/features/profiles/catalog.ts';
import {
  INTERESTS_MAX,
  TEXT_MAX_LENGTH,
  type OwnProfile,
} from '../../src/features/profiles/profiles.editing.schemas.ts';
import type { TestMember, TestSession } from '../support/factories.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The profile editor's calls over HTTP: the member's own profile read and saved, every refusal
 * with its field code in the member's language, and the lists the editor offers.
 */

const app = useServer();

type Member = TestMember & TestSession;

const get = (member: Member, path: string, host: string = DEMO.amber.host, locale = 'en') =>
  app.request(path, { host, headers: { cookie: member.cookie, 'x-locale': locale } });
const put = (member: Member, body: unknown, locale = 'en') =>
  app.request('/api/profile.php', {
    method: 'PUT',
    host: DEMO.amber.host,
    headers: { cookie: member.cookie, 'x-locale': locale },
    body,
  });
const ownProfile = async (member: Member) =>
  (await get(member, '/api/profile.php')).json<{ profile: OwnProfile }>().profile;

const FULL = {
  seeking: 'both',
  sexuality: 'bi',
  hair_color: 'red',
  eye_color: 'green',
  body_type: 'slim',
  relationship_status: 'single',
  tattoos: 'few',
  interests: ['hiking', 'wine', 'cooking'],
  country: 'NL',
  region: 'UT',
  city: 'Utrecht',
  text: 'Walks along the Vecht, then a glass of wine.',
};

describe('GET and PUT /api/profile.php', () => {
  it('refuses visitors', async () => {
    for (const method of ['GET', 'PUT']) {
      const res = await app.request('/api/profile.php', {
        method,
        body: method === 'PUT' ? FULL : undefined,
      });
      expect(res.status, method).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('authentication_required');
    }
  });

  it("answers the member's own profile and saves it whole", async () => {
    const member = await app.make.loggedIn({ name: 'Roundtrip', birthdate: '1990-05-17', country: 'NL' });
    const before = await ownProfile(member);
    expect(before).toMatchObject({
      id: member.profileId,
      name: 'Roundtrip',
      birthdate: '1990-05-17',
      country: 'NL',
      interests: [],
      sexuality: null,
      text: null,
      main_image: null,
    });
    expect(before.age).toBeGreaterThanOrEqual(35);

    const saved = await put(member, FULL);
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json<{ profile: OwnProfile }>().profile).toMatchObject({
      ...FULL,
      interests: expect.any(Array),
    });
    const after = await ownProfile(member);
    expect(after).toMatchObject({ ...FULL, interests: expect.any(Array) });
    expect([...after.interests].sort()).toEqual([...FULL.interests].sort());

    // Interests are replaced, not added; a field left out stays; null clears an attribute.
    const again = await put(member, { interests: ['tea'], sexuality: null });
    expect(again.status, again.body).toBe(200);
    expect(await ownProfile(member)).toMatchObject({
      interests: ['tea'],
      sexuality: null,
      hair_color: 'red',
      region: 'UT',
    });

    // A new country without a region clears the old country's region and town.
    await put(member, { country: 'DE' });
    expect(await ownProfile(member)).toMatchObject({ country: 'DE', region: null, city: null });
  });

  it('names every refusal with its field code, in the member’s language, and changes nothing', async () => {
    const member = await app.make.loggedIn({ language: 'de' });
    await put(member, FULL);
    const before = await ownProfile(member);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ sexuality: 'robot' }, { sexuality: 'invalid_choice' }],
      [{ seeking: 'cats' }, { seeking: 'invalid_choice' }],
      [{ interests: ['cooking', 'stamps'] }, { interests: 'interest_invalid' }],
      [{ interests: INTERESTS.slice(0, INTERESTS_MAX + 1) }, { interests: 'too_many_interests' }],
      [{ interests: 'cooking' }, { interests: 'invalid' }],
      [{ country: 'JP' }, { country: 'country_invalid' }],
      [{ country: 'NL', region: 'BY' }, { region: 'region_invalid' }],
      [{ region: 'NH' }, { country: 'country_required' }],
      [{ country: 'NL', city: 'x'.repeat(81) }, { city: 'city_too_long' }],
      [{ text: 'x'.repeat(TEXT_MAX_LENGTH + 1), hair_color: 'blond' }, { text: 'text_too_long' }],
      [{ favourite_colour: 'blue' }, { body: 'invalid' }],
    ];
    for (const [body, fields] of cases) {
      const res = await put(member, body, 'de');
      expect(res.status, JSON.stringify(body)).toBe(422);
      const answer = res.json<{
        error: string;
        fields: Record<string, string>;
        field_messages: Record<string, string>;
      }>();
      expect(answer.error).toBe('validation');
      expect(answer.fields, JSON.stringify(body)).toEqual(fields);
      for (const field of Object.keys(fields)) expect(answer.field_messages[field]).toBeTruthy();
    }
    const german = (await put(member, { text: 'x'.repeat(TEXT_MAX_LENGTH + 1) }, 'de')).json<{
      field_messages: Record<string, string>;
    }>();
    expect(german.field_messages.text).toContain(`${TEXT_MAX_LENGTH} Zeichen`);
    expect(await ownProfile(member)).toEqual(before);
  });

  it('refuses control characters and bidi overrides in city and text, keeps the lines of the text', async () => {
    const member = await app.make.loggedIn({ language: 'de' });
    await put(member, FULL);
    const before = await ownProfile(member);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ country: 'NL', city: 'Utrecht\u0000' }, { city: 'control_characters' }],
      [{ country: 'NL', city: 'Utrecht\nAmsterdam' }, { city: 'control_characters' }],
      [{ country: 'NL', city: '\u202EthcertU' }, { city: 'control_characters' }],
      [{ text: 'Hello\u0007' }, { text: 'control_characters' }],
      [{ text: 'Hello \u2067isolated\u2069' }, { text: 'control_characters' }],
      [{ text: 'Hello\u0000there' }, { text: 'control_characters' }],
    ];
    for (const [body, fields] of cases) {
      const res = await put(member, body, 'de');
      expect(res.status, JSON.stringify(body)).toBe(422);
      const answer = res.json<{ fields: Record<string, string>; field_messages: Record<string, string> }>();
      expect(answer.fields, JSON.stringify(body)).toEqual(fields);
      for (const field of Object.keys(fields))
        expect(answer.field_messages[field]).toBe(
          'Bitte entferne die unsichtbaren Steuer- oder Textrichtungszeichen.',
        );
    }
    expect(await ownProfile(member)).toEqual(before);
    const lines = await put(member, { text: 'Line one\n\tLine two' });
    expect(lines.status, lines.body).toBe(200);
    expect((await ownProfile(member)).text).toBe('Line one\n\tLine two');
  });

  it("limits the country to the site's own", async () => {
    // Kurvenreich serves DE, AT, CH and NL only.
    const member = await app.make.loggedIn({ site: DEMO.curvy, country: 'DE' });
    const res = await app.request('/api/profile.php', {
      method: 'PUT',
      host: DEMO.curvy.host,
      headers: { cookie: member.cookie },
      body: { country: 'BE' },
    });
    expect(res.status).toBe(422);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({ country: 'country_invalid' });
    const ok = await app.request('/api/profile.php', {
      method: 'PUT',
      host: DEMO.curvy.host,
      headers: { cookie: member.cookie },
      body: { country: 'AT', region: '9' },
    });
    expect(ok.status, ok.body).toBe(200);
  });

  it("belongs to the member's data export", async () => {
    const member = await app.make.loggedIn();
    await put(member, FULL);
    const exported = await get(member, '/api/export.php');
    expect(exported.status).toBe(200);
    expect(exported.body).toContain('Walks along the Vecht');
    expect(exported.body).toMatch(/"relationship_status":\s*"single"/);
    expect(exported.body).toMatch(/"interests":\s*\[[^\]]*"hiking"/);
  });

  it('is read by no one of another network', async () => {
    const member = await app.make.loggedIn({ name: 'Amberonly' });
    await put(member, FULL);
    const elsewhere = await get(member, '/api/profile.php', DEMO.curvy.host);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).not.toContain('Amberonly');
    expect(elsewhere.body).not.toContain('Vecht');
  });
});

describe('the /profile page', () => {
  it('sends visitors to log in and back, and shows a member the editor with their own profile', async () => {
    const away = await app.request('/profile');
    expect(away.status).toBe(303);
    expect(away.headers.location).toBe('/login?next=%2Fprofile');
    const member = await app.make.loggedIn({ name: 'Pagevisit' });
    const page = await get(member, '/profile');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('My profile');
    expect(page.body).toContain('Pagevisit');
    expect(page.body).toContain('/profile/photos');
  });
});

describe('the enrich-profile alert on /members', () => {
  it('names what the profile lacks until the member fills it in or dismisses the alert', async () => {
    const member = await app.make.loggedIn();
    const before = await get(member, '/members');
    expect(before.body).toContain('id="enrich-profile-alert"');
    expect(before.body).toContain('Add a photo');
    expect(before.body).toContain('Choose your interests');
    expect(before.body).toContain('Write a few words about yourself');
    // The gaps come with the session's read: the next request sees a change at once.
    expect((await put(member, { interests: ['hiking'] })).status).toBe(200);
    const someInterests = (await get(member, '/members')).body;
    expect(someInterests).toContain('Add a photo');
    expect(someInterests).not.toContain('Choose your interests');
    expect(someInterests).toContain('Write a few words about yourself');
    expect((await put(member, { text: 'Walks by the sea.' })).status).toBe(200);
    const words = (await get(member, '/members')).body;
    expect(words).toContain('Add a photo');
    expect(words).not.toContain('Write a few words about yourself');

    const dismissed = await app.request('/api/user.php', {
      method: 'PUT',
      host: DEMO.amber.host,
      headers: { cookie: member.cookie },
      body: { dismissed: { enrich_profile: Date.now() } },
    });
    expect(dismissed.status).toBe(200);
    expect((await get(member, '/members')).body).not.toContain('id="enrich-profile-alert"');

    // A member whose profile has a photo, interests and own words is not asked at all.
    const complete = await app.make.loggedIn();
    await app.make.photo(complete);
    expect((await put(complete, { interests: ['hiking'], text: 'Walks by the sea.' })).status).toBe(200);
    expect((await get(complete, '/members')).body).not.toContain('id="enrich-profile-alert"');
  });
});

describe('the lists the editor offers', () => {
  it('GET /api/interests.php: the catalog in groups, labelled in the request’s language, adult ones only on an adult niche', async () => {
    const res = await app.request('/api/interests.php', { headers: { 'x-locale': 'de' } });
    expect(res.status).toBe(200);
    const { interests } = res.json<{ interests: Array<{ key: string; label: string; group: string }> }>();
    // The general site: everything but the adult group.
    expect(interests.map((i) => i.key).sort()).toEqual(
      INTERESTS.filter((i) => !ADULT_INTERESTS.has(i)).sort(),
    );
    expect(interests.find((i) => i.key === 'kissing')).toMatchObject({ label: 'Küssen', group: 'romance' });
    expect(interests.find((i) => i.key === 'tea')?.group).toBe('food');
    expect(interests.some((i) => i.group === 'adult')).toBe(false);
  });

  it("GET /api/regions.php: the site's countries, or one of them; another is refused", async () => {
    const all = await app.request('/api/regions.php', { host: DEMO.curvy.host });
    expect(Object.keys(all.json<{ regions: object }>().regions).sort()).toEqual(['AT', 'CH', 'DE', 'NL']);
    const nl = await app.request('/api/regions.php?country=NL', { headers: { 'x-locale': 'nl' } });
    const { regions } = nl.json<{
      regions: Record<
        string,
        { type: string; label: string; regions: Array<{ code: string; name: string }> }
      >;
    }>();
    expect(Object.keys(regions)).toEqual(['NL']);
    expect(regions.NL).toMatchObject({ type: 'province', label: 'Provincie' });
    expect(regions.NL!.regions).toContainEqual({ code: 'NH', name: 'Noord-Holland' });
    const refused = await app.request('/api/regions.php?country=BE', { host: DEMO.curvy.host });
    expect(refused.status).toBe(422);
    expect(refused.json<{ fields: object }>().fields).toEqual({ country: 'country_invalid' });
  });

  it('GET /api/geocode.php: the nearest town, its region, and whether the site serves it', async () => {
    const amsterdam = await app.request('/api/geocode.php?lat=52.3731&lon=4.8922');
    expect(amsterdam.json()).toEqual({ country: 'NL', region: 'NH', city: 'Amsterdam', served: true });
    const paris = await app.request('/api/geocode.php?lat=48.8566&lon=2.3522', { host: DEMO.curvy.host });
    expect(paris.json()).toMatchObject({ country: 'FR', region: null, served: false });
    const sea = await app.request('/api/geocode.php?lat=0&lon=-30');
    expect(sea.json()).toEqual({ country: null, region: null, city: null, served: false });
  });

  it('GET /api/geocode.php refuses what is not a position', async () => {
    for (const [query, fields] of [
      ['lat=95&lon=4', { lat: 'coordinate_invalid' }],
      ['lat=52&lon=east', { lon: 'coordinate_invalid' }],
      ['lat=52', { lon: 'required' }],
    ] as const) {
      const res = await app.request(`/api/geocode.php?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.json<{ fields: object }>().fields, query).toEqual(fields);
    }
  });

  it('GET /api/geocode.php is limited per address', async () => {
    let limited;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await app.request('/api/geocode.php?lat=52.09&lon=5.12');
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited?.json<{ error: string; retry_after: number }>()).toMatchObject({
      error: 'rate_limited',
      retry_after: expect.any(Number),
    });
  });
});
