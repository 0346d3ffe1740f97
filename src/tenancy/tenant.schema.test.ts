import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { NICHE_IDS } from './niche.schema.ts';
import {
  buildSnapshot,
  ConfigError,
  loadNiches,
  loadThemes,
  parseTenantFile,
  TenantRegistry,
} from './registry.ts';
import { resolveSite } from './site.ts';
import { reservedTokenReason } from './campaign-tokens.ts';
import { SIGNUP_MODES, tenantSchema } from './tenant.schema.ts';
import {
  NICHES_DIR,
  PROJECT_ROOT,
  recordingLogger,
  tempProject,
  THEMES_DIR,
  type TempProject,
} from './cli/test-support.ts';

const niches = loadNiches(NICHES_DIR);
const themes = loadThemes(THEMES_DIR);

const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,62}$/);
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const host = fc
  .array(label, { minLength: 1, maxLength: 4 })
  .map((labels) => labels.join('.'))
  .filter((h) => !h.startsWith('www.'));
const country = fc.stringMatching(/^[A-Z]{2}$/);
const currency = fc.constantFrom('EUR', 'GBP', 'USD', 'CHF', 'SEK', 'PLN');
const color = fc.stringMatching(/^#[0-9a-fA-F]{6}$/);
const text = fc.string({ minLength: 1, maxLength: 40 });
const localized = fc.oneof(
  text,
  fc
    .record({ en: text, de: fc.option(text, { nil: undefined }), nl: fc.option(text, { nil: undefined }) })
    .map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined))),
);
const count = fc.integer({ min: 0, max: 1000 });
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/),
    host.filter((h) => /\.[a-z]{2,}$/.test(h)),
  )
  .map(([local, domain]) => `${local}@${domain}`)
  .filter((e) => z.email().safeParse(e).success);

const bundle = fc.record(
  {
    id: slug,
    credits: fc.integer({ min: 1, max: 100_000 }),
    prices: fc.dictionary(currency, fc.integer({ min: 1, max: 10_000_000 }), { minKeys: 1 }),
    popular: fc.boolean(),
  },
  { requiredKeys: ['id', 'credits', 'prices'] },
);

