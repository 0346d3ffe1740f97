import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Modal } from '../../shell/components/Modal.tsx';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { $gifts, loadGifts } from '../chat.store.ts';
import type { Gift } from '../chat.schemas.ts';

/**
 * The site's gifts (gifts.php) with what each costs and the balance beside them; picking one
 * sends it. A gift the balance cannot pay says so instead of failing after the pick.
 */
export function GiftPicker({
  open,
  t,
  balance,
  buyCredits,
  onClose,
  onPick,
}: {
  open: boolean;
  t: IslandTranslate;
  balance: number;
  buyCredits: string;
  onClose: () => void;
  onPick: (gift: Gift) => void;
}) {
  const gifts = useStore($gifts);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (open && !gifts) loadGifts().catch(() => setFailed(true));
  }, [open]);

  return (
    <Modal open={open} title={t('chat.ui.gift_title')} onClose={onClose} closeLabel={t('chat.ui.close')}>
      {failed && (
        <p className="alert alert-danger" role="alert">
          {t('error.try_later')}
        </p>
      )}
      {!gifts && !failed && (
        <p role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('chat.ui.loading')}
        </p>
      )}
      <p className="chat-gift-balance" data-testid="gift-balance">
        {t('chat.ui.balance', { count: balance })}{' '}
        {gifts?.some((gift) => gift.credits > balance) && <a href={buyCredits}>{t('chat.ui.buy_credits')}</a>}
      </p>
      {gifts && (
        <ul className="chat-gift-grid list-unstyled mb-0">
          {gifts.map((gift) => {
            const short = gift.credits > balance;
            return (
              <li key={gift.id}>
                <button
                  type="button"
                  className="btn btn-outline-secondary chat-gift-choice"
                  disabled={short}
                  aria-describedby={short ? `gift-short-${gift.id}` : undefined}
                  onClick={() => onPick(gift)}
                >
                  <img src={gift.image} alt="" width={64} height={64} />
                  <span className="chat-gift-name">{gift.name}</span>
                  <small className="chat-gift-cost">{t('chat.ui.gift_cost', { count: gift.credits })}</small>
                  {short && (
                    <small className="chat-gift-short" id={`gift-short-${gift.id}`}>
                      {t('chat.ui.not_enough')}
                    </small>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
