import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.ts';
import { LOCALES } from '../../i18n/locales.ts';
import type { Site } from '../../tenancy/site.ts';
import type { TenantInput } from '../../tenancy/tenant.schema.ts';
import { resolveTestSite } from '../../tenancy/cli/test-support.ts';
import { pageText } from './content.ts';
import { FOOTER_PAGES, STORED_DATA_CATEGORIES, TABLE_DATA_CATEGORY } from './pages.catalog.ts';
import {
  companyInfo,
  freeReturns,
  pageVariables,
  renderFooterPage,
  storedDataKeys,
  termsVersionDate,
} from './pages.service.ts';

const ORIGIN = 'https://dates.example';

const COMPANY = {
  id: 'acme',
  name: 'Acme Dating B.V.',
  address: 'Herengracht 1',
  kvk: '12345678',
  city: '1015 BA Amsterdam',
  country: 'NL',
  tradenames: ['Acme Hearts'],
  vat_numbers: ['NL123456789B01'],
  support_phone: '+31 20-123 45 67',
};

function site(input: Partial<TenantInput> = {}): Site {
  const base = { id: 's', domains: ['dates.example'], name: 'Dates Example', niche: 'general' as const };
  return resolveTestSite({ ...base, company: COMPANY, ...input });
}

/** A text as the renderer escapes it. */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

function render(s: Site, locale: (typeof LOCALES)[number], page: (typeof FOOTER_PAGES)[number]): string {
  return renderFooterPage(
    page,
    pageText(locale, page)!,
    pageVariables(s, locale, translator(locale), ORIGIN),
  );
}

describe('termsVersionDate (spec §9)', () => {
  it('is 2023-12-01T12:00:00Z for a company without an added date', () => {
    expect(termsVersionDate({})).toBe('2023-12-01T12:00:00.000Z');
  });

  it('stays at 2023-12-01T12:00:00Z for a company added before it', () => {
    expect(termsVersionDate({ added: '2021-06-01T00:00:00Z' })).toBe('2023-12-01T12:00:00.000Z');
  });

  it("is the company's added date when that is later", () => {
    expect(termsVersionDate({ added: '2025-01-15T08:00:00Z' })).toBe('2025-01-15T08:00:00.000Z');
  });

  it('shows on the terms page in the page language', () => {
    const later = site({ company: { ...COMPANY, added: '2025-01-15T08:00:00Z' } });
    expect(render(later, 'en', 'terms')).toContain('January 15, 2025');
    expect(render(later, 'de', 'terms')).toContain('15. Januar 2025');
    expect(render(site(), 'nl', 'terms')).toContain('1 december 2023');
  });
});

describe('every footer page in every locale', () => {
  const s = site();
  for (const locale of LOCALES) {
    for (const page of FOOTER_PAGES) {
      it(`${locale}/${page} is filled completely from the site`, () => {
        const html = render(s, locale, page);
        expect(html, 'an unfilled placeholder').not.toMatch(/\{[a-z_ ]*\}/);
        expect(html.length).toBeGreaterThan(500);
        if (['terms', 'privacy', 'service'].includes(page)) {
          expect(html).toContain('Acme Dating B.V.');
          expect(html).toContain('Herengracht 1');
          expect(html).toContain('12345678');
          expect(html).toContain('NL123456789B01');
          expect(html).toContain('Acme Hearts');
        }
        if (page === 'service' || page === 'return-policy') {
          // Spec §9: the phone is shown without dashes and spaces.
          expect(html).toContain('+31201234567');
          expect(html).not.toContain('20-123');
        }
      });
    }
  }

  it('says "{refund_days} day free returns" in English, with the site\'s refund days', () => {
    expect(render(s, 'en', 'return-policy')).toContain('14 day free returns');
    expect(render(site({ refund_days: 30 }), 'en', 'return-policy')).toContain('30 day free returns');
  });

  it('names every kind of stored data on the privacy page, in every locale', () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const html = render(s, locale, 'privacy');
      for (const category of STORED_DATA_CATEGORIES) {
        expect(html, `${locale} ${category}`).toContain(asHtml(t(storedDataKeys(category).label)));
      }
    }
  });

  it('shows each FAQ question as a disclosure', () => {
    const html = render(s, 'en', 'faq');
    expect(html.match(/<details>/g)?.length).toBeGreaterThanOrEqual(10);
    expect(html).toMatch(/<summary>Is Dates Example free\?<\/summary>/);
  });
});

describe('the privacy page and the database', () => {
  it('places every table that holds personal data in a category the page shows', () => {
    const used = new Set(Object.values(TABLE_DATA_CATEGORY).filter((c) => c !== null));
    expect([...used].sort()).toEqual([...STORED_DATA_CATEGORIES].sort());
  });
});

describe('values from tenant files', () => {
  it('are shown literally, never as markup', () => {
    const hostile = site({
      name: '<img src=x onerror=alert(1)>',
      company: { ...COMPANY, name: 'Evil *Corp* [x](javascript:alert(1)) & {site_name}' },
    });
    for (const page of FOOTER_PAGES) {
      const html = render(hostile, 'en', page);
      expect(html).not.toContain('<img');
      expect(html).not.toContain('href="javascript:');
    }
    const terms = render(hostile, 'en', 'terms');
    expect(terms).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(terms).toContain('Evil *Corp* [x](javascript:alert(1)) &amp; {site_name}');
  });
});

describe('freeReturns', () => {
  it('uses the plural form of each language', () => {
    expect(freeReturns(14, translator('en'))).toBe('14 day free returns');
    expect(freeReturns(1, translator('en'))).toBe('1 day free returns');
    expect(freeReturns(1, translator('de'))).toBe('1 Tag kostenlose Rückgabe');
    expect(freeReturns(14, translator('de'))).toBe('14 Tage kostenlose Rückgabe');
    expect(freeReturns(1, translator('pl'))).toBe('1 dzień na bezpłatny zwrot');
    expect(freeReturns(22, translator('pl'))).toBe('22 dni na bezpłatny zwrot');
    expect(freeReturns(1, translator('fr'))).toBe('Retour gratuit sous 1 jour');
    expect(freeReturns(30, translator('fr'))).toBe('Retour gratuit sous 30 jours');
  });
});

describe('companyInfo', () => {
  it('answers the company with the effective terms date', () => {
    const info = companyInfo(site({ company: { ...COMPANY, added: '2025-01-15T08:00:00Z' } }));
    expect(info).toMatchObject({
      id: 'acme',
      name: 'Acme Dating B.V.',
      kvk: '12345678',
      tradenames: ['Acme Hearts'],
    });
    expect(info.terms_version_date).toBe('2025-01-15T08:00:00.000Z');
    expect(info.delete_discount).toBeNull();
  });
});
