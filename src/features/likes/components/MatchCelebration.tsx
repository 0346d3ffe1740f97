import { useStore } from '@nanostores/react';
import { NoticeModal } from '../../shell/components/NoticeModal.tsx';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { $celebration } from '../likes.store.ts';

/** The neutral picture of a member without a photo (the profiles feature's `NO_PHOTO`, a static file). */
const NO_PHOTO = '/no-photo.svg';
import { FictionalNote } from './FictionalBadge.tsx';
import { chatPath, type FictionalLabel, type MemberLinks } from './labels.ts';

/** The messages the celebration uses; islands that like add them to their own. */
export const MATCH_MESSAGES = [
  'likes.match_title',
  'likes.match_body',
  'likes.match_send',
  'likes.match_you',
  'likes.match_later',
  'likes.close',
] as const;

/**
 * A mutual like, celebrated (spec §1): both photos side by side, the other named, "Send a
 * message" straight into the conversation, and a way back to what the member was doing. Opens
 * whenever `$celebration` holds a card; a fictional profile keeps its label here too.
 */
export function MatchCelebration({
  t,
  links,
  fictional,
  selfPhoto = null,
}: {
  t: IslandTranslate;
  links: MemberLinks;
  fictional: FictionalLabel;
  /** The member's own photo (`main_image.match`); without one, the neutral picture. */
  selfPhoto?: string | null | undefined;
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
        label: t('likes.match_send'),
      })}
      later={t('likes.match_later')}
    >
      {(match) => (
        <>
          <div className="match-hearts" aria-hidden="true">
            ♥
          </div>
          <div className="match-photos">
            <img
              className="match-photo"
              src={selfPhoto ?? NO_PHOTO}
              alt={t('likes.match_you')}
              width={160}
              height={160}
            />
            <img
              className="match-photo"
              src={match.main_image.match}
              alt={match.name}
              width={160}
              height={160}
            />
          </div>
          <p className="mt-3 mb-2">{t('likes.match_body', { name: match.name })}</p>
          {match.fictional && <FictionalNote fictional={fictional} className="small mb-2" />}
        </>
      )}
    </NoticeModal>
  );
}
