import { resolve } from 'node:path';
import { z } from 'zod';
import { normalizeHost } from '../tenancy/host.ts';

/**
 * The server is configured only by environment variables; each is documented in the README.
 * Parsed once at start; a bad value stops the start with its name and the reason.
 */
const envSchema = z.object({
  /** Interface to listen on (read by the built server, src/server/serve.ts). */
  HOST: z.string().default('localhost'),
  /** Port to listen on (read by the built server, src/server/serve.ts). */
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Where the embedded defaults keep their files: SQLite database, outbox, uploads, secret. */
  DATA_DIR: z.string().default('.data'),
  /** Folder of the tenant files, one per site. */
  TENANTS_DIR: z.string().default('tenants'),
  /** `postgres://…` for PostgreSQL; empty means SQLite in DATA_DIR; `sqlite:<path>` names a file. */
  DATABASE_URL: z.string().default(''),
  /**
   * PostgreSQL: the URL of the role that owns the tables, for the migrations at start. Then
   * DATABASE_URL names a role that does not own them, so row-level security holds for the app
   * (docs/operators.md "PostgreSQL roles"). Empty: DATABASE_URL migrates too.
   */
  DATABASE_MIGRATE_URL: z.union([z.url({ protocol: /^postgres(ql)?$/ }), z.literal('')]).default(''),
  /**
   * `postgres://…` of a read replica of DATABASE_URL: the member search reads there, everything
   * else on DATABASE_URL. Empty: everything on DATABASE_URL. Only with PostgreSQL.
   */
  DATABASE_READ_URL: z.union([z.url({ protocol: /^postgres(ql)?$/ }), z.literal('')]).default(''),
  /**
   * Member files in an S3-compatible bucket: `s3://KEY:SECRET@host[:port]/bucket?region=…`
   * (`&tls=false` for plain http, `&prefix=…` for a folder in the bucket). Empty: DATA_DIR/uploads.
   */
  STORAGE_URL: z.union([z.string().startsWith('s3://'), z.literal('')]).default(''),
  /** `smtp://` or `smtps://` URL; empty means `.eml` files in DATA_DIR/outbox. */
  MAIL_URL: z.string().default(''),
  /**
   * DKIM for every e-mail: the selector whose TXT record (`<selector>._domainkey.<domain>`) holds
   * the public key, on each sending domain (the domain of a site's `mail_from`). Empty: unsigned.
   */
  DKIM_SELECTOR: z.string().default(''),
  /**
   * The DKIM private key (PEM, `\n` may stand for line breaks), or `file:<path>` to read it from a
   * file. One key signs for every sending domain; each domain publishes its public key.
   */
  DKIM_PRIVATE_KEY: z.string().default(''),
  /**
   * The bearer secret of `POST /api/mail-events.php` (bounces and spam reports from the mail
   * server or the sending service). Empty: the webhook refuses every call.
   */
  MAIL_EVENTS_SECRET: z.string().default(''),
  /** A message, like or match waits this long for the member to see it before it is e-mailed. */
  NOTIFY_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(600),
  /** At most one notification e-mail per conversation in this many seconds. */
  NOTIFY_EMAIL_GAP_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** Believe X-Forwarded-Proto, X-Forwarded-For and the proxy's country header. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
    .default('')
    .transform((v) => v === '1' || v === 'true' || v === 'yes'),
  /** The scheme visitors use: `https` in production (Secure cookies, https links). */
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  /** Header a trusted proxy sets with the visitor's ISO country (read only with TRUST_PROXY). */
  GEO_COUNTRY_HEADER: z
    .string()
    .default('x-country-code')
    .transform((h) => h.toLowerCase()),
  /** Port shown to people in printed URLs, when a proxy listens on another than PORT. */
  PUBLIC_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Secret from which per-site keys (e.g. VAPID for push) are derived; default: generated into DATA_DIR. */
  APP_SECRET: z.string().min(32).optional(),
  /** Mollie's API key (`live_…` or `test_…`): payments go through Mollie; empty means the built-in test provider. */
  MOLLIE_API_KEY: z.string().default(''),
  /** Another address for Mollie's API (a local stand-in in tests); empty means Mollie's own. */
  MOLLIE_API_URL: z.string().default(''),
  /**
   * `test` runs the built-in test checkout on purpose; with PUBLIC_SCHEME=https the server refuses
   * to start on it otherwise (a forgotten MOLLIE_API_KEY must not give credits away for nothing).
   * Empty: Mollie with MOLLIE_API_KEY, else the test provider.
   */
  PAYMENT_PROVIDER: z.enum(['', 'test', 'mollie']).default(''),
  /**
   * The DSA Transparency Database's statement endpoint (`https://transparency.dsa.ec.europa.eu/api/v1/statement`);
   * with DSA_API_TOKEN every statement of reasons is sent there by a job, with retries. Unset: none is sent.
   */
  DSA_API_URL: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
  /** The platform's token of the Transparency Database's API (sent as a Bearer token). */
  DSA_API_TOKEN: z.string().default(''),
  /** Redis for the realtime bus between processes (`redis://host:6379`); unset: one process, in memory. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * Seconds a stopping process (SIGTERM, SIGINT) gives the requests in flight and a running job
   * to finish before it closes their connections and lets go of the job's lease. systemd's
   * TimeoutStopSec (deploy/systemd) must be longer.
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** Seconds between the event stream's heartbeat comments (proxies close silent connections). */
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().positive().default(25),
  /** Event streams one member may hold open at once (one per tab); past it, 429. */
  EVENTS_STREAMS_PER_MEMBER: z.coerce.number().int().positive().default(8),
  /**
   * Member pages whose render reads nothing but their shape are rendered once per shape and filled
   * in per member (`accounts.page-template.ts`), and every other member page's layout is kept per
   * shape (`member-frame.ts`); `off` renders every member page whole on every request (to
   * compare, or to rule them out).
   */
  MEMBER_PAGE_TEMPLATES: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /**
   * Hosts of the operator console, comma-separated: console routes are served only there, and
   * these hosts answer no site (../shared/API.md "Operator console").
   */
  CONSOLE_HOSTS: z
    .string()
    .default('console.localhost')
    .transform((v) =>
      v
        .split(',')
        .map((h) => normalizeHost(h))
        .filter(Boolean),
    ),
  /**
   * Extra origins the server may send web push to, besides the browsers' push services
   * (comma-separated, e.g. `http://127.0.0.1:9999`): a local receiver in tests and benchmarks.
   * Empty in production; with PUBLIC_SCHEME=https a plain-http origin here stops the start unless
   * PUSH_ALLOW_HTTP_ORIGINS=yes says it is meant (a forgotten test setting must not send members'
   * notifications in the clear).
   */
  PUSH_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        let url: URL;
        try {
          url = new URL(part);
        } catch {
          ctx.addIssue({ code: 'custom', message: `not an origin: ${part}` });
          return z.NEVER;
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${part}` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  /** `yes` allows plain-http PUSH_ALLOWED_ORIGINS with PUBLIC_SCHEME=https (see there). */
  PUSH_ALLOW_HTTP_ORIGINS: z
    .enum(['yes', 'no', ''])
    .default('')
    .transform((v) => v === 'yes'),
  /**
   * A name for this process, sent back as `X-Served-By` on every answer; empty: no header. Behind
   * a proxy with several processes it tells which one answered (debugging, the multi-process test).
   */
  SERVED_BY: z
    .string()
    .regex(/^[A-Za-z0-9._-]{0,64}$/, 'letters, digits, dots, dashes and underscores (at most 64)')
    .default(''),
  /**
   * The shared secret a TLS proxy on another host sends to `/_tls/ask` (`&secret=`); without it
   * only a request from the loopback interface may ask (src/server/tls-ask.ts).
   */
  TLS_ASK_SECRET: z.string().default(''),
  /**
   * The ffmpeg that makes the video lander's clip from members' photos, in the background at a
   * lower priority. Empty: no clips are made, and the video lander shows its slideshow.
   */
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /** Log level: debug, info, warn, error. */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export type Env = z.infer<typeof envSchema> & {
  /** DATA_DIR as an absolute path. */
  dataDir: string;
  tenantsDir: string;
};

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const { PAYMENT_PROVIDER, MOLLIE_API_KEY, PUBLIC_SCHEME, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = parsed.data;
  if (Boolean(DKIM_SELECTOR) !== Boolean(DKIM_PRIVATE_KEY)) {
    throw new Error(
      'Invalid environment:\n  DKIM_SELECTOR: DKIM needs both DKIM_SELECTOR and DKIM_PRIVATE_KEY',
    );
  }
  if (PAYMENT_PROVIDER === 'mollie' && !MOLLIE_API_KEY) {
    throw new Error('Invalid environment:\n  PAYMENT_PROVIDER: mollie needs MOLLIE_API_KEY');
  }
  if (PUBLIC_SCHEME === 'https' && !MOLLIE_API_KEY && PAYMENT_PROVIDER !== 'test') {
    throw new Error(
      'Invalid environment:\n  PAYMENT_PROVIDER: with PUBLIC_SCHEME=https payments need MOLLIE_API_KEY; ' +
        'set PAYMENT_PROVIDER=test to run the test checkout, which gives credits for nothing, on purpose',
    );
  }
  if (parsed.data.DATABASE_READ_URL && !/^postgres(ql)?:/.test(parsed.data.DATABASE_URL)) {
    throw new Error(
      'Invalid environment:\n  DATABASE_READ_URL: a read replica needs DATABASE_URL on PostgreSQL',
    );
  }
  if (parsed.data.DATABASE_MIGRATE_URL && !/^postgres(ql)?:/.test(parsed.data.DATABASE_URL)) {
    throw new Error(
      'Invalid environment:\n  DATABASE_MIGRATE_URL: a migrating role needs DATABASE_URL on PostgreSQL',
    );
  }
  const { PUSH_ALLOWED_ORIGINS, PUSH_ALLOW_HTTP_ORIGINS } = parsed.data;
  const plain = PUSH_ALLOWED_ORIGINS.filter((origin) => origin.startsWith('http:'));
  if (PUBLIC_SCHEME === 'https' && plain.length > 0 && !PUSH_ALLOW_HTTP_ORIGINS) {
    throw new Error(
      `Invalid environment:\n  PUSH_ALLOWED_ORIGINS: with PUBLIC_SCHEME=https push is not sent to ${plain.join(', ')} ` +
        'in the clear; set PUSH_ALLOW_HTTP_ORIGINS=yes if that is meant',
    );
  }
  return {
    ...parsed.data,
    dataDir: resolve(parsed.data.DATA_DIR),
    tenantsDir: resolve(parsed.data.TENANTS_DIR),
  };
}
