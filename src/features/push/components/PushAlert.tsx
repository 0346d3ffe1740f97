import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { DismissButton } from '../../shell/components/AlertDismiss.tsx';
import { AlertSection } from '../../shell/components/AlertSection.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { readPushStatus } from '../../shell/push-state.ts';
import { toast } from '../../shell/toasts.ts';
import { subscribePush } from '../push.browser.ts';

/**
 * The push alert (spec §3): offered only where this browser can take push, has not been asked
 * yet and holds no subscription. Closing it is remembered in the account with its moment (so it
 * stays closed on every device); switching push on answers it too.
 */
export default function PushAlert({ messages, publicKey }: { messages: IslandMessages; publicKey: string }) {
  const t = islandTranslator(messages);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void readPushStatus({ wait: true }).then(({ status }) =>
      setShown(status === 'capable' && Notification.permission === 'default'),
    );
  }, []);

  const remember = () => api('PUT /api/user.php', { dismissed: { push: Date.now() } });

  const dismiss = async () => {
    setBusy(true);
    try {
      await remember();
      setShown(false);
    } catch {
      setBusy(false);
      toast(t('error.try_later'), { closeLabel: t('toast.close') });
    }
  };

  const turnOn = async () => {
    setBusy(true);
    try {
      const status = await subscribePush(publicKey);
      if (status !== 'subscribed' && status !== 'denied') throw new Error(status);
      // Answered either way (switched on, or refused in the browser's own prompt).
      await remember().catch(() => {});
      setShown(false);
    } catch {
      setBusy(false);
      toast(t('push.settings.failed'), { closeLabel: t('toast.close') });
    }
  };

  if (!shown) return null;
  return (
    <AlertSection tone="info" titleId="push-alert-title" title={t('push.alert.title')} data-push-alert>
      <p className="mb-2">{t('push.alert.text')}</p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busy}
          onClick={() => void turnOn()}
        >
          {t('push.alert.action')}
        </button>
        <DismissButton disabled={busy} onClick={() => void dismiss()}>
          {t('push.alert.dismiss')}
        </DismissButton>
      </div>
    </AlertSection>
  );
}

// Whether to ask is the browser's answer: the server HTML is that of the site's props.
PushAlert.serverHtmlIgnores = [] as readonly string[];
