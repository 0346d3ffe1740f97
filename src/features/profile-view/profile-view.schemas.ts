import { z } from '../../lib/zod.ts';
import { VISIBLE_PROFILE_FIELDS } from '../../tenancy/tenant.schema.ts';
import type { ViewerPhoto } from '../photos/index.ts';
import type { ProfileCard } from '../profiles/index.ts';

/** `GET /api/member.php?id=ID`. */
export const memberQuerySchema = z.object({ id: z.string().min(1).max(64) });
export type MemberQuery = z.infer<typeof memberQuerySchema>;

/** The profile fields a site may show (`visible_profile_fields`), in the order they are listed. */
export const PROFILE_ATTRIBUTES = VISIBLE_PROFILE_FIELDS;
export type ProfileAttribute = (typeof PROFILE_ATTRIBUTES)[number];

/**
 * One profile opened by a member (API.md `GET /api/member.php`): the card, the photos as this
 * viewer may see them, the fields the site shows, interests, the member's own words where the
 * site shows them, and the state between the two (likes either way, the viewer's block).
 */
export interface MemberProfile extends ProfileCard {
  photos: ViewerPhoto[];
  /** Field → value key (e.g. `hair_color: "blond"`), only fields the site shows and the member filled. */
  attributes: Partial<Record<ProfileAttribute, string>>;
  interests: string[];
  /** "About me", or null where the site does not show profile notes. */
  text: string | null;
  liked: boolean;
  liked_by: boolean;
  /** The viewer blocked this profile. */
  blocked: boolean;
  /** The viewer's own profile. */
  own: boolean;
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/member.php': { body: undefined; answer: { profile: MemberProfile } };
  }
}
