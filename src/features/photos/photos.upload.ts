import { readBodyBytes, UPLOAD_BODY_LIMIT } from '../../server/body.ts';
import { invalidFields, platformError } from '../../server/errors.ts';
import { MAX_UPLOAD_BYTES } from './photos.schemas.ts';

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * The bytes of the `photo` field of a multipart upload. The body is read only up to the upload
 * limit (10 MB and the framing; the middleware already refused a larger declared length), and
 * the file itself may not pass 10 MB: 413 `payload_too_large` with `limit`, as API.md says.
 */
export async function readPhotoUpload(request: Request): Promise<Uint8Array> {
  const type = request.headers.get('content-type') ?? '';
  if (!MULTIPART.test(type)) throw platformError('unsupported_media_type');
  const body = await readBodyBytes(request, UPLOAD_BODY_LIMIT);
  let form: FormData;
  try {
    form = await new Response(new Blob([body as Uint8Array<ArrayBuffer>]), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw invalidFields({ photo: 'image_invalid' });
  }
  const file = form.get('photo');
  if (!file || typeof file === 'string') throw invalidFields({ photo: 'required' });
  if (file.size > MAX_UPLOAD_BYTES)
    throw platformError('payload_too_large', { details: { limit: MAX_UPLOAD_BYTES } });
  return new Uint8Array(await file.arrayBuffer());
}
