import { useId, useRef, useState } from 'react';
import { api, ApiError, type ApiErrorBody } from '../../../lib/api-client.ts';
import { pageLocale } from '../../../lib/page-locale.ts';
import { Modal } from '../../shell/components/Modal.tsx';
import { requestErrorMessage } from '../../shell/form.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES, type Photo, type PhotosAnswer } from '../photos.types.ts';
import { PHOTO_STATUS_BADGE } from './photo-status.ts';

export interface PhotoManagerProps {
  initial: PhotosAnswer;
  premium: boolean;
  /** How many photos premium members may keep, named to free members. */
  premiumLimit: number;
  premiumHref: string;
  messages: IslandMessages;
}

/**
 * Sends one file with progress (fetch reports no upload progress); answers the API's body or
 * throws an ApiError like the typed client does, so errors read the same everywhere.
 */
function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<{ photo: Photo }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/photos.php');
    const locale = pageLocale();
    if (locale) xhr.setRequestHeader('x-locale', locale);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as ({ photo: Photo } & Partial<ApiErrorBody>) | null;
      if (xhr.status === 201 && body?.photo) resolve({ photo: body.photo });
      else reject(new ApiError(xhr.status, { error: 'upload_failed', ...(body ?? {}) }));
    };
    xhr.onerror = () => reject(new ApiError(0, { error: 'network_error' }));
    const form = new FormData();
    form.append('photo', file);
    xhr.send(form);
  });
}

/**
 * The member's own photos (spec §2 profile editing, §5 3/25 photos): a grid with each photo's
 * review status, the main photo chosen, photos locked (others see them blurred unless premium)
 * or deleted after a confirmation, and uploads with progress. The limit is said openly, and at
 * the limit the upload control is disabled with the way to more photos beside it.
 */
