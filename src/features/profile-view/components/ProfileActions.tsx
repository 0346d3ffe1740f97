import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { Icon } from '../../shell/components/icons.tsx';
import { Modal } from '../../shell/components/Modal.tsx';
import { requestErrorMessage } from '../../shell/form.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import type { MessageButtonAllowance } from '../../chat/chat.schemas.ts';
import { ReportButton } from '../../reports/components/ReportDialog.tsx';

export interface ProfileActionsProps {
  profile: { id: string; name: string };
  liked: boolean;
  blocked: boolean;
  /** `upgrade`: buying credits (premium), coming back to this chat afterwards. */
  links: { chat: string; gift: string; upgrade: string };
  /** A free member's conversation limit as it stands for this profile; null for premium. */
  allowance: MessageButtonAllowance | null;
  messages: IslandMessages;
}

/**
 * The buttons of a profile: message, like or unlike, gift, block or unblock. A like shows at
 * once and is taken back, with a toast saying why, when the server refuses it. Blocking and
 * unblocking ask first; while blocked, only unblocking is offered (the other buttons would
 * reach someone who can no longer see the viewer).
 */
export default function ProfileActions({
  profile,
  liked: initialLiked,
  blocked: initialBlocked,
  links,
  allowance,
  messages,
}: ProfileActionsProps) {
  const t = islandTranslator(messages);
  const [liked, setLiked] = useState(initialLiked);
  const [liking, setLiking] = useState(false);
  const [blocked, setBlocked] = useState(initialBlocked);
  const [confirming, setConfirming] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const name = { name: profile.name };
  const closeLabel = t('toast.close');

  const toggleLike = async () => {
    const next = !liked;
    setLiked(next);
    setLiking(true);
    try {
      if (next) {
        const answer = await api('POST /api/like.php', { profile: profile.id });
        toast(t(answer.match ? 'profileview.match' : 'profileview.liked_toast', name), {
          variant: 'success',
          closeLabel,
        });
      } else await api('DELETE /api/like.php', { profile: profile.id });
    } catch (error) {
      setLiked(!next);
      toast(requestErrorMessage(error, t), { closeLabel });
    } finally {
      setLiking(false);
    }
  };

  const changeBlock = async () => {
    const next = !blocked;
    setBlocking(true);
    try {
      if (next) await api('POST /api/block.php', { profile: profile.id });
      else await api('DELETE /api/block.php', { profile: profile.id });
      setBlocked(next);
      setConfirming(false);
      toast(t(next ? 'blocks.blocked' : 'blocks.unblocked', name), { variant: 'success', closeLabel });
    } catch (error) {
      toast(requestErrorMessage(error, t), { closeLabel });
    } finally {
      setBlocking(false);
    }
  };

  return (
    <div>
      {blocked && (
        <p className="alert alert-secondary mb-3" role="status">
          {t('profileview.blocked_notice', name)}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2" role="group" aria-label={t('profileview.actions')}>
        {!blocked && (
          <>
            {allowance?.limit_reached ? (
              <a className="btn btn-primary" href={links.upgrade} aria-describedby="message-limit">
                <Icon name="chat" className="me-1" />
                {t('profileview.message_premium')}
              </a>
            ) : (
              <a
                className="btn btn-primary"
                href={links.chat}
                aria-describedby={allowance?.starts_new ? 'message-limit' : undefined}
              >
                <Icon name="chat" className="me-1" />
                {t('profileview.message')}
              </a>
            )}
            <button
              type="button"
              className={`btn ${liked ? 'btn-danger' : 'btn-outline-danger'}`}
              aria-pressed={liked}
              disabled={liking}
              data-action="like"
              onClick={() => void toggleLike()}
            >
              <Icon name="heart" className="me-1" />
              {t(liked ? 'profileview.unlike' : 'profileview.like')}
            </button>
            <a className="btn btn-outline-secondary" href={links.gift}>
              <Icon name="star" className="me-1" />
              {t('profileview.gift')}
            </a>
          </>
        )}
        <button
          type="button"
          className="btn btn-outline-secondary"
          data-action="block"
          onClick={() => setConfirming(true)}
        >
          {t(blocked ? 'profileview.unblock' : 'profileview.block')}
        </button>
        <ReportButton profile={profile} onBlocked={() => setBlocked(true)} t={t} />
      </div>
      {!blocked && allowance && (allowance.limit_reached || allowance.starts_new) && (
        <p
          id="message-limit"
          className={`small mt-2 mb-0${allowance.limit_reached ? ' text-warning-emphasis' : ' text-body-secondary'}`}
          data-testid="message-limit"
        >
          {allowance.limit_reached
            ? t('profileview.limit_reached', { count: allowance.limit, name: profile.name })
            : t('profileview.limit_left', { count: allowance.left, limit: allowance.limit })}
        </p>
      )}
      <Modal
        open={confirming}
        title={t(blocked ? 'profileview.unblock_title' : 'profileview.block_title', name)}
        onClose={() => setConfirming(false)}
        locked={blocking}
        closeLabel={closeLabel}
        footer={
          <>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setConfirming(false)}
              disabled={blocking}
            >
              {t('profileview.cancel')}
            </button>
            <button
              type="button"
              className={`btn ${blocked ? 'btn-primary' : 'btn-danger'}`}
              data-action="confirm-block"
              onClick={() => void changeBlock()}
              disabled={blocking}
            >
              {t(blocked ? 'profileview.unblock' : 'profileview.block')}
            </button>
          </>
        }
      >
        <p className="mb-0">{t(blocked ? 'profileview.unblock_text' : 'profileview.block_text', name)}</p>
      </Modal>
    </div>
  );
}
