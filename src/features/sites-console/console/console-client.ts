import { api, apiClient, isApiError } from '../../../lib/api-client.ts';
import type { IslandTranslate } from '../../shell/island-i18n.ts';

/*
 * The sites page calls the console API through the shared client, as every console
 * island does: a lost staff session leads to the console's login, not to a site's home.
 */
if (typeof location !== 'undefined')
  apiClient.setAuthenticationRequiredHandler(() => location.assign('/console/login'));

export { api };

/** A refusal's words from the server (already in the staff member's language), or a general one. */
export function failureText(error: unknown, t: IslandTranslate): string {
  return (isApiError(error) && error.message) || t('error.try_later');
}
