import { describe, it } from 'vitest';
import { islandMessages } from '../../../i18n';
import { expectKeptPerInput, type KeptIsland } from '../../../../tests/support/kept-islands.ts';
import PushSettings from '../../push/components/PushSettings.tsx';
import { PUSH_SETTINGS_MESSAGES } from '../../push/components/island-messages.ts';
import NotificationPreferences from './NotificationPreferences.tsx';
import { NOTIFICATION_MESSAGES } from './island-messages.ts';

/**
 * The /notifications islands: their server HTML is kept per input (src/server/island-html.ts),
 * which is right only while it follows their props alone. Two members' different choices get
 * their own HTML, each the same as a render of its own.
 */
const islands: [string, KeptIsland, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'NotificationPreferences',
    NotificationPreferences as KeptIsland,
    {
      messages: islandMessages('en', NOTIFICATION_MESSAGES),
      initial: { disabled: [], reasons: {}, push: true, push_preview: true },
    },
    {
      messages: islandMessages('en', NOTIFICATION_MESSAGES),
      initial: {
        disabled: ['like', 'weekly_updates'],
        reasons: { weekly_updates: 'bounce' },
        push: true,
        push_preview: false,
      },
    },
  ],
  [
    'PushSettings',
    PushSettings as KeptIsland,
    {
      messages: islandMessages('en', PUSH_SETTINGS_MESSAGES),
      publicKey: 'BPublicKeyOne',
      initial: { push: true, push_preview: true },
    },
    {
      messages: islandMessages('en', PUSH_SETTINGS_MESSAGES),
      publicKey: 'BPublicKeyOne',
      initial: { push: false, push_preview: false },
    },
  ],
];

describe('notification islands kept per input', () => {
  it.each(islands)('%s gives each input the HTML a render of it gives', (_name, island, one, other) =>
    expectKeptPerInput(island, one, other),
  );
});
