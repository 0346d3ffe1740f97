import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { FieldMessage } from '../../server/endpoint.ts';
import { CONTROL_CHARACTERS } from '../../lib/plain-text.ts';

/** How the chat's field codes read for the member (a 422's `field_messages`). */
export const chatFieldMessage: FieldMessage = (t, code, site) => {
  if (code === 'too_long') return t('chat.field.too_long', { max: site.messageLength });
  if (code === 'required') return t('chat.field.required');
  if (code === CONTROL_CHARACTERS) return t('chat.field.control_characters');
  return generalFieldMessage(t, code);
};
