/**
 * The signup modal's loader, inline on every page a visitor can sign up from (a few hundred
 * bytes, allowed by its CSP hash): the modal's code, with React, is one file that loads only
 * when the visitor points at, focuses or clicks a signup link, so landers ship no script file.
 *
 * It is the one place that turns a click on a signup link (`data-signup`, or a link to
 * `/signup` or `/{locale}/signup` on this site, in the same tab) into the modal, before and after
 * the modal's code arrives: a click made while it loads is remembered and replayed when the modal
 * says it listens. When the code cannot load (offline, a new deployment), the click follows the
 * link to the signup page instead.
 */
import { SIGNUP_PATH, SIGNUP_ROOT_ID } from './signup-ids.ts';
import {
  SIGNUP_READY_ATTRIBUTE,
  SIGNUP_READY_EVENT,
  SIGNUP_REQUEST_EVENT,
  type SignupRequest,
} from './trigger.ts';

const root = document.getElementById(SIGNUP_ROOT_ID);
/** 0: the modal's code is not asked for; 1: it is loading or loaded. */
let state = 0;
let pending: SignupRequest | null = null;
let fallback = '';

const ready = () => document.documentElement.hasAttribute(SIGNUP_READY_ATTRIBUTE);

/** The signup request a click on `target` makes, with the link to follow when the code fails. */
function requestAt(target: EventTarget | null): (SignupRequest & { href: string }) | null {
  const found = target instanceof Element ? target.closest('[data-signup],a[href]') : null;
  if (!found) return null;
  const link = found as HTMLAnchorElement;
  if (found.hasAttribute('data-signup')) {
    return { invite: found.getAttribute('data-signup-invite') || undefined, href: link.href || '' };
  }
  if ((link.target && link.target !== '_self') || link.origin !== location.origin) return null;
  if (!SIGNUP_PATH.test(link.pathname)) return null;
  return { invite: new URL(link.href).searchParams.get('invite') || undefined, href: link.href };
}

function load(modal: HTMLElement): void {
  if (state) return;
  state = 1;
  const script = document.createElement('script');
  script.src = modal.getAttribute('data-src')!;
  script.async = true;
  script.onerror = () => {
    state = 0;
    script.remove();
    if (pending) {
      pending = null;
      location.assign(fallback || modal.getAttribute('data-href')!);
    }
  };
  document.head.appendChild(script);
}

const request = (detail: SignupRequest) =>
  document.dispatchEvent(new CustomEvent<SignupRequest>(SIGNUP_REQUEST_EVENT, { detail }));

if (root) {
  const ask = (wanted: SignupRequest) => {
    if (ready()) {
      request(wanted);
      return;
    }
    pending = wanted;
    load(root);
  };
  document.addEventListener(SIGNUP_READY_EVENT, () => {
    if (!pending) return;
    const replayed = pending;
    pending = null;
    request(replayed);
  });
  document.addEventListener(SIGNUP_REQUEST_EVENT, (event) => {
    if (ready()) return;
    pending = (event as CustomEvent<SignupRequest | null>).detail || {};
    load(root);
  });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button || event.metaKey || event.ctrlKey) return;
    if (event.shiftKey || event.altKey) return;
    const found = requestAt(event.target);
    if (!found) return;
    event.preventDefault();
    fallback = found.href;
    ask({ invite: found.invite });
  });
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(
      type,
      (event) => {
        if (!state && requestAt(event.target)) load(root);
      },
      { passive: true },
    );
  }
}
