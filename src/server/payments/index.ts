import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMollieProvider } from './mollie-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

export type {
  NewPayment,
  PaymentProvider,
  ProviderPayment,
  ProviderReturn,
  ProviderStatus,
  RecurringPayment,
  StoredMethod,
} from './provider.ts';
export { currencyDigits } from './provider.ts';
export type { TestOutcome, TestProvider } from './test-provider.ts';

/**
 * The provider the environment asks for: the built-in test provider when `PAYMENT_PROVIDER=test`
 * says so, else Mollie with `MOLLIE_API_KEY`, else the test provider.
 */
export function createPaymentProvider(deps: {
  mollieApiKey: string;
  mollieApiUrl: string;
  /** `PAYMENT_PROVIDER`: `test` chooses the test provider even beside a Mollie key. */
  choice?: '' | 'test' | 'mollie';
  db: Kysely<Database>;
  clock: Clock;
}): PaymentProvider {
  if (deps.mollieApiKey && deps.choice !== 'test')
    return createMollieProvider({ apiKey: deps.mollieApiKey, apiUrl: deps.mollieApiUrl });
  return createTestProvider({ db: deps.db, clock: deps.clock });
}

/** The test provider, when it is the one in use (its checkout page exists only then). */
export function testProviderOf(provider: PaymentProvider): TestProvider | undefined {
  return provider.name === 'test' ? (provider as TestProvider) : undefined;
}
