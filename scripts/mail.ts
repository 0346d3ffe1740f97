/**
 * Operators' e-mails (run with the project's Node: `./dev npm run mail -- <command>`):
 *
 *   send-news --site ID --file CAMPAIGN.json        news to the site's members who said yes to news
 *   send-promotion --site ID --file CAMPAIGN.json   an offer to those who said yes to promotions
 *
 * CAMPAIGN.json: `{ "id": "spring-2026", "texts": { "en": { "subject": "…", "paragraphs": ["…"],
 * "link": "/credits" }, "de": { … } } }`. Each member gets the text in their language, else the
 * English one, else the first. Only confirmed members with the category switched on receive it
 * (promotions and news are off until a member says yes), each once per campaign id: running
 * the command again after an interruption mails only those not reached yet.
 *
 * Reads DATABASE_URL, DATA_DIR, TENANTS_DIR, MAIL_URL, APP_SECRET, PUBLIC_SCHEME, PUBLIC_PORT and
 * the DKIM settings like the server.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { campaignFrom, sendCampaign } from '../src/features/notification-mail/index.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createMailer, dkimKeyFrom } from '../src/server/adapters/mailer.ts';
import { parseEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/log.ts';
import { loadAppSecret } from '../src/server/secrets.ts';
import { TenantRegistry } from '../src/tenancy/registry.ts';
import { commandLine } from './command-line.ts';

const USAGE = 'usage: mail send-news|send-promotion --site ID --file CAMPAIGN.json\n';
/** The category of members' consent each command mails. */
const CATEGORIES = { 'send-news': 'news', 'send-promotion': 'promotions' } as const;

const { command, values } = commandLine(USAGE, Object.keys(CATEGORIES), {
  site: { type: 'string' },
  file: { type: 'string' },
});
const category = CATEGORIES[command as keyof typeof CATEGORIES];
if (!values.site || !values.file) {
  process.stdout.write(USAGE);
  process.exit(2);
}

const env = parseEnv();
const registry = TenantRegistry.load({
  tenantsDir: env.tenantsDir,
  nichesDir: resolve('niches'),
  themesDir: resolve('themes'),
});
const site = registry.snapshot.sites.get(values.site);
if (!site) {
  process.stderr.write(`no site "${values.site}" in ${env.tenantsDir}\n`);
  process.exit(2);
}
const campaign = campaignFrom(JSON.parse(readFileSync(values.file, 'utf8')), category);
const database = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const mailer = createMailer(
  env.MAIL_URL,
  env.dataDir,
  systemClock,
  dkimKeyFrom(env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY),
);
try {
  await migrateToLatest(database.db);
  const result = await sendCampaign(
    {
      db: database.db,
      clock: systemClock,
      log: createLogger(env.LOG_LEVEL),
      mailer,
      secret: loadAppSecret(env.APP_SECRET, env.dataDir),
      scheme: env.PUBLIC_SCHEME,
      publicPort: env.PUBLIC_PORT,
    },
    site,
    campaign,
  );
  process.stdout.write(`${category} "${campaign.id}" sent to ${result.sent} members of ${site.name}\n`);
} finally {
  mailer.close?.();
  await database.destroy();
}
