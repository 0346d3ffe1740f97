import { z } from '../../lib/zod.ts';

/** Longest page path kept; anything longer is not one of our routes. */
const MAX_PATH = 300;
/** A visit longer than a day is a tab left open, not a bounce worth measuring. */
const MAX_MS = 24 * 60 * 60 * 1000;

/**
 * A page as the beacon names it: a path of this site. A query or fragment is dropped, so
 * tracking parameters or anything personal in a URL are never stored.
 */
export const pagePath = z
  .string()
  .trim()
  .max(2000)
  .transform((value) => value.split(/[?#]/, 1)[0]!)
  .pipe(
    z
      .string()
      .regex(/^\/[^\s]*$/, 'invalid')
      .max(MAX_PATH),
  );

/** `POST /api/bounce.php` (API.md): the page left and the time spent on it. */
export const bounceInput = z.object({
  page: pagePath,
  ms: z.number().int().min(0).max(MAX_MS),
});
export type BounceInput = z.infer<typeof bounceInput>;

/** `POST /api/page-hidden.php`: an empty JSON object; a page path may come along. */
export const pageHiddenInput = z.object({ page: pagePath.optional() }).default({});
export type PageHiddenInput = z.infer<typeof pageHiddenInput>;
