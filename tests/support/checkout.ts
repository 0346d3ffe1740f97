import type { ServerUnderTest } from './use-server.ts';

/** The member picks `outcome` (paid, failed…) for `paymentId` on the test provider's checkout page. */
export function checkoutAtTestProvider(
  app: ServerUnderTest,
  member: { cookie: string },
  paymentId: string,
  outcome: 'paid' | 'failed',
) {
  return app.request(`/checkout/test/${paymentId}`, {
    method: 'POST',
    headers: {
      cookie: member.cookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://localhost:${app.server.port}`,
    },
    body: `outcome=${outcome}`,
  });
}
