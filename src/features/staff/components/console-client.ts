import { api, apiClient, isApiError } from '../../../lib/api-client.ts';
import type { IslandTranslate } from '../../shell/island-i18n.ts';

/*
 * The console's islands call the console API through the shared client. A lost staff session
 * (idle for 30 minutes, logged out elsewhere) leads to the console's login, not to a site's home.
 */
if (typeof location !== 'undefined')
  apiClient.setAuthenticationRequiredHandler(() => location.assign('/console/login'));

export { api };

/** A refusal's words from the server (already in the staff member's language), or a general one. */
export function failureText(error: unknown, t: IslandTranslate): string {
  return (isApiError(error) && error.message) || t('error.try_later');
}

/** The server's word for each field of a 422. */
export function fieldTexts(error: unknown): Readonly<Record<string, string>> {
  return isApiError(error) ? error.fieldMessages : {};
}
