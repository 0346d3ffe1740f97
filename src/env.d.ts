/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Process-wide configuration and adapters. */
    platform: import('./server/platform.ts').Platform;
    /**
     * The site serving this request's Host. Absent on a console host (`area: 'console'`), where
     * the pipeline lets only console routes run, and they never read it.
     */
    site: import('./tenancy/site.ts').Site;
    /** `console` on a host of CONSOLE_HOSTS (the operator console); unset on a site's host. */
    area?: 'console';
    /** The console session's staff member, or null (console host only, set by the staff step). */
    staff?: import('./server/staff.ts').StaffPrincipal | null;
    /** The page's locale: a pure function of the URL for pages; the visitor's choice for API calls. */
    locale: import('./i18n/locales.ts').Locale;
    t: import('./i18n/index.ts').Translate;
    /** The path without its locale prefix (the route that renders). */
    routePath: string;
    /** The visitor's country (trusted proxy header, or the site's fallback). */
    country: string;
    /** Whether the country came from the proxy (false: the site's fallback). */
    countryKnown: boolean;
    scheme: 'http' | 'https';
    clientIp: string;
    /** The locale the visitor chose with the switcher (cookie), if any. */
    chosenLocale: import('./i18n/locales.ts').Locale | undefined;
    /** The logged-in member, or null for a visitor (set by the accounts step). */
    member: import('./features/accounts/accounts.types.ts').SessionMember | null;
  }
}

/** An inline script module, bundled at build time (scripts/build/inline-scripts.ts). */
declare module '*?inline-script' {
  const script: {
    /** The minified classic script, as the page carries it. */
    source: string;
    /** The CSP hash of exactly those bytes. */
    hash: `sha256-${string}`;
  };
  export default script;
}

/** A service worker module, bundled at build time into one classic script (same plugin). */
declare module '*?worker-script' {
  const script: {
    /** The minified classic script, as `/sw.js` serves it. */
    source: string;
    /** Its SHA-256 (unused by the worker's endpoint, which serves it as a file). */
    hash: `sha256-${string}`;
  };
  export default script;
}

/** Where the build put its folders, where it listens, its body cap (astro.config.mjs, kindredServer()). */
declare module 'virtual:kindred/build-options' {
  const options: import('./server/serve.ts').BuildOptions & { bodySizeLimit: number };
  export default options;
}

/** Each theme's lean entry cut to what each lander uses (scripts/build/lander-styles.ts): the
 * inline CSS per theme and lander, and per theme and lander the URL of the same cut with the
 * signup modal's rules added. */
declare module 'virtual:kindred/lander-styles' {
  /** Per theme id, per lander sheet (src/features/landers/landers.styles.ts: LANDER_SHEETS). */
  type Sheets = Record<string, Record<string, string>>;
  const styles: { inline: Sheets; signup: Sheets };
  export default styles;
}
