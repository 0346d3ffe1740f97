/**
 * How any page opens the signup modal (spec §2: signup is a modal form).
 *
 * - Plain markup: a link to the signup page (`<a href="/signup">`, `/de/signup`, …) or any
 *   element with `data-signup`. Without script the link simply leads to the signup page.
 * - Script (a lander's own code): `openSignup()`.
 *
 * Both work before the modal's code has loaded: the inline loader (loader.ts) loads it on the
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
  invite?: string | undefined;
}

/** Opens the signup modal (loading it first when needed). */
export function openSignup(request: SignupRequest = {}): void {
  document.dispatchEvent(new CustomEvent<SignupRequest>(SIGNUP_REQUEST_EVENT, { detail: request }));
}
