import { z } from 'zod';

/*
 * The console's sites: each tenant file with its health, and the form that writes a new one by
 * the rules of `npm run tenants -- new`.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A list typed as "de, en" or sent as an array. */
const list = (item: z.ZodString, max: number) =>
  z
    .union([z.array(item).max(max), z.string().max(2000)])
    .optional()
    .transform((v) => {
      const items = (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean);
      return items.length ? items : undefined;
    });

/**
 * `POST /console/api/sites.php`: what `tenants new` takes. Only the shape is checked here; the
 * values are checked by the tenant schema and the server's own resolution (`createSite`).
 */
export const createSiteInputSchema = z.object({
  id: optionalText(63),
  domains: list(z.string().max(253), 20).pipe(z.array(z.string()).min(1)),
  name: text(100),
  niche: text(40),
  network: optionalText(63),
  theme: optionalText(40),
  locales: list(z.string().max(10), 11),
  language: optionalText(20),
  countries: list(z.string().max(2), 40),
  support_email: optionalText(254),
});
export type CreateSiteInput = z.output<typeof createSiteInputSchema>;

/** `GET /console/api/sites-check.php?site=ID`: the domains of one site. */
export const checkDomainsQuerySchema = z.object({ site: z.string().trim().min(1).max(63) });

/** What the checker said of a file: a problem keeps the file from loading, a warning does not. */
export interface SiteFinding {
  level: 'problem' | 'warning';
  field: string;
  reason: string;
}

export interface SiteHealth {
  id: string;
  /** The tenant file, as the checker names it (relative to the server's folder). */
  file: string;
  name: string | null;
  /** Null when the file cannot be read far enough to tell. */
  network: string | null;
  theme: string | null;
  niche: string | null;
  languages: string[];
  domains: string[];
  /** The file as it is now passes every check. */
  valid: boolean;
  /** The server serves the site (from this file or, after a bad edit, its last good version). */
  served: boolean;
  /** When the server read the version it serves (ISO 8601), null when it serves none. */
  loaded_at: string | null;
  findings: SiteFinding[];
}

export interface SitesAnswer {
  /** When the server last (re)built its sites (ISO 8601). */
  loaded_at: string;
  sites: SiteHealth[];
  /** Problems of niche files and theme manifests (every network's concern: owners of all only). */
  other_findings: Array<SiteFinding & { file: string }>;
}

/** One domain as checked from the server. */
export interface DomainCheck {
  domain: string;
  /** DNS (or, for `*.localhost` and IP literals, no lookup needed) gave an address. */
  resolves: boolean;
  addresses: string[];
  /** This server's own host table sends the domain to the site. */
  routed: boolean;
  /** An HTTP request to the domain, as visitors reach it, was answered by this site. */
  answers: boolean;
  /** The HTTP status, or null when there was none. */
  status: number | null;
  /** Why it does not resolve or answer, in the system's words. */
  error: string | null;
  /** ISO 8601: results are kept for a short while. */
  checked_at: string;
}

export interface CreatedSite {
  id: string;
  file: string;
  domains: string[];
  url: string;
  needs_dns: string[];
  warnings: string[];
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /console/api/sites.php': { body: undefined; answer: SitesAnswer };
    'POST /console/api/sites.php': {
      body: z.input<typeof createSiteInputSchema>;
      answer: { site: CreatedSite };
    };
    'GET /console/api/sites-check.php': {
      body: undefined;
      answer: { site: string; domains: DomainCheck[] };
    };
  }
}
