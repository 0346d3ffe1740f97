import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../accounts.schemas.ts';
import { $user, $userKnown, seedUser } from '../accounts.store.ts';

/**
 * The member as the page's props gave it, then as the store knows it (after a refresh or an
 * action in another island). The store is seeded only in the browser: on the server a module
 * store would carry one member's data into another member's page.
 */
export function useMaybeUser(initial: User | null): User | null {
  useEffect(() => seedUser(initial), [initial]);
  const known = useStore($userKnown, { ssr: () => false });
  const stored = useStore($user, { ssr: () => initial });
  return known ? stored : initial;
}

/** The same for islands that render only for a member: until logging out, never null. */
export function useUser(initial: User): User {
  return useMaybeUser(initial) ?? initial;
}

/**
 * The member's credit balance as the page rendered it, then as the store knows it: the
 * navigation keeps the store current from the realtime `credits` event and every send.
 */
export function useBalance(initial: number): number {
  const known = useStore($userKnown, { ssr: () => false });
  const stored = useStore($user, { ssr: () => null });
  return known && stored ? stored.credits : initial;
}
