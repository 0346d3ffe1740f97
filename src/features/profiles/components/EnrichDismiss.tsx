import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import { useHydrated } from '../../shell/use-form.ts';

/**
 * The "enrich profile" alert's close button: remembers the dismissal in the account (so it
 * stays closed on every device) and hides the alert at once.
 */
export default function EnrichDismiss({ messages, alertId }: { messages: IslandMessages; alertId: string }) {
  const t = islandTranslator(messages);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const dismiss = async () => {
    setBusy(true);
    try {
      await api('PUT /api/user.php', { dismissed: { enrich_profile: Date.now() } });
      document.getElementById(alertId)?.remove();
    } catch {
      setBusy(false);
      toast(t('error.try_later'), { closeLabel: t('toast.close') });
    }
  };
  return (
    <button
      type="button"
      className="btn btn-sm btn-link text-body-secondary"
      disabled={busy || !hydrated}
      onClick={() => void dismiss()}
    >
      {t('enrich.dismiss')}
    </button>
  );
}
