import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A stand-in for Mollie's v2 API, as much of it as the shop uses, in Mollie's shapes: create and
 * fetch a payment (`/v2/payments`), refund one, create a customer (`POST /v2/customers`) and list
 * its mandates (`GET /v2/customers/{id}/mandates`). Tests settle a payment with `settle` the way a
 * member would at Mollie's checkout, then call the shop's webhook with the id, as Mollie does.
 *
 * Recurring payments work as at Mollie: a payment made with a `customerId` and `sequenceType:
 * "first"` leaves a valid mandate of its method on the customer once it is paid; a payment with
 * `sequenceType: "recurring"` on that customer is charged to a valid mandate without a checkout
 * (422 when the customer has none) and starts in the status `recurringStatus` says (a test's knob:
 * `paid`, `failed` or `pending`). A POST repeated with the same `Idempotency-Key` answers the
 * first answer again, as Mollie does.
 *
 * Money given back is kept as Mollie keeps it: each refund (made through the API or, with
 * `giveBack`, in the dashboard) and each chargeback with its own id, embedded in the payment when
 * asked for with `?embed=refunds,chargebacks`, and summed in `amountRefunded`/`amountChargedBack`.
 *
 * Mollie's client speaks only https, so the stand-in does too, with a certificate made for the
 * run; the server under test is started with NODE_TLS_REJECT_UNAUTHORIZED=0 for that reason alone.
 */

/** A throwaway certificate for 127.0.0.1, made with Debian's openssl. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'kindred-mollie-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface FakePayment {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string | null;
  webhookUrl: string;
  method: string | null;
  metadata: unknown;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId: string | null;
  mandateId: string | null;
  /** Given back so far: refunds (also those made in Mollie's dashboard) and chargebacks. */
  amountRefunded?: { currency: string; value: string };
  amountChargedBack?: { currency: string; value: string };
}

/** A refund or chargeback of a payment, with its own id as at Mollie. */
export interface FakeReturn {
  id: string;
  kind: 'refund' | 'chargeback';
  amount: { currency: string; value: string };
  createdAt: string;
}

export interface FakeCustomer {
  id: string;
  name: string | null;
  email: string | null;
  metadata: unknown;
}

export interface FakeMandate {
  id: string;
  status: 'valid' | 'pending' | 'invalid';
  method: string;
  customerId: string;
}

export interface MollieFake {
  /** `MOLLIE_API_URL` for the server under test. */
  url: string;
  payments: Map<string, FakePayment>;
  customers: Map<string, FakeCustomer>;
  /** Every customer's mandates, newest first (Mollie's order). */
  mandates: Map<string, FakeMandate[]>;
  /** Every payment's refunds and chargebacks, oldest first. */
  returns: Map<string, FakeReturn[]>;
  /** Refunds asked for, by payment id, as Mollie's decimal strings. */
  refunds: Array<{ payment: string; amount: { currency: string; value: string } }>;
  /** Authorization headers the fake received, to prove the key is sent. */
  keys: string[];
  /** How often each payment was fetched (`GET /v2/payments/{id}`). */
  gets: Map<string, number>;
  /** The status a new recurring payment starts in (default `paid`). */
  recurringStatus: string;
  /**
   * When set, every refund asked for is refused with this as Mollie's `detail` (a 422), as Mollie
   * refuses one when the balance is too low or the method allows none.
   */
  refuseRefunds: string | null;
  settle(id: string, status: string): void;
  /**
   * Gives money of a paid payment back as Mollie's dashboard or the payer's bank does: one more
   * refund or chargeback of `value` (Mollie's decimal string), after which Mollie calls the
   * webhook. Answers the new refund's or chargeback's id.
   */
  giveBack(id: string, kind: 'refund' | 'chargeback', value: string): string;
  /** Revokes every mandate of a customer, as a member who withdrew the card or PayPal agreement. */
  revokeMandates(customerId: string): void;
  close(): Promise<void>;
}

const CREATED_AT = new Date(0).toISOString();

function returnResource(given: FakeReturn, paymentId: string, base: string) {
  const path = given.kind === 'refund' ? 'refunds' : 'chargebacks';
  return {
    resource: given.kind,
    id: given.id,
    amount: given.amount,
    ...(given.kind === 'refund'
      ? { status: 'refunded', description: '', metadata: null }
      : { settlementAmount: given.amount, reason: null, reversedAt: null }),
    paymentId,
    createdAt: given.createdAt,
    _links: {
      self: { href: `${base}payments/${paymentId}/${path}/${given.id}`, type: 'application/hal+json' },
    },
  };
}

