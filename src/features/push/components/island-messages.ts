import type { MessageKey } from '../../../i18n/index.ts';

/* The messages each push island receives: the browser gets these strings and no others. */

/** The push switch and the preview choice on `/notifications`. */
export const PUSH_SETTINGS_MESSAGES: MessageKey[] = [
  'push.settings.title',
  'push.settings.intro',
  'push.settings.switch',
  'push.settings.state.unsupported',
  'push.settings.state.denied',
  'push.settings.state.subscribed',
  'push.settings.state.capable',
  'push.settings.checking',
  'push.settings.preview',
  'push.settings.preview_hint',
  'push.settings.failed',
  'error.try_later',
  'toast.close',
];

/** The push alert of member pages (spec §3 alert dismissals). */
export const PUSH_ALERT_MESSAGES: MessageKey[] = [
  'push.alert.title',
  'push.alert.text',
  'push.alert.action',
  'push.alert.dismiss',
  'push.settings.failed',
  'error.try_later',
  'toast.close',
];
