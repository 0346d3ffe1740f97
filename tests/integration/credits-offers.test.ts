import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/answers.ts';
import { checkoutAtTestProvider } from '../support/checkout.ts';
import { REPO_ROOT } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { call, callIn, type LoggedIn } from './likes-support.ts';

/*
 * Honest offers (API.md "Credits and payments" and docs/api-extensions.md "Honest offers"): the
 * total to pay before paying, a typed code that does not apply never taking away one that does,
 * a countdown only for a bonus that really ends (and ends into what it said), and the path back
 * to the conversation carried through the checkout, same-site only.
 */

const HOUR = 3_600_000;
const demo = JSON.parse(readFileSync(join(REPO_ROOT, 'tenants', 'localhost.json'), 'utf8')) as {
  id: string;
  prices?: Record<string, unknown>;
} & Record<string, unknown>;
// A time bonus worth more than the welcome discount: the only kind that counts down.
const app = useServer({
  clock: true,
  sites: [
    { ...demo, prices: { ...demo.prices, time_bonus_percentage: 40, welcome_discount_percentage: 25 } },
  ],
});

interface Quote {
  quote: {
    bundle: string;
    amount: number;
    currency: string;
    total: number;
    discount: {
      code: string;
      percentage: number;
      kind: string;
      expires: string | null;
      then: { code: string; percentage: number; total: number } | null;
    } | null;
    formatted: { amount: string; total: string };
  };
  notice: { error: string; message: string } | null;
}

function quote(member: LoggedIn, query: Record<string, string>, locale?: string) {
  const path = `/api/order.php?${new URLSearchParams({ bundle: 'starter', ...query })}`;
  return locale ? callIn(locale, app, member, 'GET', path) : call(app, member, 'GET', path);
}

function order(member: LoggedIn, body: Record<string, unknown>) {
  return call(app, member, 'POST', '/api/order.php', { bundle: 'starter', paymentmethod: 'ideal', ...body });
}

