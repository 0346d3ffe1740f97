import { describe, expect, it } from 'vitest';
import { netOfVat } from '../../src/features/payments/payments.statistics.ts';
import type { Figures, PeriodFigures } from '../../src/features/statistics/statistics.figures.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import type { Visitor } from '../support/visitor.ts';
import { lastMailTo, linkIn, signUp } from './accounts-helpers.ts';
import { addDirectly, logIn } from './console-support.ts';

/* docs/console.md "Statistics": GET /console/api/statistics.php, its CSV, and the daily rollups. */

const DAY = 24 * 60 * 60 * 1000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Answer {
  network: string;
  today: string;
  currencies: string[];
  days: (Figures & { day: string })[];
  totals: PeriodFigures;
  sources: (PeriodFigures & { source: Source })[];
  day_sources: (Figures & { day: string; source: Source })[];
}
type Source = { network: string; ref: string; sub: string };

const today = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString().slice(0, 10);

/** The statistics tests against `app` (started with `clock: true, trustProxy: true`). */
export function statisticsTests(app: ServerUnderTest): void {
  const source = { network: 'statnet', ref: 'r-1', sub: `s-${process.pid}` };
  let site = '';
  let network = '';
  let buyer: Visitor;
  let orderId = '';
  let paid = { amount: 0, currency: '', country: '' };

  async function statistics(staff: Visitor, query: string): Promise<Answer> {
    const res = await staff.get(`/console/api/statistics.php?${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json<Answer>();
  }
  const ofSource = (answer: Answer) =>
    answer.sources.find((s) => s.source.network === source.network && s.source.sub === source.sub);

  describe('statistics', () => {
    it('counts a tracked member live today: visit, signup, activation, first purchase, revenue net of VAT and a message', async () => {
      buyer = app.visitor();
      const landing = await buyer.get(`/?network=${source.network}&ref=${source.ref}&sub=${source.sub}`);
      expect(landing.status).toBe(302);
      const { user, fields } = await signUp(buyer);
      const member = await app.inspect.row('members', { id: user.id });
      site = String(member!.site_id);
      network = String(member!.network_id);
      const activation = linkIn(lastMailTo(app.server, fields.email), '/api/activate.php');
      expect((await buyer.get(activation.pathAndQuery)).status).toBe(302);

      const offer = (await buyer.get('/api/credits.php')).json<{
        bundles: { id: string }[];
        paymentmethods: { id: string }[];
      }>();
      const placed = await buyer.send('POST', '/api/order.php', {
        bundle: offer.bundles[0]!.id,
        paymentmethod: offer.paymentmethods[0]!.id,
      });
      expect(placed.status, placed.body).toBe(201);
      orderId = placed.json<{ order: { payment_id: string } }>().order.payment_id;
      const paidRes = await buyer.request(`/checkout/test/${orderId}`, {
        method: 'POST',
        headers: { ...FORM, origin: `http://localhost` },
        body: 'outcome=paid',
      });
      expect(paidRes.status, paidRes.body).toBe(303);
      const order = await app.inspect.row('orders', { id: orderId });
      expect(order!.status).toBe('completed');
      paid = {
        amount: Number(order!.amount),
        currency: String(order!.currency),
        country: String(order!.country ?? ''),
      };
      expect(paid.amount).toBeGreaterThan(0);

      const to = await app.make.operatorProfile({ network });
      const sent = await buyer.send('POST', '/api/chat.php', {
        profile: to.profileId,
        type: 'text',
        text: 'Hello there',
        client_id: `stats-${Date.now()}`,
      });
      expect(sent.status, sent.body).toBe(201);

      const staff = await logIn(app, await addDirectly(app, 'host', network));
      const answer = await statistics(staff, `network=${network}&site=${site}&days=7`);
      expect(answer.today).toBe(today());
      expect(answer.days).toHaveLength(7);
      expect(ofSource(answer)).toMatchObject({
        visits: 1,
        signups: 1,
        activations: 1,
        first_purchases: 1,
        messages: 1,
        revenue: { [paid.currency]: netOfVat(paid.amount, paid.country) },
      });
      expect(answer.days.at(-1)!.signups).toBeGreaterThanOrEqual(1);
    });

    it('takes refunds off the revenue of the day of the refund', async () => {
      const refund = await buyer.send('POST', '/api/refund.php', { order: orderId });
      expect(refund.status, refund.body).toBe(200);
      const back = refund.json<{ amount: number }>().amount;
      const staff = await logIn(app, await addDirectly(app, 'support', network));
      const answer = await statistics(staff, `network=${network}&site=${site}&days=7`);
      expect(ofSource(answer)!.revenue[paid.currency] ?? 0).toBe(netOfVat(paid.amount - back, paid.country));
      // Still a first purchase: the refund does not undo it.
      expect(ofSource(answer)!.first_purchases).toBe(1);
    });

    it('exports the CSV of what is shown, formula cells neutralised, and audits the export', async () => {
      const evil = app.visitor();
      expect((await evil.get('/?network=%3DHYPERLINK(%22x%22)&ref=%40r')).status).toBe(302);
      const staff = await logIn(app, await addDirectly(app, 'owner', network));
      const res = await staff.get(
        `/console/api/statistics.php?network=${network}&site=${site}&days=7&by_source=1&format=csv`,
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="statistics-/);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^day,source_network,source_ref,source_sub,visits,signups,activations/);
      expect(lines.some((l) => l.startsWith(`${today()},statnet,r-1,${source.sub},1,1,1,1,1,`))).toBe(true);
      expect(lines.some((l) => l.includes(`"'=HYPERLINK(""x"")",'@r,`))).toBe(true);
      expect(lines.at(-1)).toMatch(/^total,/);
      const audited = await app.inspect.rows('audit_log', {
        action: 'statistics.export',
        network_id: network,
      });
      expect(audited.length).toBeGreaterThanOrEqual(1);
    });

    it('is for staff of the network only: other networks are refused, and so are visitors', async () => {
      const outsider = await logIn(app, await addDirectly(app, 'owner', 'curvy'));
      const refused = await outsider.get(`/console/api/statistics.php?network=${network}`);
      expect(refused.status).toBe(403);
      expect(refused.json<{ error: string }>().error).toBe('forbidden');
      const visitor = await app.visitor('console.localhost').get('/console/api/statistics.php');
      expect(visitor.status).toBe(403);
      expect(visitor.json<{ error: string }>().error).toBe('authentication_required');
      const moderator = await logIn(app, await addDirectly(app, 'moderator', network));
      // Without a network: the first the staff member holds (here the only one).
      expect((await statistics(moderator, 'days=7')).network).toBe(network);
      expect((await moderator.get('/console/api/statistics.php?site=elsewhere')).status).toBe(404);
      expect((await moderator.get('/console/statistics')).status).toBe(200);
      expect((await moderator.get('/console/api/statistics.php?from=2020-01-01&to=2026-01-01')).status).toBe(
        422,
      );
    });

    it('rolls the day up once it is over, and the closed day reads the same from the rollups', async () => {
      const staff = await logIn(app, await addDirectly(app, 'owner', network));
      const live = ofSource(await statistics(staff, `network=${network}&site=${site}&days=7`))!;
      const day = today();
      const theirDays = async (visitor: Visitor, query: string) =>
        (await statistics(visitor, `${query}&by_source=1`)).day_sources
          .filter((d) => d.source.sub === source.sub)
          .map((d) => [d.day, d.active_members]);
      const activeToday = await theirDays(staff, `network=${network}&site=${site}&days=7`);
      expect(activeToday).toEqual([[day, 1]]);
      app.setClock(DAY);
      try {
        await expect
          .poll(
            async () => (await app.inspect.row('statistics_progress', { site_id: site }))?.rolled_through,
            { timeout: 60_000, interval: 250 },
          )
          .toBe(day)
          // A rollup that does not come is a job that failed, hung or never got its lease: the
          // server's job lines say which.
          .catch((error: Error) => {
            throw new Error(`${error.message}\nThe server's job lines:\n${jobLines()}`);
          });
        const rows = await app.inspect.rows('statistics_daily', {
          site_id: site,
          day,
          source_network: source.network,
          source_sub: source.sub,
        });
        const counts = rows.find((r) => r.currency === '')!;
        expect(counts).toMatchObject({
          visits: live.visits,
          signups: 1,
          activations: 1,
          first_purchases: 1,
          messages: 1,
          active_members: 1,
        });
        const revenue = Object.fromEntries(
          rows.filter((r) => r.currency !== '').map((r) => [r.currency, Number(r.revenue)]),
        );
        expect(revenue).toEqual(live.revenue);
        // The next day, the closed day comes from the rollups with the same figures.
        const later = await logIn(app, await addDirectly(app, 'owner', network), DAY);
        const answer = await statistics(later, `network=${network}&site=${site}&days=7`);
        expect(answer.today).toBe(today(DAY));
        expect(ofSource(answer)).toMatchObject({ ...live });

        // The buyer comes back the next day: each day counts them. The week has no count of
        // active members: a sum of its days' would count the buyer twice.
        expect((await buyer.get('/api/user.php')).status).toBe(200);
        const week = `network=${network}&site=${site}&days=7`;
        expect(await theirDays(later, week)).toEqual([
          [day, 1],
          [today(DAY), 1],
        ]);
        const answered = await statistics(later, week);
        expect(answered.totals.active_members).toBeNull();
        expect(ofSource(answered)?.active_members).toBeNull();
      } finally {
        app.setClock(0);
      }
    }, 90_000);
  });

  function jobLines(): string {
    const lines = app.server.output().split('\n');
    return (
      lines
        .filter((line) => /\bjob\b|statistics:/.test(line))
        .slice(-40)
        .join('\n') || '(none)'
    );
  }
}
