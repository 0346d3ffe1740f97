import { z } from '../../lib/zod.ts';
import type { Photo, PhotosAnswer } from './photos.types.ts';

export {
  ACCEPTED_TYPES,
  MAX_UPLOAD_BYTES,
  PHOTO_LIMITS,
  type Photo,
  type PhotosAnswer,
  type PhotoStatus,
} from './photos.types.ts';

const photoId = z.string().min(1).max(64);

/** `PUT /api/photos.php`: make a photo the main one, or lock or unlock it. */
export const photoUpdateSchema = z.union([
  z.strictObject({ id: photoId, main: z.literal(true) }),
  z.strictObject({ id: photoId, locked: z.boolean() }),
]);
export type PhotoUpdate = z.infer<typeof photoUpdateSchema>;

/** `DELETE /api/photos.php?id=ID`. */
export const photoDeleteSchema = z.strictObject({ id: photoId });

/** The photos calls of the browser's client (API.md "Profiles and search"). */
declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /api/photos.php': { body: undefined; answer: PhotosAnswer };
    'POST /api/photos.php': { body: FormData; answer: { photo: Photo } };
    'PUT /api/photos.php': { body: PhotoUpdate; answer: PhotosAnswer };
    'DELETE /api/photos.php': { body: undefined; answer: PhotosAnswer };
  }
}
