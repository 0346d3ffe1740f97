import { describe, it } from 'vitest';
import { islandMessages } from '../../../i18n';
import { expectKeptPerInput } from '../../../../tests/support/kept-islands.ts';
import PushSettings, { type PushSettingsProps } from '../../push/components/PushSettings.tsx';
import { PUSH_SETTINGS_MESSAGES } from '../../push/components/island-messages.ts';
import NotificationPreferences, { type NotificationPreferencesProps } from './NotificationPreferences.tsx';
import { NOTIFICATION_MESSAGES } from './island-messages.ts';

/**
 * The /notifications islands: their server HTML is kept per input (src/server/island-html.ts),
 * which is right only while it follows their props alone. Two members' different choices get
 * their own HTML, each the same as a render of its own.
 */
describe('notification islands kept per input', () => {
  it('NotificationPreferences gives each input the HTML a render of it gives', () => {
    const messages = islandMessages('en', NOTIFICATION_MESSAGES);
    const defaults: NotificationPreferencesProps = {
      messages,
      initial: { disabled: [], reasons: {}, push: true, push_preview: true },
    };
    const changed: NotificationPreferencesProps = {
      messages,
      initial: {
        disabled: ['like', 'weekly_updates'],
        reasons: { weekly_updates: 'bounce' },
        push: true,
        push_preview: false,
      },
    };
    expectKeptPerInput(NotificationPreferences, defaults, changed);
  });

  it('PushSettings gives each input the HTML a render of it gives', () => {
    const messages = islandMessages('en', PUSH_SETTINGS_MESSAGES);
    const on: PushSettingsProps = {
      messages,
      publicKey: 'BPublicKeyOne',
      initial: { push: true, push_preview: true },
    };
    const off: PushSettingsProps = { ...on, initial: { push: false, push_preview: false } };
    expectKeptPerInput(PushSettings, on, off);
  });
});
