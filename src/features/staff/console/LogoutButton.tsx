import { useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../components/console-client.ts';

export const LOGOUT_MESSAGES = ['console.logout'] as const;

/** Ends the staff session and goes back to the login. */
export default function LogoutButton({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline-light btn-sm text-nowrap"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void api('DELETE /console/api/session.php', {})
          .catch(() => undefined)
          .finally(() => location.assign('/console/login'));
      }}
    >
      {t('console.logout')}
    </button>
  );
}
