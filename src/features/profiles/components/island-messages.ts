import { MESSAGES, type MessageKey } from '../../../i18n/index.ts';
import { SEEKING_CHOICES } from '../profiles.editing.constants.ts';

/*
 * The messages each profiles island receives (`pickMessages(locale, KEYS)` on the server): the
 * browser gets these strings and no others. Imported by pages only (it reads the message files).
 */

/**
 * The editor's words: its own `profile.*` keys (labels, choices, field errors), without the
 * interests' labels (they come with the list) and the page's title, plus what it shares.
 */
export const PROFILE_EDITOR_MESSAGES: MessageKey[] = [
  ...(Object.keys(MESSAGES.en) as MessageKey[]).filter(
    (key) =>
      key.startsWith('profile.') &&
      !key.startsWith('profile.interest.') &&
      key !== 'profile.title' &&
      key !== 'profile.intro',
  ),
  'gender.male',
  'gender.female',
  'signup.seeking',
  ...SEEKING_CHOICES.map((s) => `signup.seeking_${s}` as MessageKey),
  'region.region',
  'error.try_later',
  'toast.close',
];
