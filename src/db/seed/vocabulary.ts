/** The profile vocabulary comes from the profiles catalog, so the seed writes the values the product knows. */

export {
  INTERESTS,
  SEXUALITIES,
  HAIR_COLORS,
  EYE_COLORS,
  BODY_TYPES,
  RELATIONSHIP_STATUSES,
  TATTOOS,
  type Interest,
  type Sexuality,
  type HairColor,
  type EyeColor,
  type BodyType,
  type RelationshipStatus,
  type Tattoos,
} from '../../features/profiles/catalog.ts';
import type { Interest } from '../../features/profiles/catalog.ts';

/**
 * Interests that say the profile wants to meet someone in person: a relationship, a night, a
 * touch, sex with someone. An operator-run profile cannot be met, and its profile says so under
 * every photo; the demo never gives it one of these (a host who writes one in the console decides
 * that for their own profile).
 */
export const MEETING_INTERESTS: ReadonlySet<Interest> = new Set<Interest>([
  'relationship',
  'onenightstand',
  'kissing',
  'hugging',
  'massages',
  'sex',
  'safesex',
  'publicsex',
  'oralsex',
  'analsex',
  'threesome',
  'gangbang',
  'bondage',
  'sadomasochism',
]);

/** Interests that are about sex itself: real profiles list them less often than hobbies. */
export const EXPLICIT_INTERESTS: ReadonlySet<Interest> = new Set<Interest>([
  'sex',
  'publicsex',
  'oralsex',
  'analsex',
  'sextoys',
  'masturbating',
  'threesome',
  'gangbang',
  'bondage',
  'sadomasochism',
  'exchangingpictures',
]);
