import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.ts';
import { TenantRegistry } from './registry.ts';
import { publicSettings } from './public-settings.ts';

/** Spec §3 "Settings (from the server)": every field the browser relies on. */
const SPEC_FIELDS = [
  'name',
  'index_title',
  'description',
  'domain',
  'domain_language',
  'cdn_prefix',
  'niche',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'geoip_country',
  'geoip_selected_country',
  'push_public_key',
  'support_phone',
  'support_email',
  'enable_site_entry_popup',
  'minimum_message_costs',
  'fictional_icon',
  'countries',
  'visible_profile_fields',
  'visible_profile_notes',
  'message_credits',
  'signup_credits',
  'photo_credits',
  'gift_credits',
  'message_length',
  'search_fields',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'refund_days',
  'member_resell',
  'company_id',
  'mail_name',
  'interests',
  'region_data',
];

const registry = TenantRegistry.load(
  { tenantsDir: 'tenants', nichesDir: 'niches', themesDir: 'themes' },
  { info() {}, error() {} },
);
const facts = { domain: 'x', geoipCountry: null, selectedCountry: 'NL', pushPublicKey: 'k' };

describe('publicSettings', () => {
  it('carries every field of spec §3 for every demo site, and the niche as number and name', () => {
    for (const site of registry.snapshot.sites.values()) {
      const s = publicSettings(site, 'en', translator('en'), facts);
      for (const field of SPEC_FIELDS) expect(s, `${site.id}.${field}`).toHaveProperty(field);
      expect(s.niche).toBeGreaterThanOrEqual(1);
      expect(s.niche).toBeLessThanOrEqual(7);
      expect(s.niche_name).toBe(site.niche);
    }
    const rainbow = registry.snapshot.sites.get('rainbow')!;
    expect(publicSettings(rainbow, 'en', translator('en'), facts)).toMatchObject({
      niche: 7,
      niche_name: 'gay',
    });
  });

  it('reveals no secrets', () => {
    const site = registry.snapshot.sites.get('localhost')!;
    const text = JSON.stringify(publicSettings(site, 'en', translator('en'), facts));
    expect(site.inviteCodes.length).toBeGreaterThan(0);
    for (const code of site.inviteCodes) expect(text).not.toContain(code);
    expect(text).not.toContain('campaign');
    expect(text).not.toContain('invite_codes');
  });

  it('speaks the requested locale and fills the site name into niche copy', () => {
    const site = registry.snapshot.sites.get('curvy')!;
    const en = publicSettings(site, 'en', translator('en'), facts);
    expect(en.index_title).toContain('Kurvenreich');
    expect(Object.keys(en.region_data)).toEqual(site.countries);
    expect(en.region_data.DE?.regions.length).toBeGreaterThan(10);
  });

  it('prices one message exactly, in whole minor units, from the cheapest bundle', () => {
    const site = registry.snapshot.sites.get('localhost')!;
    const costs = publicSettings(site, 'en', translator('en'), facts).minimum_message_costs;
    for (const { costs: c } of Object.values(costs)) expect(Number.isInteger(c) && c > 0).toBe(true);
    // value bundle: 800 credits for 89.99 EUR, 5 credits a message → 56.24 cents, rounded up.
    expect(costs.NL).toEqual({ costs: 57, currency: 'EUR' });
    expect(costs.GB?.currency).toBe('GBP');
  });
});
