import { api } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import ModerationQueue, {
  MODERATION_QUEUE_MESSAGES,
  QueueStageBadge,
  queueTexts,
} from '../../staff/components/ModerationQueue.tsx';
import { PHOTO_REJECTION_REASONS } from '../photos.types.ts';

export const PHOTO_QUEUE_MESSAGES = [
  ...MODERATION_QUEUE_MESSAGES,
  'console.photos.loading',
  'console.photos.empty',
  'console.photos.list',
  'console.photos.pending',
  'console.photos.post',
  'console.queue.member',
  'console.photos.uploaded',
  'console.photos.confirm_reject',
  'console.photos.approved',
  'console.photos.rejected',
  'console.photos.preview_alt',
  'console.photos.reason.nudity',
  'console.photos.reason.not_the_member',
  'console.photos.reason.minor',
  'console.photos.reason.offensive',
  'console.photos.reason.contact_details',
  'console.photos.reason.other',
] as const;

/**
 * The photo queue: the oldest photo awaiting a decision, large, with its member and site; approve
 * (A) or reject (X, then a reason) and move on (J next, K previous). A decided photo leaves the
 * list and the next one takes its place; more are fetched as the list runs short.
 */
export default function PhotoQueue({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  return (
    <ModerationQueue
      t={t}
      name="photo"
      texts={queueTexts(t, 'photos')}
      reasons={PHOTO_REJECTION_REASONS}
      reasonText={(r) => t(`console.photos.reason.${r}`)}
      list={async (cursor) => {
        const page = await api('GET /console/api/photos.php', undefined, { query: cursor ? { cursor } : {} });
        return { items: page.photos, next: page.next };
      }}
      decide={(body) => api('PUT /console/api/photos.php', body)}
      keysProps={{ id: 'photo-queue-keys' }}
      main={(current) => (
        <figure className="photo-queue-preview bg-dark rounded d-flex align-items-center justify-content-center mb-0">
          <img
            key={current.id}
            src={current.preview}
            alt={t('console.photos.preview_alt', { name: current.member.name })}
            className="img-fluid"
            data-testid="photo-queue-preview"
          />
        </figure>
      )}
      details={(current, position) => (
        <section
          aria-labelledby="photo-queue-member"
          data-testid="photo-queue-current"
          data-photo={current.id}
        >
          <h2 className="h5" id="photo-queue-member">
            {t('console.queue.member', { name: current.member.name, age: current.member.age })}
          </h2>
          <p className="mb-1">
            {current.site_name} <span className="text-body-secondary">({current.network})</span>
          </p>
          <p className="mb-1 text-body-secondary small">
            {t('console.photos.uploaded', { date: current.uploaded_at.replace('T', ' ').slice(0, 16) })}
          </p>
          <QueueStageBadge waiting={current.status === 'pending'}>
            {t(current.status === 'pending' ? 'console.photos.pending' : 'console.photos.post')}
          </QueueStageBadge>
          {position}
        </section>
      )}
      after={(photos, current, select) =>
        photos.length > 1 && (
          <nav aria-label={t('console.photos.list')} className="mt-4">
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
              {photos.map((photo, i) => (
                <li key={photo.id}>
                  <button
                    type="button"
                    className={`btn btn-sm ${photo.id === current?.id ? 'btn-primary' : 'btn-outline-secondary'}`}
                    aria-current={photo.id === current?.id ? 'true' : undefined}
                    onClick={() => select(i)}
                  >
                    {photo.member.name}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        )
      }
    />
  );
}
