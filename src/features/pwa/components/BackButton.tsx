import { useEffect, useState } from 'react';
import { PathIcon } from '../../shell/components/icons.tsx';
import { runsStandalone } from '../pwa.store.ts';

/**
 * Spec §2: the routes with a back button in the installed app (which has no browser bar):
 * members-id, likes-type, likes-m-id, credits and credits-id-paymentmethod.
 */
const BACK_ROUTES: readonly RegExp[] = [
  /^\/members\/[^/]+$/,
  /^\/likes\/(?:received|sent|matches)$/,
  /^\/likes\/m\/[^/]+$/,
  /^\/credits$/,
  /^\/credits\/(?!repeat-order(?:\/|$))[^/]+(?:\/[^/]+)?$/,
];

/** Whether a route (its path without the locale prefix) is one of the spec's back-button routes. */
export function hasBackButton(routePath: string): boolean {
  const path = routePath.length > 1 ? routePath.replace(/\/$/, '') : routePath;
  return BACK_ROUTES.some((route) => route.test(path));
}

/**
 * The back button: only in the installed app, only on its routes, and only when there is a page
 * to go back to (history longer than 1). Rendered by the browser alone, so the server's page is
 * the same for every member.
 */
export function BackButton({ routePath, label }: { routePath: string; label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(hasBackButton(routePath) && runsStandalone() && history.length > 1);
  }, [routePath]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary app-back order-first"
      onClick={() => history.back()}
    >
      <PathIcon path="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12 14 3.2l1.4 1.4Z" />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
