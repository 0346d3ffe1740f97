/*
 * What the profile editor needs in the browser, apart from the schemas: importing
 * `profiles.editing.schemas.ts` there would ship zod to /profile, whose form the server validates.
 */
import {
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from './catalog.ts';

/** "About me": room for a few paragraphs, not for an essay nobody reads on a card. */
export const TEXT_MAX_LENGTH = 2000;
export const CITY_MAX_LENGTH = 80;
/** Enough to say who one is; past it a profile's interests say nothing any more. */
export const INTERESTS_MAX = 20;

/** The attributes of spec §3 with their choices; a site shows those of `visible_profile_fields`. */
export const ATTRIBUTE_CHOICES = {
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
} as const;
export type AttributeName = keyof typeof ATTRIBUTE_CHOICES;
export const ATTRIBUTE_NAMES = Object.keys(ATTRIBUTE_CHOICES) as AttributeName[];

export const SEEKING_CHOICES = ['male', 'female', 'both'] as const;
