import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A stand-in for Mollie's payments API (`/v2/payments`), as much of it as the shop uses: create
 * a payment, fetch it. Tests settle a payment with `settle` the way a member would at Mollie's
 * checkout, then call the shop's webhook with the id, as Mollie does.
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
  redirectUrl: string;
  webhookUrl: string;
  method: string | null;
  metadata: unknown;
}

export interface MollieFake {
  /** `MOLLIE_API_URL` for the server under test. */
  url: string;
  payments: Map<string, FakePayment>;
  /** Refunds asked for, by payment id, as Mollie's decimal strings. */
  refunds: Array<{ payment: string; amount: { currency: string; value: string } }>;
  /** Authorization headers the fake received, to prove the key is sent. */
  keys: string[];
  settle(id: string, status: string): void;
  close(): Promise<void>;
}

function asResource(payment: FakePayment, base: string) {
  return {
    resource: 'payment',
    mode: 'test',
    createdAt: new Date(0).toISOString(),
    ...payment,
    _links: {
      self: { href: `${base}payments/${payment.id}`, type: 'application/hal+json' },
      checkout: { href: `${base.replace(/\/v2\/$/, '')}/checkout/${payment.id}`, type: 'text/html' },
    },
  };
}

export async function startMollieFake(): Promise<MollieFake> {
  const payments = new Map<string, FakePayment>();
  const keys: string[] = [];
  const refunds: MollieFake['refunds'] = [];
  let next = 1;
  let base = '';
  const server = https.createServer(selfSignedCertificate(), (req, res) => {
    keys.push(String(req.headers.authorization ?? ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/hal+json' });
        res.end(JSON.stringify(body));
      };
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'POST' && path === '/v2/payments') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        const id = `tr_fake${String(next++).padStart(6, '0')}`;
        const payment: FakePayment = {
          id,
          status: 'open',
          amount: body.amount,
          description: body.description,
          redirectUrl: body.redirectUrl,
          webhookUrl: body.webhookUrl,
          method: body.method ?? null,
          metadata: body.metadata ?? null,
        };
        payments.set(id, payment);
        return send(201, asResource(payment, base));
      }
      const refund = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path);
      if (req.method === 'POST' && refund && payments.get(refund[1]!)?.status === 'paid') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        refunds.push({ payment: refund[1]!, amount: body.amount });
        return send(201, {
          resource: 'refund',
          id: `re_fake${refunds.length}`,
          amount: body.amount,
          status: 'pending',
          paymentId: refund[1],
          createdAt: new Date(0).toISOString(),
          _links: {},
        });
      }
      const match = /^\/v2\/payments\/([^/]+)$/.exec(path);
      const payment = match && payments.get(match[1]!);
      if (req.method === 'GET' && payment) return send(200, asResource(payment, base));
      send(404, { status: 404, title: 'Not Found', detail: 'No payment exists with this id' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
  return {
    url: base,
    payments,
    keys,
    refunds,
    settle(id, status) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
