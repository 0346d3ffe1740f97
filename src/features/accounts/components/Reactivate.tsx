import { useState } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { FormAlert } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import type { User } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import { requestErrorMessage } from './form-errors.ts';
import '../../shell/components/ui.css';

export interface ReactivateProps {
  messages: IslandMessages;
  token: string;
  links: { after: string; login: string };
}

/**
 * The reactivation link of a deleted account (`/account-deleted?token=…`): one button brings
 * the account back as it was, within 14 days of the deletion.
 */
export default function Reactivate({ messages, token, links }: ReactivateProps) {
  const t = islandTranslator(messages);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [done, setDone] = useState(false);

  const reactivate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // Sending the same token twice reactivates once: safe to retry after a network failure.
      const { user } = await api.post<{ user: User }>('/api/reactivate.php', { token }, { idempotent: true });
      setUser(user);
      setDone(true);
      location.assign(links.after);
    } catch (failure) {
      setBusy(false);
      if (isApiError(failure) && (failure.code === 'link_invalid' || failure.code === 'validation'))
        setLinkInvalid(true);
      else setError(requestErrorMessage(failure, t));
    }
  };

  if (linkInvalid) {
    return (
      <FormAlert variant="danger">
        <p>{t('accounts.error.link_invalid')}</p>
        <p className="mb-0">{t('deleted.expired_hint')}</p>
      </FormAlert>
    );
  }

  return (
    <div>
      <FormAlert message={error} />
      {done && <FormAlert variant="success" message={t('deleted.reactivated')} />}
      <button
        type="button"
        className="btn btn-primary btn-lg"
        onClick={() => void reactivate()}
        disabled={busy || done}
      >
        {busy || done ? (
          <>
            <span className="kindred-spinner" aria-hidden="true" /> {t('deleted.reactivating')}
          </>
        ) : (
          t('deleted.reactivate')
        )}
      </button>
    </div>
  );
}
