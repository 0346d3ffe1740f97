import type { FieldMessage } from '../../server/endpoint.ts';

/** How the chat's field codes read for the member (a 422's `field_messages`). */
export const chatFieldMessage: FieldMessage = (t, code, site) => {
  if (code === 'too_long') return t('chat.field.too_long', { max: site.messageLength });
  if (code === 'required') return t('chat.field.required');
  return t('api.validation');
};
