import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Site } from '../../tenancy/site.ts';
import { resolveText } from '../../tenancy/public-settings.ts';
import { localePath } from '../../server/request.ts';
import type { FictionalLabel, MemberLinks } from './components/labels.ts';

/** The site's fictional label in the page's language, for islands (server side). */
export function fictionalLabel(site: Site, locale: Locale, t: Translate): FictionalLabel {
  const vars = { name: site.name };
  return {
    icon: site.fictionalIcon,
    label: resolveText(site.fictionalSingular, locale, t, vars),
    warning: resolveText(site.fictionalWarning, locale, t, vars),
  };
}

/**
 * Where the cards of the like and swipe islands lead, in the page's language: a profile under
 * the members page, and an empty list to the search, which is the members page too.
 */
export function cardLinks(locale: Locale): MemberLinks & { search: string } {
  const members = localePath(locale, '/members');
  return { members, search: members };
}
