import { api } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import ModerationQueue, {
  MODERATION_QUEUE_MESSAGES,
  QueueStageBadge,
  queueTexts,
} from '../../staff/components/ModerationQueue.tsx';
import { TEXT_REJECTION_REASONS } from '../profiles.text-moderation.constants.ts';

export const TEXT_QUEUE_MESSAGES = [
  ...MODERATION_QUEUE_MESSAGES,
  'console.texts.loading',
  'console.texts.empty',
  'console.texts.field.text',
  'console.texts.field.name',
  'console.texts.pre',
  'console.texts.post',
  'console.texts.new',
  'console.texts.previous_text',
  'console.texts.none',
  'console.texts.submitted',
  'console.texts.approved',
  'console.texts.rejected',
  'console.texts.confirm_reject',
  'console.texts.reason.contact_details',
  'console.texts.reason.offensive',
  'console.texts.reason.sexual_services',
  'console.texts.reason.spam',
  'console.texts.reason.other',
  'console.queue.member',
] as const;

/**
 * The text queue: the oldest changed profile text awaiting a decision, beside the text it
 * replaces; approve (A) or reject (X, then a reason) and move on (J next, K previous).
 */
export default function TextQueue({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  return (
    <ModerationQueue
      t={t}
      name="text"
      texts={queueTexts(t, 'texts')}
      reasons={TEXT_REJECTION_REASONS}
      reasonText={(r) => t(`console.texts.reason.${r}`)}
      list={async (cursor) => {
        const page = await api('GET /console/api/texts.php', undefined, { query: cursor ? { cursor } : {} });
        return { items: page.texts, next: page.next };
      }}
      decide={(body) => api('PUT /console/api/texts.php', body)}
      rowProps={(current) => ({ 'data-testid': 'text-queue-current', 'data-text': current.id })}
      main={(current) => (
        <>
          <section aria-labelledby="text-queue-new" className="card mb-3">
            <div className="card-body">
              <h2 className="h6 card-title" id="text-queue-new">
                {t('console.texts.new')}: {t(`console.texts.field.${current.field}`)}
              </h2>
              <p className="card-text text-break mb-0">{current.value}</p>
            </div>
          </section>
          <section aria-labelledby="text-queue-previous" className="card bg-body-tertiary">
            <div className="card-body">
              <h2 className="h6 card-title text-body-secondary" id="text-queue-previous">
                {t('console.texts.previous_text')}
              </h2>
              <p className="card-text text-break mb-0 text-body-secondary">
                {current.previous ?? t('console.texts.none')}
              </p>
            </div>
          </section>
        </>
      )}
      details={(current, position) => (
        <>
          <p className="h5">
            {t('console.queue.member', { name: current.member.name, age: current.member.age })}
          </p>
          <p className="mb-1 text-body-secondary small">
            {t('console.texts.submitted', {
              date: current.submitted_at.replace('T', ' ').slice(0, 16),
              site: current.site_name,
            })}
          </p>
          <QueueStageBadge waiting={current.mode === 'pre'}>
            {t(current.mode === 'pre' ? 'console.texts.pre' : 'console.texts.post')}
          </QueueStageBadge>
          {position}
        </>
      )}
    />
  );
}
