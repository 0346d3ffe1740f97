import { translator } from '../../i18n/index.ts';
import { endpoint } from '../../server/endpoint.ts';
import { platformError } from '../../server/errors.ts';
import { normalizeHost } from '../../tenancy/host.ts';
import { publicSettings } from '../../tenancy/public-settings.ts';

/**
 * `GET /api/settings.php?domain=HOST` (API.md): the public settings of the site serving
 * `domain`, or of the request's own site when `domain` is absent; 404 for an unknown domain.
 */
export const GET = endpoint({
  handle({ context: { url }, locals }) {
    const { platform } = locals;
    const asked = url.searchParams.get('domain');
    const site = asked ? platform.registry.resolveHost(asked) : locals.site;
    if (!site) throw platformError('not_found');
    const locale = site.locales.includes(locals.locale)
      ? locals.locale
      : (site.domainLocale ?? site.locales[0]!);
    const country = locals.countryKnown ? locals.country : null;
    const settings = publicSettings(site, locale, translator(locale), {
      domain: asked ? normalizeHost(asked) : normalizeHost(url.host),
      geoipCountry: country,
      selectedCountry: country && site.countries.includes(country) ? country : site.defaultCountry,
      pushPublicKey: platform.push.publicKey(site.id),
    });
    return { settings };
  },
});
