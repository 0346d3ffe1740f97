import { useStore } from '@nanostores/react';
import { NoticeModal } from '../../shell/components/NoticeModal.tsx';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { $celebration } from '../likes.store.ts';
import { FictionalNote } from './FictionalBadge.tsx';
import { chatPath, type FictionalLabel, type MemberLinks } from './labels.ts';

/** The messages the celebration uses; islands that like add them to their own. */
export const MATCH_MESSAGES = [
  'likes.match_title',
  'likes.match_body',
  'likes.match_chat',
  'likes.match_later',
  'likes.close',
] as const;

/**
 * A mutual like, celebrated (spec §1): both photos' owner named, a way to write at once, and a
 * way back to what the member was doing. Opens whenever `$celebration` holds a card.
 */
export function MatchCelebration({
  t,
  links,
  fictional,
}: {
  t: IslandTranslate;
  links: MemberLinks;
  fictional: FictionalLabel;
}) {
  const card = useStore($celebration);
  const close = () => $celebration.set(null);
  return (
    <NoticeModal
      notice={card}
      title={t('likes.match_title')}
      onClose={close}
      closeLabel={t('likes.close')}
      className="match-celebration"
      testId="match-celebration"
      action={(match) => ({
        href: chatPath(links, match.id),
        label: t('likes.match_chat', { name: match.name }),
      })}
      later={t('likes.match_later')}
    >
      {(match) => (
        <>
          <div className="match-hearts" aria-hidden="true">
            ♥
          </div>
          <img className="match-photo" src={match.main_image.match} alt="" width={160} height={160} />
          <p className="mt-3 mb-2">{t('likes.match_body', { name: match.name })}</p>
          {match.fictional && <FictionalNote fictional={fictional} className="small mb-2" />}
        </>
      )}
    </NoticeModal>
  );
}
