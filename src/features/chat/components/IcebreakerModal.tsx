import { useEffect, useState } from 'react';
import { Modal } from '../../shell/components/Modal.tsx';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { loadIcebreakers } from '../chat.store.ts';

/**
 * Spec §2 icebreaker modal: for a new conversation, openers of the site in the member's
 * language. A choice goes into the input (the member still sees the cost and may change it
 * before sending); a dialog with real buttons, so keyboards and screen readers use it as is.
 */
export function IcebreakerModal({
  open,
  t,
  name,
  onClose,
  onPick,
}: {
  open: boolean;
  t: IslandTranslate;
  name: string;
  onClose: () => void;
  onPick: (line: string) => void;
}) {
  const [lines, setLines] = useState<string[] | null>(null);
  useEffect(() => {
    if (!open || lines) return;
    loadIcebreakers()
      .then(setLines)
      .catch(() => setLines([]));
  }, [open]);

  // Without openers to offer, the dialog has nothing to say.
  const empty = lines !== null && lines.length === 0;
  return (
    <Modal
      open={open && !empty}
      title={t('chat.ui.icebreaker_title', { name })}
      onClose={onClose}
      closeLabel={t('chat.ui.close')}
      className="chat-icebreakers"
      footer={
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('chat.ui.icebreaker_own')}
        </button>
      }
    >
      <p>{t('chat.ui.icebreaker_intro')}</p>
      {!lines ? (
        <p role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('chat.ui.loading')}
        </p>
      ) : (
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {lines.map((line) => (
            <li key={line}>
              <button
                type="button"
                className="btn btn-outline-primary w-100 text-start"
                onClick={() => onPick(line)}
              >
                {line}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
