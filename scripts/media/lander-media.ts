/**
 * Makes the video lander's clip for every site now (the server also makes it by itself, in the
 * background, the first time the lander is opened and once a day after that):
 *
 *   ./dev node scripts/media/lander-media.ts [--site ID]
 *
 * Reads DATABASE_URL, DATA_DIR, TENANTS_DIR and STORAGE_URL like the server. Needs Debian's ffmpeg.
 */
import { createPushGateway } from '../../src/server/adapters/push.ts';
import { createTestProvider } from '../../src/server/payments/test-provider.ts';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../../src/db/client.ts';
import { makeLanderVideo } from '../../src/features/landers/media/video.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createLogger } from '../../src/server/log.ts';
import { createMailer } from '../../src/server/adapters/mailer.ts';
import { createSmsSender } from '../../src/server/adapters/sms.ts';
import { createDatabaseRateLimiter } from '../../src/server/rate-limit/index.ts';
import { createMemoryBus } from '../../src/server/realtime/index.ts';
import { withheldSites } from '../../src/server/context.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import { TenantRegistry } from '../../src/tenancy/registry.ts';

const { values } = parseArgs({ options: { site: { type: 'string' } } });
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const registry = TenantRegistry.load({
  tenantsDir: resolve(process.env.TENANTS_DIR ?? 'tenants'),
  nichesDir: resolve('niches'),
  themesDir: resolve('themes'),
});
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir });
const log = createLogger('info');
let failed = 0;
try {
  for (const site of registry.snapshot.sites.values()) {
    if (values.site && site.id !== values.site) continue;
    const ctx = {
      site,
      network: site.network,
      withheldSites: withheldSites(registry.sitesOfNetwork(site.network), site),
      clock: systemClock,
      db: database.db,
      mailer: createMailer('', dataDir, systemClock),
      sms: createSmsSender(dataDir, systemClock),
      log,
      rateLimiter: createDatabaseRateLimiter(database.db, randomBytes(32)),
      realtime: createMemoryBus({ db: database.db, clock: systemClock, log }),
      payments: createTestProvider({ db: database.db, clock: systemClock }),
      storage: await createStorage({ STORAGE_URL: process.env.STORAGE_URL ?? '', dataDir }),
      push: createPushGateway({ secret: randomBytes(32) }),
    };
    const started = performance.now();
    try {
      const clip = await makeLanderVideo(ctx, { dataDir, ffmpeg: process.env.FFMPEG_PATH || 'ffmpeg' });
      process.stdout.write(
        clip
          ? `${site.id}: ${clip.video} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`
          : `${site.id}: too few public members for a clip; the lander shows its slideshow\n`,
      );
    } catch (error) {
      failed++;
      process.stdout.write(`${site.id}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
} finally {
  await database.destroy();
  registry.close();
}
process.exit(failed ? 1 : 0);