function asResource(payment: FakePayment, base: string, returns: FakeReturn[] = [], embed: string[] = []) {
  const embedded = Object.fromEntries(
    (['refund', 'chargeback'] as const)
      .filter((kind) => embed.includes(`${kind}s`))
      .map((kind) => [
        `${kind}s`,
        returns.filter((r) => r.kind === kind).map((r) => returnResource(r, payment.id, base)),
      ]),
  );
  return {
    resource: 'payment',
    mode: 'test',
    createdAt: CREATED_AT,
    ...payment,
    ...(Object.keys(embedded).length > 0 ? { _embedded: embedded } : {}),
    _links: {
      self: { href: `${base}payments/${payment.id}`, type: 'application/hal+json' },
      // A recurring payment has no checkout: the member is not there.
      ...(payment.sequenceType === 'recurring'
        ? {}
        : {
            checkout: {
              href: `${base.replace(/\/v2\/$/, '')}/checkout/${payment.id}`,
              type: 'text/html',
            },
          }),
      ...(payment.customerId
        ? { customer: { href: `${base}customers/${payment.customerId}`, type: 'application/hal+json' } }
        : {}),
    },
  };
}

function customerResource(customer: FakeCustomer, base: string) {
  return {
    resource: 'customer',
    mode: 'test',
    locale: null,
    createdAt: CREATED_AT,
    ...customer,
    _links: { self: { href: `${base}customers/${customer.id}`, type: 'application/hal+json' } },
  };
}

function mandateResource(mandate: FakeMandate, base: string) {
  const { customerId, ...fields } = mandate;
  return {
    resource: 'mandate',
    mode: 'test',
    ...fields,
    details:
      mandate.method === 'paypal'
        ? { consumerName: 'Test Member', consumerAccount: 'member@example.org' }
        : {
            cardHolder: 'Test Member',
            cardNumber: '6787',
            cardLabel: 'Mastercard',
            cardFingerprint: 'fp',
            cardExpiryDate: '2030-12-31',
          },
    mandateReference: null,
    signatureDate: CREATED_AT.slice(0, 10),
    createdAt: CREATED_AT,
    _links: {
      self: { href: `${base}customers/${customerId}/mandates/${mandate.id}`, type: 'application/hal+json' },
      customer: { href: `${base}customers/${customerId}`, type: 'application/hal+json' },
    },
  };
}

const problem = (status: number, title: string, detail: string, field?: string) => ({
  status,
  title,
  detail,
  ...(field ? { field } : {}),
  _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
});

