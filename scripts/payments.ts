/**
 * Payment commands for the operator (run with the project's Node: `./dev npm run payments -- <command>`):
 *
 *   debit-returned <order id>       a direct debit came back unpaid: its unused credits are taken
 *                                   back, premium is worked out again, and direct debit is blocked
 *                                   for the member (spec §8); prints what was reversed as JSON
 *   code-new --percentage N [--network ID] [--days D]
 *                                   a new single-use discount code (16 random characters), valid
 *                                   on one network or all, for D days or without end
 *
 * Reads DATABASE_URL and DATA_DIR like the server.
 */
import { resolve } from 'node:path';
import { createDatabase } from '../src/db/client.ts';
import { newId } from '../src/db/ids.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { newSingleUseCode } from '../src/features/credits/index.ts';
import { recordReturnedDebit } from '../src/features/payments/payments.reversal.ts';
import { systemClock } from '../src/lib/clock.ts';
import { DomainError } from '../src/server/errors.ts';
import { createLogger } from '../src/server/log.ts';
import { commandLine } from './command-line.ts';

const USAGE =
  'usage: payments debit-returned <order id>\n' +
  '       payments code-new --percentage N [--network ID] [--days D]\n';

const {
  command,
  args: [argument],
  values,
} = commandLine(USAGE, ['debit-returned', 'code-new'], {
  percentage: { type: 'string' },
  network: { type: 'string' },
  days: { type: 'string' },
});
if (command === 'debit-returned' && !argument) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const database = await createDatabase({
  databaseUrl: process.env.DATABASE_URL ?? '',
  dataDir: resolve(process.env.DATA_DIR ?? '.data'),
});
const log = createLogger('warn');
try {
  await migrateToLatest(database.db);
  if (command === 'debit-returned') {
    const reversal = await recordReturnedDebit({ db: database.db, clock: systemClock, log }, argument!);
    process.stdout.write(`${JSON.stringify(reversal)}\n`);
  } else {
    const percentage = Number(values.percentage);
    const days = values.days === undefined ? undefined : Number(values.days);
    if (!Number.isInteger(percentage) || percentage < 1 || percentage > 100)
      throw new Error('--percentage must be a whole number from 1 to 100');
    if (days !== undefined && !(days > 0)) throw new Error('--days must be above 0');
    const now = systemClock.now();
    const code = newSingleUseCode();
    await database.db
      .insertInto('discount_codes')
      .values({
        id: newId(),
        code,
        network_id: values.network ?? null,
        percentage,
        minimum_amount: null,
        currency: null,
        country: null,
        validity: 'single_use',
        active: 1,
        expires_at: days === undefined ? null : now + days * 24 * 60 * 60 * 1000,
        created_at: now,
      })
      .execute();
    process.stdout.write(`${code}\n`);
  }
} catch (error) {
  const details = error instanceof DomainError ? ` ${JSON.stringify(error.details ?? {})}` : '';
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}${details}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
