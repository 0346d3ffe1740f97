import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { SwitchField } from '../../shell/components/SwitchField.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { readPushStatus, type PushStatus } from '../../shell/push-state.ts';
import { toast } from '../../shell/toasts.ts';
import { subscribePush, unsubscribePush } from '../push.browser.ts';

export interface PushSettingsProps {
  messages: IslandMessages;
  /** The site's VAPID public key (`push_public_key`). */
  publicKey: string;
  /** The account's push switch and preview choice when the page was made. */
  initial: { push: boolean; push_preview: boolean };
}

/**
 * Push on `/notifications`: one switch for push as a whole on this device, with the browser's
 * state in words (spec §4: unsupported, denied, subscribed or not), and the preview choice. The
 * categories below it govern push too.
 */
export default function PushSettings({ messages, publicKey, initial }: PushSettingsProps) {
  const t = islandTranslator(messages);
  const [status, setStatus] = useState<PushStatus | 'checking'>('checking');
  const [prefs, setPrefs] = useState(initial);
  const [saving, setSaving] = useState<'push' | 'push_preview'>();

  useEffect(() => {
    void readPushStatus({ wait: true }).then(({ status }) => setStatus(status));
  }, []);

  const fail = () => toast(t('push.settings.failed'), { closeLabel: t('toast.close') });
  const save = async (change: Partial<typeof prefs>) => {
    const saved = await api('PUT /api/notifications.php', change);
    setPrefs({ push: saved.push, push_preview: saved.push_preview });
  };

  const switchPush = async (on: boolean) => {
    setSaving('push');
    try {
      if (on) {
        const now = await subscribePush(publicKey);
        setStatus(now);
        if (now === 'subscribed' && !prefs.push) await save({ push: true });
        if (now === 'capable' || now === 'unsupported') fail();
      } else {
        // Off as a whole: no device gets pushes, and this browser lets go of its subscription.
        await save({ push: false });
        setStatus(await unsubscribePush());
      }
    } catch {
      fail();
      setStatus((await readPushStatus()).status);
    } finally {
      setSaving(undefined);
    }
  };

  const switchPreview = async (on: boolean) => {
    const before = prefs;
    // Shown switched at once (a switch answers the hand); put back if the save fails.
    setPrefs({ ...prefs, push_preview: on });
    setSaving('push_preview');
    try {
      await save({ push_preview: on });
    } catch {
      setPrefs(before);
      toast(t('error.try_later'), { closeLabel: t('toast.close') });
    } finally {
      setSaving(undefined);
    }
  };

  const usable = status === 'subscribed' || status === 'capable';
  const on = status === 'subscribed' && prefs.push;
  return (
    <section aria-labelledby="push-settings-title" data-push-status={status}>
      <h2 className="h5" id="push-settings-title">
        {t('push.settings.title')}
      </h2>
      <p className="mb-2">{t('push.settings.intro')}</p>
      <ul className="list-unstyled mb-0">
        <SwitchField
          as="li"
          className="py-2 border-bottom"
          name="push"
          label={t('push.settings.switch')}
          hint={
            status === 'checking'
              ? t('push.settings.checking')
              : t(`push.settings.state.${on ? 'subscribed' : status === 'subscribed' ? 'capable' : status}`)
          }
          checked={on}
          saving={saving === 'push'}
          disabled={!usable || saving !== undefined}
          onChange={(value) => void switchPush(value)}
        />
        <SwitchField
          as="li"
          className="py-2"
          name="push_preview"
          label={t('push.settings.preview')}
          hint={t('push.settings.preview_hint')}
          checked={prefs.push_preview}
          saving={saving === 'push_preview'}
          disabled={saving !== undefined}
          onChange={(value) => void switchPreview(value)}
        />
      </ul>
    </section>
  );
}

// The server HTML follows the props alone (the device's state is learnt in the browser): kept
// per input (src/server/island-html.ts).
PushSettings.serverHtmlIgnores = [] as readonly string[];
