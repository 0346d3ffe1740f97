import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_SITES } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';

/*
 * The footer pages and the pricing page as visitors get them: every page of every demo site in
 * every language it shows, filled with that site's company and settings.
 */
const FOOTER_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
const ALL = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
const LOCALES: Record<string, readonly string[]> = {
  [DEMO.amber.host]: ALL,
  [DEMO.rainbow.host]: ALL,
  [DEMO.silver.host]: ALL,
  [DEMO.curvy.host]: ['de', 'en', 'nl'],
};
/** A site added for these tests: the smallest tenant file, so the platform's demo company. */
const PLAIN = { host: 'plain.localhost', name: 'Plain Dates' };

// The proxy's country header is believed, so a test can be a visitor from Britain.
const app = useServer({
  trustProxy: true,
  sites: [{ id: 'plain', domains: [PLAIN.host], name: PLAIN.name, niche: 'she', locales: ['en', 'nl'] }],
});

const path = (locale: string, route: string) => (locale === 'en' ? route : `/${locale}${route}`);

/** The page's main content as text: tags, scripts and entities removed. */
function mainText(html: string): string {
  const main = /<main\b[\s\S]*?<\/main>/i.exec(html)?.[0] ?? '';
  return main
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The main content of `path` on `host`, as text. */
async function textOf(path: string, host: string): Promise<string> {
  return mainText((await app.request(path, { host })).body);
}

/** The phrases `text` lacks: one failure names every missing phrase, not only the first. */
function missingFrom(text: string, phrases: string[]): string[] {
  return phrases.filter((phrase) => !text.includes(phrase));
}

/** A message key shown instead of its text (a key missing in the locale file). */
const RAW_KEY = /\b(?:pages|privacy|pricing|complaint|footer|page)\.[a-z_]+(?:\.[a-z_]+)*\b/;

describe('every footer page, on every site, in every language it shows', () => {
  for (const site of DEMO_SITES) {
    for (const locale of LOCALES[site.host]!) {
      it(`${site.host} /${locale}: all seven pages and pricing are filled in`, async () => {
        for (const route of [...FOOTER_PAGES.map((p) => `/pages/${p}`), '/pricing', '/complaints']) {
          // As a visitor who chose the language: a site in another language sends others to its own.
          const res = await app.request(path(locale, route), {
            host: site.host,
            headers: { cookie: `locale=${locale}` },
          });
          const where = `${site.host}${path(locale, route)}`;
          expect(res.status, where).toBe(200);
          expect(res.body, where).toMatch(new RegExp(`<html[^>]*\\blang="${locale}"`));
          const text = mainText(res.body);
          expect(text, `${where}: a placeholder left unfilled`).not.toMatch(/\{[a-z_ ]*\}/);
          expect(text, `${where}: a message key shown as text`).not.toMatch(RAW_KEY);
          expect(text, where).toContain(site.name);
        }
      });
    }
  }
});

describe('the FAQ', () => {
  it.each([
    ['en', DEMO.amber.host, /entertainment/g],
    ['de', DEMO.curvy.host, /zur Unterhaltung/g],
  ] as const)('in %s says once what a fictional profile is', async (locale, host, phrase) => {
    const text = await textOf(path(locale, '/pages/faq'), host);
    // The site's own warning says it; the answer around it does not say it again.
    expect(text.match(phrase)).toHaveLength(1);
    // The marker is named in words, not as an emoji that shows as a box without an emoji font.
    expect(text).not.toMatch(/🎭|✨/u);
    expect(text).toContain(locale === 'de' ? '„fiktives Profil“' : '“fictional profile”');
  });
});

describe('company details', () => {
  it.each(DEMO_SITES)(
    '$host names its own company, with the phone cleaned of spaces and dashes',
    async (site) => {
      const locale = site.host === DEMO.curvy.host ? 'de' : 'en';
      const res = await app.request(path(locale, '/pages/service'), { host: site.host });
      const text = mainText(res.body);
      const company = site.host === DEMO.curvy.host ? 'Kurven Demo GmbH' : 'Amber Demo Media B.V.';
      const phone = site.host === DEMO.curvy.host ? '+493055501234' : '+31205550100';
      expect(text).toContain(company);
      expect(text).toContain(phone);
      expect(res.body).toContain(`href="tel:${phone}"`);
      expect(text).not.toMatch(/\+\d{2} \d/);
      for (const other of ['Kurven Demo GmbH', 'Amber Demo Media B.V.'].filter((c) => c !== company)) {
        expect(text).not.toContain(other);
      }
    },
  );

  it('lists trade names, VAT number and chamber of commerce number in the terms', async () => {
    const details = [
      'Voorbeeldgracht 12',
      '1012 AB Amsterdam',
      'Netherlands',
      '00012345',
      'NL000012345B01',
      'Rainbow Lane',
      'Silver Sparks',
    ];
    expect(missingFrom(await textOf('/pages/terms', DEMO.silver.host), details)).toEqual([]);
  });

  it('answers GET /api/companyinfo.php with the company of the Host', async () => {
    const res = await app.request('/api/companyinfo.php', { host: DEMO.curvy.host });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      company: expect.objectContaining({
        id: 'kurven-demo',
        name: 'Kurven Demo GmbH',
        country: 'DE',
        tradenames: ['Kurvenreich'],
        vat_numbers: ['DE000000000'],
        added: '2025-01-15T08:00:00Z',
        terms_version_date: '2025-01-15T08:00:00.000Z',
      }),
    });
  });
});

