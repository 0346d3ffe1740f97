import type { Locale } from '../../i18n/locales.ts';
import { localePath } from '../../server/request.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** The footer's nine links (spec §2), in the spec's order. */
export const FOOTER_LINKS: ReadonlyArray<{ path: string; label: MessageKey }> = [
  { path: '/pages/terms', label: 'footer.terms' },
  { path: '/pages/privacy', label: 'footer.privacy' },
  { path: '/pages/cookies', label: 'footer.cookies' },
  { path: '/pages/ban', label: 'footer.ban' },
  { path: '/pricing', label: 'footer.pricing' },
  { path: '/complaints', label: 'footer.complaints' },
  { path: '/pages/return-policy', label: 'footer.return_policy' },
  { path: '/pages/faq', label: 'footer.faq' },
  { path: '/pages/service', label: 'footer.service' },
];

/** The link that switches to `target` and comes back to the same page in that language. */
export function switchLocaleHref(target: Locale, routePath: string, search: string): string {
  const next = localePath(target, routePath) + search;
  return `/api/locale.php?locale=${target}&next=${encodeURIComponent(next)}`;
}

/** Spec §9: the support phone is shown cleaned of dashes and spaces. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}
