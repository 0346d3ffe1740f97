import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { ProfileCard } from '../../profiles/index.ts';
import { requestErrorMessage } from '../../shell/form.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';

export interface BlockedMembersProps {
  /** Where a profile opens: this prefix and the profile id (the locale's `/members/`). */
  profileBase: string;
  messages: IslandMessages;
}

/**
 * The members one blocked (settings), each with an unblock button. The list is fetched when the
 * section comes into view rather than with the page: the settings page keeps to the two reads
 * every member request costs (tests/integration/member-request-cost.test.ts). Unblocking is what
 * the member asked for in so many words, so it needs no second question; a failure keeps the
 * row and says why.
 */
export default function BlockedMembers({ profileBase, messages }: BlockedMembersProps) {
  const t = islandTranslator(messages);
  const [cards, setCards] = useState<ProfileCard[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const closeLabel = t('toast.close');

  useEffect(() => {
    const controller = new AbortController();
    api('GET /api/block.php', undefined, { signal: controller.signal })
      .then((answer) => setCards(answer.blocked))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);

  const unblock = async (card: ProfileCard) => {
    setBusy(card.id);
    try {
      await api('DELETE /api/block.php', { profile: card.id });
      setCards((list) => (list ?? []).filter((c) => c.id !== card.id));
      toast(t('blocks.unblocked', { name: card.name }), { variant: 'success', closeLabel });
    } catch (error) {
      toast(requestErrorMessage(error, t), { closeLabel });
    } finally {
      setBusy(null);
    }
  };

  if (failed) return <p className="mb-0 text-danger">{t('error.try_later')}</p>;
  if (cards === null)
    return (
      <p className="mb-0 text-body-secondary" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('blocks.loading')}
      </p>
    );
  if (cards.length === 0) return <p className="mb-0 text-body-secondary">{t('blocks.empty')}</p>;
  return (
    <ul className="list-group" data-blocked-list>
      {cards.map((card) => (
        <li key={card.id} className="list-group-item d-flex align-items-center gap-3">
          <img className="avatar" src={card.main_image.thumb_filename} alt="" width="48" height="48" />
          <a className="flex-grow-1 text-truncate" href={`${profileBase}${encodeURIComponent(card.id)}`}>
            {card.name}, {card.age}
          </a>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('blocks.unblock_label', { name: card.name })}
            disabled={busy === card.id}
            onClick={() => void unblock(card)}
          >
            {t('blocks.unblock')}
          </button>
        </li>
      ))}
    </ul>
  );
}

// The list loads in the browser: the server HTML is its loading state, the same for everyone.
BlockedMembers.serverHtmlIgnores = [] as readonly string[];
