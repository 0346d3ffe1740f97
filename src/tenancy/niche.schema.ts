import { z } from 'zod';

/** The seven niches in the order of the spec's `settings.niche` numbers (1 general … 7 gay). */
export const NICHE_IDS = ['general', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
export type NicheId = (typeof NICHE_IDS)[number];

/** The spec's number for a niche: general 1, she 2, bdsm 3, bbw 4, gilf 5, milf 6, gay 7. */
export function nicheNumber(id: NicheId): number {
  return NICHE_IDS.indexOf(id) + 1;
}

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** The landers of spec §2 (`/landers/<name>/<slug?>`). */
export const LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  'tinderswipe',
] as const;
export type Lander = (typeof LANDERS)[number];

const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lowercase letters, digits and dashes, at most 63');

/** A niche file, `niches/<id>.json`: what a site's niche decides unless the site overrides it. */
export const nicheSchema = z.strictObject({
  /** Optional pointer to the JSON schema, for editors. */
  $schema: z.string().optional(),
  /** The niche's name; must equal the file name. */
  id: z.enum(NICHE_IDS),
  /** The landing-page slug the niche chooses (spec §1): the `{slug}` of its default lander. */
  landing_slug: slug,
  /** The lander shown at `/` and used when a campaign names none. */
  default_lander: z.enum(LANDERS),
  /**
   * Which members of the network the niche's sites show: the genders shown and whom those
   * members must be seeking. A gay site shows men seeking men.
   */
  audience: z.strictObject({
    /** Genders of the members shown. */
    genders: z.array(z.enum(GENDERS)).min(1),
    /** The shown members must seek at least one of these genders. */
    seeking: z.array(z.enum(GENDERS)).min(1),
    /** Youngest age shown on the niche's landers and default search (e.g. 50 for gilf). */
    min_age: z.number().int().min(18).max(99).default(18),
    /** Oldest age shown. */
    max_age: z.number().int().min(18).max(120).default(99),
    /** Body types shown (e.g. bbw shows `fat`); empty shows all. */
    body_types: z.array(z.enum(['slim', 'normal', 'fat'])).default([]),
  }),
  /** What a new member of the niche's sites is and seeks unless the signup form says otherwise. */
  signup_defaults: z.strictObject({
    /** The new member's own gender. */
    gender: z.enum(GENDERS),
    /** The gender the new member seeks. */
    seeking: z.enum(GENDERS),
  }),
  /** The default filters of the member search. */
  default_search: z.strictObject({
    /** The gender searched for. */
    gender: z.enum(GENDERS),
    /** The youngest age searched for. */
    min_age: z.number().int().min(18).max(99),
    /** The oldest age searched for. */
    max_age: z.number().int().min(18).max(120),
  }),
  /**
   * Message keys (in `src/i18n/locales/*.json`) of the niche's copy; every locale has them, so
   * the same niche reads naturally in every language.
   */
  copy: z.strictObject({
    /** Default browser title of the site's index (`settings.index_title`), with `{name}`. */
    index_title: z.string().min(1),
    /** Default meta description (`settings.description`), with `{name}`. */
    description: z.string().min(1),
    /** The index hero's headline. */
    headline: z.string().min(1),
    /** The line under the headline. */
    tagline: z.string().min(1),
  }),
  /** Imagery: the hero's avatar style and the accent of the niche's landers. */
  imagery: z.strictObject({
    /** A DiceBear style the demo avatars of this niche use. */
    avatar_style: z.enum(['personas', 'lorelei', 'notionists', 'adventurer', 'avataaars', 'micah']),
    /** CSS gradient angle and stops of the hero background, as two theme-neutral colours. */
    hero_gradient: z.tuple([z.string().regex(/^#[0-9a-f]{6}$/i), z.string().regex(/^#[0-9a-f]{6}$/i)]),
  }),
  /** Interests (spec §3) listed first in this niche's profile editor and search. */
  featured_interests: z.array(z.string()).default([]),
  /**
   * Whether the niche is about sex itself (bdsm): only then do profiles offer and show the adult
   * interests (oral sex, bondage, …) beside tea and hiking. Off by default.
   */
  adult_interests: z.boolean().default(false),
});

export type Niche = z.infer<typeof nicheSchema>;
