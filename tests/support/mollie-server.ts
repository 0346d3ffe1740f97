import { afterAll, expect } from 'vitest';
import { startMollieFake, type FakePayment, type MollieFake } from './mollie-fake.ts';
import type { TestResponse } from './server.ts';
import { useServer, type ServerUnderTest, type UseServerOptions } from './use-server.ts';

/*
 * A test server whose payments go to a Mollie stand-in of its own, and the two things every
 * Mollie test does with them: find the payment the shop created for an order, and call the
 * webhook the way Mollie does.
 */

/** A test-mode key of Mollie's shape; the stand-in only checks that it is sent. */
export const TEST_MOLLIE_KEY = 'test_kindredfakekeyfakekeyfakekey';

/** The server's environment for a stand-in (its certificate is self-signed). */
export function mollieEnv(fake: MollieFake): Record<string, string> {
  return { MOLLIE_API_KEY: TEST_MOLLIE_KEY, MOLLIE_API_URL: fake.url, NODE_TLS_REJECT_UNAUTHORIZED: '0' };
}

/** The stand-in's payment for one of our orders (the order's payment id travels in its metadata). */
export function paymentOfOrder(fake: MollieFake, orderId: string): FakePayment {
  const payment = [...fake.payments.values()].find(
    (p) => (p.metadata as { order?: string }).order === orderId,
  );
  if (!payment) throw new Error(`no Mollie payment for order ${orderId}`);
  return payment;
}

/** Mollie's webhook call: only the payment's id, form-encoded; the shop fetches the rest. */
export function callMollieWebhook(
  server: Pick<ServerUnderTest, 'request'>,
  paymentId: string,
): Promise<TestResponse> {
  return server.request('/api/payment-webhook.php?provider=mollie', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `id=${encodeURIComponent(paymentId)}`,
  });
}

/** The member orders the starter bundle, by iDEAL unless `body` says otherwise: the shop's answer. */
export function orderStarterBundle(
  server: Pick<ServerUnderTest, 'request'>,
  member: { cookie: string },
  body: Record<string, string> = {},
): Promise<TestResponse> {
  return server.request('/api/order.php', {
    method: 'POST',
    headers: { cookie: member.cookie },
    body: { bundle: 'starter', paymentmethod: 'ideal', ...body },
  });
}

export interface MollieServer {
  app: ServerUnderTest;
  /** The stand-in (read it in a hook or a test, after the server started). */
  mollie(): MollieFake;
  paymentOf(orderId: string): FakePayment;
  webhook(paymentId: string): Promise<TestResponse>;
  /** The member orders the starter bundle by iDEAL (`body` adds to or changes that); answers the order's id. */
  order(member: { cookie: string }, body?: Record<string, string>): Promise<string>;
  /** An order as above that Mollie reports paid through the webhook; answers the order's id. */
  paidOrder(member: { cookie: string }, body?: Record<string, string>): Promise<string>;
}

/** `useServer` with a Mollie stand-in started before the server and closed after the file's tests. */
export function useMollieServer(options: Omit<UseServerOptions, 'env'> = {}): MollieServer {
  let fake: MollieFake | undefined;
  const app = useServer({
    ...options,
    env: async () => {
      fake = await startMollieFake();
      return mollieEnv(fake);
    },
  });
  afterAll(() => fake?.close());
  const mollie = () => {
    if (!fake) throw new Error('useMollieServer: no stand-in yet (read it in a hook or a test)');
    return fake;
  };
  const paymentOf = (orderId: string) => paymentOfOrder(mollie(), orderId);
  const webhook = (paymentId: string) => callMollieWebhook(app, paymentId);
  const order = async (member: { cookie: string }, body: Record<string, string> = {}) => {
    const res = await orderStarterBundle(app, member, body);
    expect(res.status, res.body).toBe(201);
    return res.json<{ order: { payment_id: string } }>().order.payment_id;
  };
  return {
    app,
    mollie,
    paymentOf,
    webhook,
    order,
    async paidOrder(member, body) {
      const orderId = await order(member, body);
      mollie().settle(paymentOf(orderId).id, 'paid');
      expect((await webhook(paymentOf(orderId).id)).status).toBe(200);
      return orderId;
    },
  };
}
