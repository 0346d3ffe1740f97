import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { latestSmsCode, mailsTo, smsTo } from '../support/outbox.ts';
import { MANDATE_PAYER } from '../support/rows.ts';
import type { ServerUnderTest } from '../support/use-server.ts';
import { call, callIn, type LoggedIn } from './likes-support.ts';
import { expectError, expectFieldErrors } from '../support/answers.ts';

/* API.md "Credits and payments": POST /api/directdebit.php?sms=1 and POST /api/directdebit.php. */

const MINUTE = 60_000;
const IBAN = 'DE89 3704 0044 0532 0130 00';
let phoneCounter = 0;

/** A fresh German mobile number per test, so outbox files never mix. */
function newPhone(): string {
  phoneCounter += 1;
  return `+49151${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

function order(phone: string, code: string, changes: Record<string, unknown> = {}) {
  return {
    bundle: 'starter',
    code,
    ...MANDATE_PAYER,
    // As a member types it.
    iban: IBAN,
    phone,
    authorized: true,
    ...changes,
  };
}

let addressCounter = 0;
const addresses = new Map<string, string>();
/** The member's own address (codes are limited per address too), unless the test names one. */
function addressOf(member: LoggedIn): string {
  let address = addresses.get(member.memberId);
  if (!address) {
    addressCounter += 1;
    address = `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
    addresses.set(member.memberId, address);
  }
  return address;
}

