import { generalFieldMessage } from '../../i18n/field-messages.ts';
import type { FieldMessage } from '../../server/endpoint.ts';

/** The search's field codes in the member's words (a 422 of `GET /api/members.php`). */
export const discoveryFieldMessage: FieldMessage = (t, code) => {
  switch (code) {
    case 'age_invalid':
      return t('search.error.age_invalid', { min: 18, max: 99 });
    case 'age_range_invalid':
      return t('search.error.age_range_invalid');
    case 'country_invalid':
      return t('search.error.country_invalid');
    default:
      return generalFieldMessage(t, code);
  }
};