/** Every link of a page (and every link an island will render) stays on the member's site. */
function expectLinksStayOnSite(html: string): void {
  const decoded = html.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  const hrefs = [...decoded.matchAll(/href(?:=|":\[0,)"([^"]*)"/g)].map((m) => m[1]!);
  expect(hrefs.length).toBeGreaterThan(5);
  for (const href of hrefs) {
    expect(href, href).not.toMatch(/^\s*javascript:/i);
    expect(href.includes('\\'), href).toBe(false);
    expect(new URL(href, 'http://localhost/').hostname, href).toBe('localhost');
  }
}

describe('a time bonus counts down only when it ends into something less', () => {
  it('offers 40 % until four hours after signup, says 25 % stays, and then charges exactly that', async () => {
    const member = await app.make.loggedIn();
    const bonus = await call(app, member, 'GET', '/api/timebonus.php');
    expect(bonus.status, bonus.body).toBe(200);
    expect(bonus.json()).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 40, then_percentage: 25 });
    const offer = (await call(app, member, 'GET', '/api/credits.php')).json<{ discount: unknown }>();
    expect(offer.discount).toMatchObject({
      code: 'TIMEBONUS25',
      percentage: 40,
      kind: 'time_bonus',
      then: { code: 'WELCOME25', percentage: 25 },
    });
    const during = (await quote(member, {})).json<Quote>().quote;
    expect(during.total).toBe(899); // 1499 × 0.6 = 899.4, rounded in the member's favour
    expect(during.discount).toMatchObject({ kind: 'time_bonus', then: { percentage: 25, total: 1124 } });
    expect(Date.parse(during.discount!.expires!)).toBeGreaterThan(Date.now() + 3.9 * HOUR);

    // What the countdown said ends, ends: after it the bonus is gone and the 25 % it named stays.
    await app.withClock(4 * HOUR + 1000, async () => {
      expect((await call(app, member, 'GET', '/api/timebonus.php')).status).toBe(204);
      const after = (await quote(member, {})).json<Quote>().quote;
      expect(after.discount).toMatchObject({ code: 'WELCOME25', percentage: 25, expires: null });
      expect(after.total).toBe(1124);
      expectError(await order(member, { discountcode: 'TIMEBONUS25' }), 404, 'code_not_found');
      const charged = await order(member, { discountcode: after.discount!.code });
      expect(charged.status, charged.body).toBe(201);
      expect(charged.json<{ order: { amount: number } }>().order.amount).toBe(after.total);
    });
  });
});

describe('GET /api/order.php: the total to pay before paying', () => {
  it('keeps a valid discount when a typed code is not found, and says so', async () => {
    const member = await app.make.loggedIn();
    const linked = await app.make.discountCode({ percentage: 45 });
    // The page opened with a code from a link; the member then types one that does not exist.
    const kept = await quote(member, { discountcode: 'NOSUCHCODE', keep: linked });
    expect(kept.status, kept.body).toBe(200);
    const answer = kept.json<Quote>();
    expect(answer.quote.discount).toMatchObject({ code: linked, percentage: 45, kind: 'code' });
    expect(answer.quote.total).toBe(824); // 1499 × 0.55
    expect(answer.notice).toEqual({
      error: 'code_not_found',
      message: 'Code not found. Your 45 % discount still applies.',
    });

    // Without a code from a link, the discount the member has anyway stays: the time bonus.
    const active = (await quote(member, { discountcode: 'NOSUCHCODE' })).json<Quote>();
    expect(active.quote.discount).toMatchObject({ code: 'TIMEBONUS25', percentage: 40 });
    expect(active.notice?.message).toBe('Code not found. Your 40 % discount still applies.');

    const german = (await quote(member, { discountcode: 'NOSUCHCODE' }, 'de')).json<Quote>();
    expect(german.notice?.message).toMatch(/Rabatt von 40 % gilt weiterhin\.$/);
    expect(german.quote.formatted.total).toBe('8,99\u00a0€');
  });

  it('keeps the better of two codes that apply, and names a minimum in the member’s money', async () => {
    const member = await app.make.loggedIn();
    const weaker = await app.make.discountCode({ percentage: 10 });
    const weak = (await quote(member, { discountcode: weaker })).json<Quote>();
    expect(weak.quote.discount).toMatchObject({ code: 'TIMEBONUS25', percentage: 40 });
    expect(weak.notice).toEqual({
      error: 'code_weaker',
      message: `Code ${weaker} gives less: your 40 % discount stays applied.`,
    });

    const better = await app.make.discountCode({ percentage: 60 });
    const strong = (await quote(member, { discountcode: better })).json<Quote>();
    expect(strong.notice).toBeNull();
    expect(strong.quote).toMatchObject({
      total: 599,
      discount: { code: better, kind: 'code', expires: null },
    });
    expect(strong.quote.formatted).toEqual({ amount: '€14.99', total: '€5.99' });

    const big = await app.make.discountCode({ percentage: 70, minimum: 5000, currency: 'EUR' });
    const below = (await quote(member, { discountcode: big })).json<Quote>();
    expect(below.quote.discount).toMatchObject({ code: 'TIMEBONUS25' });
    expect(below.notice).toEqual({
      error: 'code_minimum_order',
      message: 'This code needs an order of at least €50.00. Your 40 % discount still applies.',
    });
  });

  it('charges what it quoted', async () => {
    const member = await app.make.loggedIn();
    const code = await app.make.discountCode({ percentage: 55 });
    const quoted = (await quote(member, { discountcode: code })).json<Quote>().quote;
    const placed = await order(member, { discountcode: quoted.discount!.code });
    expect(placed.status, placed.body).toBe(201);
    expect(placed.json<{ order: { amount: number; currency: string } }>().order).toMatchObject({
      amount: quoted.total,
      currency: quoted.currency,
    });
  });

  it('is for members, and names an unknown bundle', async () => {
    expect((await app.request('/api/order.php?bundle=starter')).status).toBe(403);
    const member = await app.make.loggedIn();
    const unknown = await call(app, member, 'GET', '/api/order.php?bundle=nope');
    expectError(unknown, 422, 'validation');
    expect(unknown.json().fields).toEqual({ bundle: 'unknown_bundle' });
  });
});

describe('the way back after a purchase', () => {
  it('leads the thank-you page back to the conversation the member came from', async () => {
    const member = await app.make.loggedIn();
    const placed = await order(member, { return_to: '/chats/01conversation' });
    expect(placed.status, placed.body).toBe(201);
    const paymentId = placed.json<{ order: { payment_id: string } }>().order.payment_id;
    const paid = await checkoutAtTestProvider(app, member, paymentId, 'paid');
    expect(paid.status).toBe(303);
    const location = String(paid.headers.location);
    expect(location).toMatch(new RegExp(`/transactions/${paymentId}\\?return=%2Fchats%2F01conversation$`));
    const thanks = await app.request(new URL(location).pathname + new URL(location).search, {
      headers: { cookie: member.cookie },
    });
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain('href="/chats/01conversation"');
    expect(thanks.body).toContain('Back to the conversation');
  });

  it.each(['//evil.example/chats/1', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s as a way back: 422 return_to invalid, and the pages drop it',
    async (evil) => {
      const member = await app.make.loggedIn();
      const refused = await order(member, { return_to: evil });
      expectError(refused, 422, 'validation');
      expect(refused.json().fields).toEqual({ return_to: 'invalid' });

      const placed = await order(member, {});
      const paymentId = placed.json<{ order: { payment_id: string } }>().order.payment_id;
      await checkoutAtTestProvider(app, member, paymentId, 'paid');
      const thanks = await app.request(`/transactions/${paymentId}?return=${encodeURIComponent(evil)}`, {
        headers: { cookie: member.cookie },
      });
      expect(thanks.status).toBe(200);
      expect(thanks.body).toContain('&quot;back&quot;:[0,null]');
      expectLinksStayOnSite(thanks.body);
      const credits = await app.request(`/credits?return=${encodeURIComponent(evil)}`, {
        headers: { cookie: member.cookie },
      });
      expect(credits.status).toBe(200);
      expect(credits.body).not.toContain('return=');
      expectLinksStayOnSite(credits.body);
      const checkout = await app.request(`/credits/starter?return=${encodeURIComponent(evil)}`, {
        headers: { cookie: member.cookie },
      });
      expect(checkout.body).toContain('&quot;returnTo&quot;:[0,null]');
    },
  );

  it('carries a same-site path from /credits through the checkout page', async () => {
    const member = await app.make.loggedIn();
    const credits = await app.request(`/credits?return=${encodeURIComponent('/chats/01abc')}`, {
      headers: { cookie: member.cookie },
    });
    expect(credits.body).toContain('/credits/starter?return=%2Fchats%2F01abc');
    const checkout = await app.request(`/credits/starter?return=${encodeURIComponent('/chats/01abc')}`, {
      headers: { cookie: member.cookie },
    });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toContain('&quot;returnTo&quot;:[0,&quot;/chats/01abc&quot;]');
  });
});