describe('the terms version date (spec §9)', () => {
  it("is the company's added date when that is later than 2023-12-01", async () => {
    expect(await textOf('/de/pages/terms', DEMO.curvy.host)).toContain('Fassung vom 15. Januar 2025');
    expect(await textOf('/pages/terms', DEMO.amber.host)).toContain('Version of March 1, 2024');
  });

  it('is 1 December 2023 for a company without an added date', async () => {
    const res = await app.request('/pages/terms', { host: PLAIN.host });
    expect(res.status).toBe(200);
    expect(mainText(res.body)).toContain('Version of December 1, 2023');
    expect(mainText(res.body)).toContain('Example Community Services B.V.');
  });
});

describe('the privacy page', () => {
  it('names the kinds of data the database holds', async () => {
    const stored = [
      'E-mail address',
      'password (only as a secure hash)',
      'date of birth',
      'The photos you upload',
      'Likes you give and receive',
      'the members you block',
      'Your conversations and their messages',
      'Every credit added or spent',
      'your orders',
      "your browser's push address",
      'Which e-mails you turned off',
      'Complaints you file',
      'network, ref, sub, sub1 to sub3, aff_sub1 to aff_sub3, cpc',
      'IP address and browser (user agent)',
      'The controller of your personal data',
    ];
    expect(missingFrom(await textOf('/pages/privacy', DEMO.amber.host), stored)).toEqual([]);
  });
});

describe('free returns', () => {
  it('says "{refund_days} day free returns" with the site\'s refund days', async () => {
    const text = await textOf('/pages/return-policy', DEMO.rainbow.host);
    expect(text).toContain('14 day free returns');
  });
});

describe('the pricing page', () => {
  it('shows the final amounts in euro for the default country, formatted for the language', async () => {
    const en = await textOf('/pricing', DEMO.amber.host);
    expect(missingFrom(en, ['€14.99', '€39.99', '€89.99', '€0.1125', '€0.57'])).toEqual([]);
    const de = (await textOf('/de/pricing', DEMO.curvy.host)).replace(/\u00a0/g, ' ');
    expect(missingFrom(de, ['14,99 €', '39,99 €', '89,99 €'])).toEqual([]);
  });

  it("uses the visitor's currency when the proxy names the country", async () => {
    const res = await app.request('/pricing', {
      host: DEMO.amber.host,
      headers: { 'x-country-code': 'GB' },
    });
    const text = mainText(res.body);
    expect(missingFrom(text, ['£12.99', '£34.99', '£77.99'])).toEqual([]);
    expect(text).not.toContain('€');
    expect(text).toContain('United Kingdom');
  });

  it('shows the per-message cost from the site settings', async () => {
    const text = await textOf('/pricing', DEMO.silver.host);
    expect(text).toContain('Text message: 5 credits');
    expect(text).toContain('Per message (5 credits)');
  });
});

describe('unknown pages', () => {
  it('/pages/<anything else> is a 404 in the brand', async () => {
    const res = await app.request('/pages/imprint', { host: DEMO.rainbow.host });
    expect(res.status).toBe(404);
    expect(res.body).toContain(DEMO.rainbow.name);
  });
});
