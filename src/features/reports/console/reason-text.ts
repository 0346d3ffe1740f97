import type { MessageKey, Translate } from '../../../i18n/index.ts';

/**
 * A report's reason or a complaint's category in the staff member's words; one the messages do
 * not know (kept from an older release) shows as it is stored.
 */
export function reasonText(t: Translate, kind: 'report' | 'complaint', reason: string): string {
  const key = kind === 'report' ? `reports.reason.${reason}` : `complaint.category.${reason}`;
  const text = t(key as MessageKey);
  return text === key ? reason : text;
}