export default function PhotoManager({
  initial,
  premium,
  premiumLimit,
  premiumHref,
  messages,
}: PhotoManagerProps) {
  const t = islandTranslator(messages);
  const [state, setState] = useState<PhotosAnswer>(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Photo | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const limitId = useId();
  const errorId = useId();
  // Why the last upload was refused, said beside the upload button (not in a passing toast).
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { photos, limit } = state;
  const full = photos.length >= limit;
  const main = photos.find((photo) => photo.main);
  const fail = (error: unknown) => toast(requestErrorMessage(error, t), { closeLabel: t('toast.close') });
  const done = (message: string) => toast(message, { variant: 'success', closeLabel: t('toast.close') });

  const upload = async (file: File) => {
    setUploadError(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setUploadError(t('photos.error.file_too_big'));
      return;
    }
    // A file that says it is no picture is refused before it is sent (the server checks again).
    if (file.type && !(ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(t('photos.error.image_invalid'));
      return;
    }
    setProgress(0);
    try {
      await uploadWithProgress(file, setProgress);
      setState(await api('GET /api/photos.php'));
      done(t('photos.uploaded'));
    } catch (error) {
      const said = error instanceof ApiError ? error.fieldMessages.photo : undefined;
      if (said) setUploadError(said);
      else fail(error);
      // The limit may have changed elsewhere (another tab, premium bought): show what is true.
      if (error instanceof ApiError && error.code === 'photo_limit_reached')
        setState(await api('GET /api/photos.php').catch(() => state));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const change = async (photo: Photo, body: { main: true } | { locked: boolean }) => {
    setBusy(photo.id);
    try {
      setState(await api('PUT /api/photos.php', { id: photo.id, ...body }));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (photo: Photo) => {
    setConfirm(null);
    setBusy(photo.id);
    try {
      setState(await api('DELETE /api/photos.php', undefined, { query: { id: photo.id } }));
      done(t('photos.deleted'));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="photo-manager">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3" id={limitId}>
        <strong data-testid="photo-count">{t('photos.count', { count: photos.length, limit })}</strong>
        {!premium && (
          <span className="text-body-secondary">
            {t('photos.premium_hint', { premium: premiumLimit })}{' '}
            <a href={premiumHref}>{t('photos.get_premium')}</a>
          </span>
        )}
      </div>
      {full && !premium && (
        <div className="alert alert-info py-2" role="status" data-testid="photo-limit">
          {t('photos.at_limit')}{' '}
          <a href={premiumHref} className="alert-link">
            {t('photos.get_premium')}
          </a>
        </div>
      )}

      <div className="mb-4">
        <button
          type="button"
          className="btn btn-primary"
          disabled={full || progress !== null}
          aria-describedby={`${hintId} ${limitId}${uploadError ? ` ${errorId}` : ''}`}
          onClick={() => input.current?.click()}
          data-testid="photo-upload"
        >
          {t('photos.upload')}
        </button>
        {/* Chosen through the button above: one control in the tab order, with a clear name. */}
        <input
          ref={input}
          type="file"
          name="photo"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          accept={ACCEPTED_TYPES.join(',')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
        <div className="form-text" id={hintId}>
          {t('photos.upload_hint')}
        </div>
        {uploadError && (
          <div
            className="invalid-feedback d-block"
            id={errorId}
            role="alert"
            data-testid="photo-upload-error"
          >
            {uploadError}
          </div>
        )}
        {progress !== null && (
          <div
            className="progress mt-2"
            role="progressbar"
            aria-label={t('photos.uploading', { percent: progress })}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-bar" style={{ width: `${progress}%` }}>
              {t('photos.uploading', { percent: progress })}
            </div>
          </div>
        )}
      </div>

      {main && main.status !== 'active' && (
        <p className="alert alert-warning py-2">{t('photos.pending_main')}</p>
      )}

      {photos.length === 0 ? (
        <p className="text-body-secondary" data-testid="photos-empty">
          {t('photos.empty')}
        </p>
      ) : (
        <ul
          className="row row-cols-2 row-cols-sm-3 row-cols-lg-4 g-3 list-unstyled"
          aria-label={t('photos.grid')}
        >
          {photos.map((photo, index) => (
            <li key={photo.id} className="col" data-testid="photo-item">
              <div className="card h-100">
                {/* Square by classes, not a style attribute: the CSP refuses inline styles in HTML. */}
                <div className="ratio ratio-1x1">
                  {photo.status === 'rejected' ? (
                    // Served to nobody any more, its owner included: a plain tile in its place.
                    <div
                      className="card-img-top bg-body-secondary d-flex align-items-center justify-content-center text-body-secondary"
                      role="img"
                      aria-label={t('photos.rejected_placeholder', { number: index + 1 })}
                    >
                      {t('photos.status.rejected')}
                    </div>
                  ) : (
                    <img
                      src={photo.match}
                      alt={t('photos.photo_alt', { number: index + 1 })}
                      className="card-img-top object-fit-cover"
                      width={480}
                      height={480}
                      loading="lazy"
                    />
                  )}
                </div>
                <div className="card-body p-2">
                  <div className="d-flex flex-wrap gap-1 mb-2">
                    <span className={`badge ${PHOTO_STATUS_BADGE[photo.status]}`}>
                      {t(`photos.status.${photo.status}`)}
                    </span>
                    {photo.main && <span className="badge text-bg-primary">{t('photos.main')}</span>}
                    {photo.locked && <span className="badge text-bg-secondary">{t('photos.locked')}</span>}
                  </div>
                  {photo.rejection && (
                    <p className="small text-danger-emphasis mb-2" data-testid="photo-rejection">
                      {t(`photos.rejection.${photo.rejection.reason}`)}
                      {photo.rejection.note && (
                        <span className="d-block">
                          {t('photos.rejection.note', { note: photo.rejection.note })}
                        </span>
                      )}
                    </p>
                  )}
                  <div className="d-grid gap-1">
                    {!photo.main && photo.status !== 'rejected' && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        disabled={busy !== null || photo.locked}
                        title={photo.locked ? t('photos.error.locked_main') : undefined}
                        onClick={() => void change(photo, { main: true })}
                      >
                        {t('photos.set_main')}
                      </button>
                    )}
                    {photo.status !== 'rejected' && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={busy !== null || (photo.main && !photo.locked)}
                        title={photo.main ? t('photos.error.lock_main') : t('photos.lock_hint')}
                        onClick={() => void change(photo, { locked: !photo.locked })}
                      >
                        {t(photo.locked ? 'photos.unlock' : 'photos.lock')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      disabled={busy !== null}
                      onClick={() => setConfirm(photo)}
                    >
                      {t('photos.delete')}
                    </button>
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="form-text">{t('photos.lock_hint')}</p>

      <Modal
        open={confirm !== null}
        title={t('photos.delete_title')}
        onClose={() => setConfirm(null)}
        closeLabel={t('photos.cancel')}
        size="sm"
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirm(null)}>
              {t('photos.cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => confirm && void remove(confirm)}>
              {t('photos.delete')}
            </button>
          </>
        }
      >
        <p className="mb-0">{t('photos.delete_confirm')}</p>
      </Modal>
    </div>
  );
}
