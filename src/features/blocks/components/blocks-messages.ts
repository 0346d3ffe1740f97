import type { MessageKey } from '../../../i18n/index.ts';

/** The messages of the blocked-members list in settings; the page picks them on the server. */
export const BLOCKED_LIST_MESSAGES = [
  'blocks.loading',
  'blocks.empty',
  'blocks.unblock',
  'blocks.unblock_label',
  'blocks.unblocked',
  'error.try_later',
  'toast.close',
] as const satisfies readonly MessageKey[];