/** `npm run payments -- <args>` against the server's database; answers the exit code and output. */
async function paymentsCli(app: ServerUnderTest, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/payments.ts', ...args], {
      env: { ...process.env, DATA_DIR: app.server.dataDir, DATABASE_URL: app.server.databaseUrl },
      // It answers in about a second. A connection left open kept it waiting 10 s for the pool's
      // idle timeout on PostgreSQL: killed before that, the command fails the test.
      timeout: 9_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The direct debit calls against `app` (started with `clock: true` and `trustProxy: true`). */
export function directDebitTests(app: ServerUnderTest): void {
  /** `POST /api/directdebit.php?sms=1` from the member's address (or `address`). */
  const askCode = (member: LoggedIn, phone: string, address = addressOf(member)) =>
    app.request('/api/directdebit.php?sms=1', {
      method: 'POST',
      headers: { cookie: member.cookie, 'x-forwarded-for': address },
      body: { phone },
    });

  async function withCode(member: LoggedIn, phone = newPhone()): Promise<{ phone: string; code: string }> {
    const sent = await askCode(member, phone);
    expect(sent.status, sent.body).toBe(200);
    expect(sent.json()).toEqual({ ok: true });
    return { phone, code: latestSmsCode(app.server.dataDir, phone) };
  }

  /** `POST /api/directdebit.php`: the order form with this phone and code, and `changes`. */
  const debit = (member: LoggedIn, phone: string, code: string, changes: Record<string, unknown> = {}) =>
    call(app, member, 'POST', '/api/directdebit.php', order(phone, code, changes));

  const balanceOf = async (member: LoggedIn) =>
    Number((await app.inspect.row('members', { id: member.memberId }))!.credits);

  describe('POST /api/directdebit.php', () => {
    it('sends a six-digit code by SMS and credits the bundle at once, masking the IBAN', async () => {
      const ann = await app.make.loggedIn();
      const { phone, code } = await withCode(ann);
      expect(code).toMatch(/^\d{6}$/);
      expect(smsTo(app.server.dataDir, phone)).toHaveLength(1);
      // Stored only as a hash.
      const stored = await app.inspect.row('directdebit_codes', { member_id: ann.memberId });
      expect(stored!.code_hash).not.toContain(code);

      const res = await debit(ann, phone, code);
      expect(res.status, res.body).toBe(201);
      const body = res.json<{ order: string; iban: string; credits: number; balance: number }>();
      expect(body).toMatchObject({ iban: 'DE89 •••• •••• 3000', credits: 100, balance: 100 });
      expect(res.body).not.toContain('0532013000');
      expect(await balanceOf(ann)).toBe(100);
      const row = await app.inspect.row('orders', { id: body.order });
      expect(row).toMatchObject({
        status: 'completed',
        payment_method: 'sdd',
        amount: 1499,
        currency: 'EUR',
      });
      expect((await app.inspect.row('members', { id: ann.memberId }))!.paid_user).toBe(1);
      expect(
        await app.inspect.count('credit_ledger', { member_id: ann.memberId, reference: body.order }),
      ).toBe(1);
      // Completed as every paid order is: with its receipt.
      expect(mailsTo(app.server.dataDir, ann.email).some((m) => m.text.includes('SEPA direct debit'))).toBe(
        true,
      );
      const mandate = await app.inspect.row('directdebit_mandates', { order_id: body.order });
      expect(mandate).toMatchObject({ iban: MANDATE_PAYER.iban, holder: MANDATE_PAYER.holder, phone });

      // Used once: the same code again is refused and books nothing.
      const again = await debit(ann, phone, code);
      expect(again.status).toBe(422);
      expect(again.json()).toMatchObject({ error: 'code_invalid', message: 'Code invalid' });
      expect(await balanceOf(ann)).toBe(100);
    });

    it('never writes the IBAN to the log', async () => {
      const bo = await app.make.loggedIn();
      const { phone, code } = await withCode(bo);
      await debit(bo, phone, 'x'.repeat(6));
      await debit(bo, phone, code);
      const logs = readdirSync(app.server.dataDir)
        .filter((name) => name.endsWith('.log'))
        .map((name) => readFileSync(join(app.server.dataDir, name), 'utf8'))
        .join('\n');
      expect(logs).not.toContain('0532013000');
      expect(app.server.output?.() ?? '').not.toContain('0532013000');
    });

    it('refuses an invalid IBAN (422 iban_invalid) without using a try', async () => {
      const cy = await app.make.loggedIn();
      const { phone, code } = await withCode(cy);
      const res = await debit(cy, phone, code, { iban: 'DE89 3704 0044 0532 0130 01' });
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({ error: 'iban_invalid', message: 'IBAN invalid' });
      expect((await app.inspect.row('directdebit_codes', { member_id: cy.memberId }))!.attempts).toBe(0);
      expect(await app.inspect.count('orders', { member_id: cy.memberId })).toBe(0);
    });

    it('refuses a landline or nonsense number, the missing authorization, and answers in German', async () => {
      const di = await app.make.loggedIn();
      for (const phone of ['12', '+49 30 1234567']) {
        const res = await call(app, di, 'POST', '/api/directdebit.php?sms=1', { phone });
        expect(res.status, phone).toBe(422);
        expect(res.json().fields).toEqual({ phone: 'phone_invalid' });
      }
      const { phone, code } = await withCode(di);
      const unauthorised = await debit(di, phone, code, { authorized: false });
      expectFieldErrors(unauthorised, { authorized: 'authorization_required' });
      const wrongCode = code === '000000' ? '111111' : '000000';
      const german = await callIn('de', app, di, 'POST', '/api/directdebit.php', order(phone, wrongCode));
      expect(german.json()).toMatchObject({ error: 'code_invalid', message: 'Code ungültig' });
    });

    it('locks a code after five wrong tries: then even the right code needs a new one', async () => {
      const ed = await app.make.loggedIn();
      const { phone, code } = await withCode(ed);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await debit(ed, phone, wrong);
        expect(res.json().error).toBe('code_invalid');
      }
      const right = await debit(ed, phone, code);
      expectError(right, 422, 'code_invalid');
      const fresh = await withCode(ed);
      const res = await debit(ed, fresh.phone, fresh.code);
      expect(res.status, res.body).toBe(201);
    });

    it('lets a code lapse after ten minutes', async () => {
      const flo = await app.make.loggedIn();
      const { phone, code } = await withCode(flo);
      await app.withClock(10 * MINUTE + 1000, async () => {
        const res = await debit(flo, phone, code);
        expectError(res, 422, 'code_invalid');
      });
      expect(await balanceOf(flo)).toBe(0);
      // Nine minutes on it still works.
      await app.withClock(9 * MINUTE, async () => {
        const res = await debit(flo, phone, code);
        expect(res.status, res.body).toBe(201);
      });
    });

    it('only the newest code counts, for the number it was sent to', async () => {
      const gus = await app.make.loggedIn();
      const first = await withCode(gus);
      const second = await withCode(gus);
      const old = await debit(gus, second.phone, first.code);
      if (first.code !== second.code) expect(old.json().error).toBe('code_invalid');
      const otherNumber = await debit(gus, first.phone, second.code);
      expect(otherNumber.json().error).toBe('code_invalid');
    });

    it('credits once when the same code is sent twice at once', async () => {
      const hal = await app.make.loggedIn();
      const { phone, code } = await withCode(hal);
      const answers = await Promise.all([1, 2, 3].map(() => debit(hal, phone, code)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(await balanceOf(hal)).toBe(100);
      expect(await app.inspect.count('orders', { member_id: hal.memberId })).toBe(1);
    });

    it('refuses 403 directdebit_blocked after a returned debit, and directdebit_limit past three in 30 days', async () => {
      const ivy = await app.make.loggedIn();
      for (let i = 0; i < 3; i++) {
        const { phone, code } = await withCode(ivy);
        expect((await debit(ivy, phone, code)).status).toBe(201);
      }
      const { phone, code } = await withCode(ivy);
      const limited = await debit(ivy, phone, code);
      expect(limited.status).toBe(403);
      expect(limited.json()).toMatchObject({
        error: 'directdebit_limit',
        message: 'Limit for direct debit reached',
      });
      expect(await balanceOf(ivy)).toBe(300);

      const jo = await app.make.loggedIn();
      const first = await withCode(jo);
      const res = await debit(jo, first.phone, first.code);
      await app.db
        .updateTable('orders')
        .set({ status: 'failed' })
        .where('id', '=', res.json<{ order: string }>().order)
        .execute();
      const blocked = await askCode(jo, newPhone());
      expect(blocked.status).toBe(403);
      expect(blocked.json()).toMatchObject({
        error: 'directdebit_blocked',
        message: 'Your account is blocked for direct debit payments',
      });
    });

    it('sends at most five codes an hour (429), then again an hour later', async () => {
      const kay = await app.make.loggedIn();
      for (let i = 0; i < 5; i++) await withCode(kay);
      const phone = newPhone();
      const sixth = await askCode(kay, phone);
      expectError(sixth, 429, 'rate_limited');
      expect(smsTo(app.server.dataDir, phone)).toHaveLength(0);
      await app.withClock(61 * MINUTE, async () => {
        const later = await askCode(kay, phone);
        expect(later.status, later.body).toBe(200);
      });
    });

    it('counts codes per number and per address before sending: five an hour each', async () => {
      const [ann, bo, cy] = await Promise.all([1, 2, 3].map(() => app.make.loggedIn()));
      const phone = newPhone();
      for (const member of [ann!, ann!, bo!, bo!, cy!]) await withCode(member, phone);
      // Ann has sent two codes only, but the number has had five.
      expectError(await askCode(ann!, phone), 429, 'rate_limited');
      expect(smsTo(app.server.dataDir, phone)).toHaveLength(5);

      const shared = `10.250.${process.pid % 250}.7`;
      const members = await Promise.all(Array.from({ length: 6 }, () => app.make.loggedIn()));
      const answers = [];
      for (const member of members) answers.push(await askCode(member!, newPhone(), shared));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expectError(answers[5]!, 429, 'rate_limited');
    });

    it('lets one number serve at most three accounts of the network (403 directdebit_blocked)', async () => {
      const members = await Promise.all([1, 2, 3, 4].map(() => app.make.loggedIn()));
      const phone = newPhone();
      const { code } = await withCode(members[0]!, phone);
      expect((await debit(members[0]!, phone, code)).status).toBe(201);
      await withCode(members[1]!, phone);
      await withCode(members[2]!, phone);
      await app.withClock(2 * 60 * MINUTE, async () => {
        const fourth = await askCode(members[3]!, phone);
        expectError(fourth, 403, 'directdebit_blocked');
        expect(smsTo(app.server.dataDir, phone)).toHaveLength(3);
        // The accounts it serves go on using it.
        expect((await askCode(members[1]!, phone)).status).toBe(200);
      });
    });

    it('prices the bundle in the member’s country as /credits does, never in the form’s', async () => {
      const dutch = await app.make.loggedIn({ country: 'NL' });
      const offer = (await call(app, dutch, 'GET', '/api/credits.php')).json<{
        currency: string;
        bundles: { id: string; amount: number }[];
      }>();
      const { phone, code } = await withCode(dutch);
      const res = await debit(dutch, phone, code, { country: 'GB' });
      expect(res.status, res.body).toBe(201);
      const row = await app.inspect.row('orders', { id: res.json<{ order: string }>().order });
      expect(row).toMatchObject({
        currency: offer.currency,
        amount: offer.bundles.find((b) => b.id === 'starter')!.amount,
        country: 'NL',
      });
      expect(row).toMatchObject({ currency: 'EUR', amount: 1499 });
      // The form's country stays the account holder's address.
      expect(await app.inspect.row('directdebit_mandates', { order_id: row!.id })).toMatchObject({
        country: 'GB',
      });
    });

    it('records a returned debit from the command line: the unused credits go back, premium ends, direct debit is blocked', async () => {
      const lu = await app.make.loggedIn();
      const first = await withCode(lu);
      const res = await debit(lu, first.phone, first.code);
      expect(res.status, res.body).toBe(201);
      const orderId = res.json<{ order: string }>().order;
      // Sixty of the hundred credits were spent already.
      await app.make.updateMember(lu, { credits: 40 });
      // A code asked for before the debit came back.
      const next = await withCode(lu);

      const returned = await paymentsCli(app, ['debit-returned', orderId]);
      expect(returned.code, returned.stderr).toBe(0);
      expect(JSON.parse(returned.stdout)).toMatchObject({
        order: orderId,
        kind: 'returned_debit',
        amount: 1499,
        credits_reversed: 40,
        credits_unrecovered: 60,
        balance: 0,
        premium: false,
      });
      expect(await balanceOf(lu)).toBe(0);
      expect(await app.inspect.row('members', { id: lu.memberId })).toMatchObject({ paid_user: 0 });
      expect(await app.inspect.row('orders', { id: orderId })).toMatchObject({ status: 'failed' });
      const entries = await app.inspect.rows('credit_ledger', { member_id: lu.memberId, reason: 'refund' });
      expect(entries.map((e) => [e.delta, e.reference])).toEqual([[-40, orderId]]);
      expect(await app.inspect.row('payment_reversals', { order_id: orderId })).toMatchObject({
        kind: 'returned_debit',
        credits_unrecovered: 60,
      });

      // Once only; and the member is blocked for direct debit.
      const again = await paymentsCli(app, ['debit-returned', orderId]);
      expect(again.code).toBe(1);
      expect(await balanceOf(lu)).toBe(0);
      expectError(await debit(lu, next.phone, next.code), 403, 'directdebit_blocked');
      expectError(await askCode(lu, newPhone()), 403, 'directdebit_blocked');
      expect(await balanceOf(lu)).toBe(0);
    });

    it('is for members only', async () => {
      const res = await app.request('/api/directdebit.php?sms=1', {
        method: 'POST',
        body: { phone: newPhone() },
      });
      expect(res.status).toBe(403);
    });
  });
}
