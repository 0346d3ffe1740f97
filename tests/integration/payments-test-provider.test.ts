import { describe, expect, it } from 'vitest';
import { startServer, startServerExpectingFailure } from '../support/server.ts';

/*
 * The built-in test checkout gives credits for nothing: over https (production) the server runs
 * on it only when PAYMENT_PROVIDER=test says so, and then says so at every start.
 */
describe('the test provider over https', () => {
  it('refuses to start with PUBLIC_SCHEME=https and no Mollie key, naming PAYMENT_PROVIDER', async () => {
    const result = await startServerExpectingFailure({ env: { PUBLIC_SCHEME: 'https' } });
    expect(result.listened, 'the server started serving anyway').toBe(false);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toMatch(/PAYMENT_PROVIDER: .*MOLLIE_API_KEY/);
  });

  it('refuses PAYMENT_PROVIDER=mollie without a key', async () => {
    const result = await startServerExpectingFailure({ env: { PAYMENT_PROVIDER: 'mollie' } });
    expect(result.listened).toBe(false);
    expect(result.stderr).toMatch(/PAYMENT_PROVIDER: mollie needs MOLLIE_API_KEY/);
  });

  it('starts with PAYMENT_PROVIDER=test and warns that the test checkout takes the payments', async () => {
    const server = await startServer({ env: { PUBLIC_SCHEME: 'https', PAYMENT_PROVIDER: 'test' } });
    try {
      await server.waitForOutput(/test checkout takes the payments/, 10_000);
      expect(server.output()).toMatch(/warn.*PAYMENT_PROVIDER=test/i);
    } finally {
      await server.stop();
    }
  });

  it('does not warn over plain http, where the test provider is the default', async () => {
    const server = await startServer();
    try {
      expect((await server.request('/')).status).toBe(200);
      expect(server.output()).not.toMatch(/test checkout takes the payments/);
    } finally {
      await server.stop();
    }
  });
});
