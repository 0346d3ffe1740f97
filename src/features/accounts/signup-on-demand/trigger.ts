/**
 * How any page opens the signup modal (spec §2: signup is a modal form).
 *
 * - Plain markup: a link to the signup page (`<a href="/signup">`, `/de/signup`, …) or any
 *   element with `data-signup`. Without script the link simply leads to the signup page.
 * - Script (a lander's own island): `openSignup()`.
 *
 * Both work before the modal's code has loaded: the `client:signup` directive loads it on the
 * first such interaction and replays the request once the modal is listening.
 */

/** Asks for the modal; `detail` is a `SignupRequest`. */
export const SIGNUP_REQUEST_EVENT = 'kindred:signup';
/** The modal announces that it listens; requests made while it loaded are replayed then. */
export const SIGNUP_READY_EVENT = 'kindred:signup-ready';
/** Set on <html> while a mounted modal handles requests itself. */
export const SIGNUP_READY_ATTRIBUTE = 'data-signup-ready';

export interface SignupRequest {
  /** An invitation code to fill in (invite-only sites). */
  invite?: string;
}

/** Opens the signup modal (loading it first when needed). */
export function openSignup(request: SignupRequest = {}): void {
  document.dispatchEvent(new CustomEvent<SignupRequest>(SIGNUP_REQUEST_EVENT, { detail: request }));
}

/** `/signup` with or without a locale prefix (`/de/signup`). */
const SIGNUP_PATH = /^(?:\/[a-z]{2})?\/signup\/?$/;

/**
 * The signup request a click asks for, or undefined when the click is not one (or is meant to
 * open a new tab: a modifier key, another mouse button, or already handled).
 */
export function signupRequestOf(event: Event): SignupRequest | undefined {
  if (event.defaultPrevented) return undefined;
  if (
    event instanceof MouseEvent &&
    (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
  ) {
    return undefined;
  }
  return signupRequestAt(event.target);
}

/** The signup request an element (a signup link, or anything inside one) stands for. */
export function signupRequestAt(target: EventTarget | null): SignupRequest | undefined {
  const element = target instanceof Element ? target.closest('[data-signup], a[href]') : null;
  if (!element) return undefined;
  if (element.hasAttribute('data-signup'))
    return { invite: element.getAttribute('data-signup-invite') ?? undefined };
  const link = element as HTMLAnchorElement;
  if (link.target && link.target !== '_self') return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !SIGNUP_PATH.test(url.pathname)) return undefined;
  return { invite: url.searchParams.get('invite') ?? undefined };
}

/** Whether a mounted modal handles requests itself. */
export function signupModalReady(): boolean {
  return document.documentElement.hasAttribute(SIGNUP_READY_ATTRIBUTE);
}
