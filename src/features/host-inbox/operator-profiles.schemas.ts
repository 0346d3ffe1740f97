import { z } from 'zod';
import type { OwnProfile } from '../profiles/index.ts';
import type { Photo, PhotosAnswer } from '../photos/index.ts';

/*
 * The console's calls for operator-run profiles (docs/console.md "Operator-run profiles").
 * There is no `fictional` field: such a profile is always fictional, and an unknown key in a
 * body is dropped, never written.
 */

const id = z.string().trim().min(1).max(64);
const name = z.string().trim().min(1, 'required').max(40, 'too_long');
const gender = z.enum(['male', 'female'], { error: 'invalid_choice' });
const birthdate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'invalid');

/** `GET /console/api/profiles.php[?network&cursor]` or `?id=ID`. */
export const profilesQuerySchema = z.object({
  id: id.optional(),
  network: z.string().trim().min(1).max(64).optional(),
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type ProfilesQuery = z.infer<typeof profilesQuerySchema>;

/** `POST /console/api/profiles.php`: a new operator-run profile on a site; `details` as the profile editor's. */
export const createProfileSchema = z.object({
  site: z.string().trim().min(1, 'required').max(64),
  name,
  gender,
  seeking: z.enum(['male', 'female', 'both'], { error: 'invalid_choice' }),
  birthdate,
  country: z.string().trim().length(2, 'country_invalid'),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type CreateProfileInput = z.infer<typeof createProfileSchema>;

/** `PUT /console/api/profiles.php`: what changed; `details` as the profile editor's. */
export const updateProfileSchema = z.object({
  id,
  name: name.optional(),
  gender: gender.optional(),
  birthdate: birthdate.optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** `PUT /console/api/profile-photos.php`: `{ profile, id, main: true }` or `{ profile, id, locked }`. */
export const profilePhotoChangeSchema = z.union([
  z.object({ profile: id, id, main: z.literal(true) }),
  z.object({ profile: id, id, locked: z.boolean() }),
]);
export type ProfilePhotoChange = z.infer<typeof profilePhotoChangeSchema>;

/** `DELETE /console/api/profile-photos.php { profile, id }`; `GET ?profile=ID`. */
export const profilePhotoSchema = z.object({ profile: id, id });
export const profilePhotosQuerySchema = z.object({ profile: id });

export interface OperatorProfileEntry {
  id: string;
  network: string;
  site: string | null;
  name: string;
  gender: string;
  age: number;
  country: string;
  city: string | null;
  fictional: true;
  has_photo: boolean;
}

export interface OperatorProfilesPage {
  profiles: OperatorProfileEntry[];
  next: string | null;
}

export interface OperatorProfileAnswer {
  profile: OwnProfile & { fictional: true; network: string; site: string | null };
  photos: PhotosAnswer;
}

export type { Photo };

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'POST /console/api/profiles.php': {
      body: z.input<typeof createProfileSchema>;
      answer: OperatorProfileAnswer;
    };
    'PUT /console/api/profiles.php': {
      body: z.input<typeof updateProfileSchema>;
      answer: OperatorProfileAnswer;
    };
    'PUT /console/api/profile-photos.php': { body: ProfilePhotoChange; answer: PhotosAnswer };
    'DELETE /console/api/profile-photos.php': {
      body: z.input<typeof profilePhotoSchema>;
      answer: PhotosAnswer;
    };
  }
}
