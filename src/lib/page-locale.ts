/**
 * The page's language in the browser, for calls to the server: the API answers in the language a
 * request names (`x-locale`), else in the one a cookie or the site names, which need not be the
 * page's (a page reached by its `/pl/…` address sets no cookie). Kept apart from the API client
 * so that an island calling `fetch` itself does not carry the client.
 */
export function pageLocale(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

/**
 * The headers of a JSON call made with `fetch` itself, as the API client sends them: JSON, in the
 * page's language, so that the server's messages and the addresses it builds (a payment's return
 * page) are in that language too.
 */
export function jsonCallHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const locale = pageLocale();
  return { accept: 'application/json', ...(locale ? { 'x-locale': locale } : {}), ...extra };
}