const company = fc.record(
  {
    id: slug,
    name: text,
    address: text,
    kvk: text,
    city: text,
    country,
    tradenames: fc.array(text, { maxLength: 3 }),
    vat_numbers: fc.array(text, { maxLength: 3 }),
    support_phone: fc.stringMatching(/^\+[0-9 ]{5,15}$/),
    delete_discount: fc.stringMatching(/^[A-Z0-9]{3,10}$/),
    added: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  { requiredKeys: ['id', 'name', 'address', 'kvk', 'city', 'country', 'support_phone'] },
);

/** Any tenant object put together from valid parts, as an operator might write it. */
const validTenant = fc.record(
  {
    id: slug,
    domains: fc.uniqueArray(host, { minLength: 1, maxLength: 3 }),
    name: fc.string({ minLength: 1, maxLength: 60 }),
    niche: fc.constantFrom(...NICHE_IDS),
    network: slug,
    theme: fc.constantFrom('amber', 'midnight'),
    brand_colors: fc.record({ primary: color, secondary: color }, { requiredKeys: [] }),
    locales: fc.subarray([...LOCALES], { minLength: 1 }),
    domain_language: fc.stringMatching(/^[a-z]{2}([-_][A-Za-z]{2})?$/),
    index_title: localized,
    description: localized,
    cdn_prefix: fc.constantFrom('', 'https://cdn.example.com'),
    signups: fc.constantFrom(...SIGNUP_MODES),
    invite_codes: fc.array(fc.stringMatching(/^[A-Z0-9-]{4,12}$/), { maxLength: 3 }),
    logged_out_search: fc.boolean(),
    logged_out_search_trafficsource: fc.boolean(),
    default_country: country,
    countries: fc.uniqueArray(country, { minLength: 1, maxLength: 5 }),
    support_phone: fc.stringMatching(/^\+[0-9 ]{5,15}$/),
    support_email: email,
    enable_site_entry_popup: fc.constantFrom('yes', 'no'),
    site_entry_popup_countries: fc.uniqueArray(country, { maxLength: 3 }),
    fictional_icon: fc.constantFrom('🎭', '✨', '*'),
    fictional_warning: localized,
    fictional_singular: localized,
    fictional_plural: localized,
    visible_profile_notes: fc.boolean(),
    message_credits: count,
    signup_credits: count,
    photo_credits: count,
    gift_credits: count,
    message_length: fc.integer({ min: 20, max: 10_000 }),
    refund_days: fc.integer({ min: 0, max: 365 }),
    member_resell: fc.boolean(),
    photo_moderation: fc.constantFrom('post', 'pre'),
    text_moderation: fc.constantFrom('off', 'post', 'pre'),
    mail_name: text,
    mail_from: email,
    company,
    prices: fc.record(
      {
        currency_by_country: fc.dictionary(country, currency, { maxKeys: 4 }),
        default_currency: currency,
        bundles: fc.array(bundle, { minLength: 1, maxLength: 4 }),
        welcome_discount_percentage: fc.integer({ min: 0, max: 90 }),
        time_bonus_percentage: fc.integer({ min: 0, max: 90 }),
      },
      { requiredKeys: [] },
    ),
    limits: fc.record(
      {
        min_age: fc.integer({ min: 18, max: 99 }),
        free_photos: count,
        premium_photos: count,
        free_conversations: count,
        free_messages: count,
        swipe_likes_per_day: count,
      },
      { requiredKeys: [] },
    ),
    campaigns: fc.dictionary(
      slug.filter((token) => reservedTokenReason(token) === undefined),
      fc.record(
        {
          lander: fc.constantFrom('gallery', 'video'),
          slug: slug,
          params: fc.dictionary(slug, text, { maxKeys: 3 }),
        },
        { requiredKeys: [] },
      ),
      { maxKeys: 3 },
    ),
  },
  { requiredKeys: ['id', 'domains', 'name', 'niche'] },
);

// Property tests: generous time, as they share the machine with every other suite.
describe('tenantSchema', { timeout: 60_000 }, () => {
  it('accepts any tenant built from valid parts, and the server can resolve it', () => {
    fc.assert(
      fc.property(validTenant, (input) => {
        const parsed = tenantSchema.safeParse(JSON.parse(JSON.stringify(input)));
        if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
        const snapshot = buildSnapshot(
          [{ file: `tenants/${input.id}.json`, tenant: parsed.data }],
          niches,
          themes,
          1,
        );
        const site = snapshot.sites.get(input.id)!;
        expect(site.domains).toEqual(input.domains);
        expect(site.network).toBe(input.network ?? input.id);
        expect(site.theme.id).toBe(input.theme ?? 'amber');
        expect(site.locales.length).toBe(input.locales?.length ?? 11);
        for (const domain of input.domains) expect(snapshot.byHost.get(domain)).toBe(site);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on junk: any value is a success or a zod failure', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withObjectString: true, withMap: true, withSet: true }),
        (junk) => {
          const result = tenantSchema.safeParse(junk);
          if (!result.success) expect(result.error).toBeInstanceOf(z.ZodError);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on a valid tenant with one field replaced by junk', () => {
    const keys = [
      'id',
      'domains',
      'name',
      'niche',
      'network',
      'theme',
      'locales',
      'domain_language',
      'countries',
      'default_country',
      'company',
      'prices',
      'limits',
      'campaigns',
      'index_title',
      'support_email',
    ];
    fc.assert(
      fc.property(validTenant, fc.constantFrom(...keys), fc.jsonValue(), (tenant, key, junk) => {
        const mutated: Record<string, unknown> = { ...tenant, [key]: junk };
        const parsed = tenantSchema.safeParse(mutated);
        if (!parsed.success) return;
        try {
          resolveSite(
            `tenants/${String(mutated.id)}.json`,
            parsed.data,
            niches.get(parsed.data.niche)!,
            themes.get('amber')!,
          );
        } catch (e) {
          throw new Error(`a parsed tenant failed to resolve: ${(e as Error).message}`);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a junk tenant file', { timeout: 60_000 }, () => {
  let project: TempProject;
  beforeAll(() => {
    project = tempProject();
  });
  afterAll(() => project.remove());

  const fileText = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    validTenant.chain((t) =>
      fc
        .tuple(fc.constantFrom(...Object.keys(t)), fc.jsonValue())
        .map(([k, v]) => JSON.stringify({ ...t, id: 'junk', [k]: v })),
    ),
  );

  it('is reported as problems with file, field and reason, never a crash', () => {
    fc.assert(
      fc.property(fileText, (content) => {
        const path = project.write('junk.json', content);
        const result = parseTenantFile(path, project.root);
        if (result.ok) return;
        expect(result.problems.length).toBeGreaterThan(0);
        for (const p of result.problems) {
          expect(p.file).toBe('tenants/junk.json');
          expect(typeof p.field).toBe('string');
          expect(p.reason).toMatch(/\S/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('makes TenantRegistry.load throw a ConfigError and nothing else', () => {
    fc.assert(
      fc.property(fileText, (content) => {
        project.write('junk.json', content);
        try {
          TenantRegistry.load(project.dirs, recordingLogger());
        } catch (e) {
          if (!(e instanceof ConfigError)) throw e;
          expect(e.problems.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('the shipped configuration', () => {
  it('loads: every demo tenant, niche and theme is valid', () => {
    const registry = TenantRegistry.load(
      { tenantsDir: join(PROJECT_ROOT, 'tenants'), nichesDir: NICHES_DIR, themesDir: THEMES_DIR },
      recordingLogger(),
    );
    expect(registry.snapshot.sites.size).toBeGreaterThan(0);
  });

  it('points every tenant and niche file at its JSON schema', () => {
    for (const [dir, schema] of [
      ['tenants', 'tenant'],
      ['niches', 'niche'],
    ] as const) {
      for (const name of readdirSync(join(PROJECT_ROOT, dir)).filter((f) => f.endsWith('.json'))) {
        const json = JSON.parse(readFileSync(join(PROJECT_ROOT, dir, name), 'utf8')) as { $schema?: string };
        expect(json.$schema, `${dir}/${name}`).toBe(`../schemas/${schema}.schema.json`);
      }
    }
  });
});