export async function startMollieFake(): Promise<MollieFake> {
  const payments = new Map<string, FakePayment>();
  const customers = new Map<string, FakeCustomer>();
  const mandates = new Map<string, FakeMandate[]>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const keys: string[] = [];
  const gets = new Map<string, number>();
  const refunds: MollieFake['refunds'] = [];
  const returns = new Map<string, FakeReturn[]>();
  let next = 1;
  let base = '';
  const serial = () => String(next++).padStart(6, '0');

  /** Records a refund or chargeback on the payment and sums it up as Mollie does. */
  const giveBack = (payment: FakePayment, kind: FakeReturn['kind'], amount: FakeReturn['amount']) => {
    const given: FakeReturn = {
      id: `${kind === 'refund' ? 're' : 'chb'}_fake${serial()}`,
      kind,
      amount,
      // Strictly increasing, so the order they were made in is the order they are listed in.
      createdAt: new Date(Date.UTC(2026, 0, 1) + next * 1000).toISOString(),
    };
    const list = [...(returns.get(payment.id) ?? []), given];
    returns.set(payment.id, list);
    const cents = list
      .filter((r) => r.kind === kind)
      .reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
    payment[kind === 'refund' ? 'amountRefunded' : 'amountChargedBack'] = {
      currency: amount.currency,
      value: (cents / 100).toFixed(2),
    };
    return given;
  };

  type Answer = { status: number; body: unknown };
  const route = (method: string, path: string, body: Record<string, unknown>, embed: string[]): Answer => {
    if (method === 'POST' && path === '/v2/customers') {
      const customer: FakeCustomer = {
        id: `cst_fake${serial()}`,
        name: (body.name as string | undefined) ?? null,
        email: (body.email as string | undefined) ?? null,
        metadata: body.metadata ?? null,
      };
      customers.set(customer.id, customer);
      mandates.set(customer.id, []);
      return { status: 201, body: customerResource(customer, base) };
    }
    const customerPath = /^\/v2\/customers\/([^/]+)(\/mandates)?$/.exec(path);
    if (method === 'GET' && customerPath) {
      const customer = customers.get(customerPath[1]!);
      if (!customer) return { status: 404, body: problem(404, 'Not Found', 'No customer exists with token') };
      if (!customerPath[2]) return { status: 200, body: customerResource(customer, base) };
      const list = (mandates.get(customer.id) ?? []).map((m) => mandateResource(m, base));
      return {
        status: 200,
        body: {
          count: list.length,
          _embedded: { mandates: list },
          _links: {
            self: { href: `${base}customers/${customer.id}/mandates`, type: 'application/hal+json' },
            previous: null,
            next: null,
            documentation: { href: 'https://docs.mollie.com/reference/list-mandates', type: 'text/html' },
          },
        },
      };
    }
    if (method === 'POST' && path === '/v2/payments') {
      const sequenceType = (body.sequenceType as FakePayment['sequenceType'] | undefined) ?? 'oneoff';
      const customerId = (body.customerId as string | undefined) ?? null;
      if (customerId && !customers.has(customerId))
        return {
          status: 422,
          body: problem(422, 'Unprocessable Entity', 'The customer id is invalid', 'customerId'),
        };
      if (sequenceType !== 'oneoff' && !customerId)
        return {
          status: 422,
          body: problem(422, 'Unprocessable Entity', 'A customer is required', 'customerId'),
        };
      let mandate: FakeMandate | undefined;
      if (sequenceType === 'recurring') {
        mandate = (mandates.get(customerId!) ?? []).find(
          (m) => m.status === 'valid' && (body.mandateId === undefined || m.id === body.mandateId),
        );
        if (!mandate)
          return {
            status: 422,
            body: problem(422, 'Unprocessable Entity', 'The customer has no valid mandate', 'customerId'),
          };
      }
      const payment: FakePayment = {
        id: `tr_fake${serial()}`,
        status: mandate ? fake.recurringStatus : 'open',
        amount: body.amount as FakePayment['amount'],
        description: body.description as string,
        redirectUrl: (body.redirectUrl as string | undefined) ?? null,
        webhookUrl: body.webhookUrl as string,
        method: mandate?.method ?? (body.method as string | undefined) ?? null,
        metadata: body.metadata ?? null,
        sequenceType,
        customerId,
        mandateId: mandate?.id ?? null,
      };
      payments.set(payment.id, payment);
      return { status: 201, body: asResource(payment, base) };
    }
    const refund = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path);
    if (method === 'POST' && refund && fake.refuseRefunds)
      return { status: 422, body: problem(422, 'Unprocessable Entity', fake.refuseRefunds, 'amount') };
    const refunded = refund && payments.get(refund[1]!);
    if (method === 'POST' && refunded && refunded.status === 'paid') {
      const amount = body.amount as MollieFake['refunds'][number]['amount'];
      refunds.push({ payment: refunded.id, amount });
      const given = giveBack(refunded, 'refund', amount);
      return { status: 201, body: { ...returnResource(given, refunded.id, base), status: 'pending' } };
    }
    const match = /^\/v2\/payments\/([^/]+)$/.exec(path);
    const payment = match && payments.get(match[1]!);
    if (method === 'GET' && payment) {
      gets.set(payment.id, (gets.get(payment.id) ?? 0) + 1);
      return { status: 200, body: asResource(payment, base, returns.get(payment.id), embed) };
    }
    return { status: 404, body: problem(404, 'Not Found', 'No payment exists with this id') };
  };

  const server = https.createServer(selfSignedCertificate(), (req, res) => {
    keys.push(String(req.headers.authorization ?? ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      const embed = (url.searchParams.get('embed') ?? '').split(',');
      const text = Buffer.concat(chunks).toString('utf8');
      const key = req.headers['idempotency-key'];
      const remembered = method === 'POST' && typeof key === 'string' ? `${path} ${key}` : undefined;
      let answer = remembered ? answered.get(remembered) : undefined;
      if (!answer) {
        answer = route(method, path, (text ? JSON.parse(text) : {}) as Record<string, unknown>, embed);
        if (remembered && answer.status < 500) answered.set(remembered, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/hal+json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
  const fake: MollieFake = {
    url: base,
    payments,
    customers,
    mandates,
    keys,
    gets,
    refunds,
    returns,
    recurringStatus: 'paid',
    refuseRefunds: null,
    settle(id, status) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.status = status;
      // Mollie turns a paid first payment's card or PayPal account into a valid mandate.
      if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId && !payment.mandateId) {
        const mandate: FakeMandate = {
          id: `mdt_fake${serial()}`,
          status: 'valid',
          method: payment.method ?? 'creditcard',
          customerId: payment.customerId,
        };
        mandates.get(payment.customerId)?.unshift(mandate);
        payment.mandateId = mandate.id;
      }
    },
    giveBack(id, kind, value) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      return giveBack(payment, kind, { currency: payment.amount.currency, value }).id;
    },
    revokeMandates(customerId) {
      for (const mandate of mandates.get(customerId) ?? []) mandate.status = 'invalid';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
