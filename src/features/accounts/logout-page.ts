import type { Translate } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * What a cross-site `GET /api/logout.php` gets instead of a logout: one button that POSTs the
 * logout from this site's own page, so another site's link or image cannot end a member's
 * session. No script and no style, so the tightest CSP fits it.
 */
export function logoutConfirmPage(options: {
  t: Translate;
  locale: Locale;
  siteName: string;
  action: string;
  home: string;
}): Response {
  const { t, locale, siteName, action, home } = options;
  const title = escape(t('accounts.logout.title'));
  const html = `<!doctype html>
<html lang="${locale}">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${escape(siteName)}</title>
<h1>${title}</h1>
<p>${escape(t('accounts.logout.text', { site: siteName }))}</p>
<form method="post" action="${escape(action)}">
<button type="submit">${escape(t('membernav.logout'))}</button>
</form>
<p><a href="${escape(home)}">${escape(t('accounts.logout.stay'))}</a></p>
</html>
`;
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'content-security-policy':
        "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}
