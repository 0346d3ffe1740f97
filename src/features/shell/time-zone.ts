import { api } from '../../lib/api-client.ts';
import { setUser } from '../accounts/accounts.store.ts';

/**
 * Tells the server the browser's time zone when the account has another (or none), so the
 * member's days (daily limits) start at their own midnight. Once per page at most; a failure
 * waits for the next page.
 */
export function reportTimeZone(saved: string | null): void {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone || zone === saved) return;
  api('PUT /api/user.php', { time_zone: zone })
    .then(({ user }) => setUser(user))
    .catch(() => {});
}
