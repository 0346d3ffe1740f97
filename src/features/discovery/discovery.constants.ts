/*
 * What the search form needs in the browser, apart from the schemas: importing
 * `discovery.schemas.ts` there would ship zod to /members, which validates nothing in the browser.
 */

/** The ages a search may ask for. */
export const SEARCH_MIN_AGE = 18;
export const SEARCH_MAX_AGE = 99;
