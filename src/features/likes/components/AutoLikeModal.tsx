import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';
import { Modal } from '../../shell/components/Modal.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { onRealtime } from '../../shell/realtime.store.ts';
import type { AutoLike } from '../likes.schemas.ts';
import { LIKES_RELOAD_DELAY_MS, markSeen, refreshLikes } from '../likes.store.ts';
import { FictionalNote } from './FictionalBadge.tsx';
import { chatPath, profilePath, type FictionalLabel, type MemberLinks } from './labels.ts';

export interface AutoLikeModalProps {
  /** Spec §2 query `t`: the modal waits this many seconds; 0 (no `t`): only a live like opens it. */
  delaySeconds: number;
  messages: IslandMessages;
  fictional: IslandData<FictionalLabel>;
  links: IslandData<MemberLinks>;
}

/**
 * The like modal for members (spec §2, §3 Like-modal profile): the newest like they have not
 * seen, from `/api/auto-like.php`, never an invented one. A click closes it; the photo opens
 * the liker's profile; the action starts a conversation. Seen once shown, so it does not come
 * back on the next page; the likes (and the badge) reload 500 ms after it arrives (spec §9).
 */
export default function AutoLikeModal({ delaySeconds, messages, ...data }: AutoLikeModalProps) {
  const t = islandTranslator(messages);
  const fictional = useIslandData(data.fictional);
  const links = useIslandData(data.links);
  const [like, setLike] = useState<AutoLike['profile'] | null>(null);

  useEffect(() => {
    let reload: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      api('GET /api/auto-like.php')
        .then((answer) => {
          if (!answer?.profile) return;
          // Another dialog (the entry warning) goes first.
          if (document.querySelector('dialog[open]')) return;
          setLike(answer.profile);
          reload = setTimeout(() => void refreshLikes().catch(() => {}), LIKES_RELOAD_DELAY_MS);
        })
        .catch(() => {});
    };
    const timer = delaySeconds > 0 ? setTimeout(show, Math.min(delaySeconds, 3600) * 1000) : undefined;
    // A like that arrives while the member is here opens the modal at once.
    const stopLive = onRealtime('like', show);
    return () => {
      clearTimeout(timer);
      clearTimeout(reload);
      stopLive();
    };
  }, [delaySeconds]);

  const close = () => {
    if (like) void markSeen(like.id).catch(() => {});
    setLike(null);
  };

  return (
    <Modal
      open={like !== null}
      title={like ? t('likes.modal_title', { name: like.name }) : ''}
      onClose={close}
      closeLabel={t('likes.close')}
      size="sm"
      className="auto-like-modal"
      initialFocus={() => document.querySelector<HTMLElement>('.auto-like-modal .btn-primary')}
    >
      {like && (
        // Spec §2: a click on the modal closes it; links still lead where they point.
        <div className="text-center" onClick={close} data-testid="auto-like">
          <a href={profilePath(links, like.id)} className="d-inline-block">
            <img
              className="match-photo"
              src={like.main_image.match}
              alt={t('likes.modal_profile', { name: like.name })}
              width={200}
              height={200}
            />
          </a>
          {like.fictional && <FictionalNote fictional={fictional} className="small mt-2 mb-0" />}
          <p className="mt-3">{t('likes.modal_body')}</p>
          <div className="d-grid">
            <a className="btn btn-primary" href={chatPath(links, like.id)}>
              {t('likes.modal_chat')}
            </a>
          </div>
        </div>
      )}
    </Modal>
  );
}

// The like arrives in the browser: the server HTML depends on the site's props alone.
AutoLikeModal.serverHtmlIgnores = [] as readonly string[];
