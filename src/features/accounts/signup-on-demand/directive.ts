import type { ClientDirective } from 'astro';
import {
  SIGNUP_READY_EVENT,
  SIGNUP_REQUEST_EVENT,
  signupModalReady,
  signupRequestAt,
  signupRequestOf,
  type SignupRequest,
} from './trigger.ts';

/**
 * `client:signup`: hydrates the signup modal on the first interaction that needs it, so a page
 * loads no script for it until then (landers ship no JavaScript files at all).
 *
 * Pointing at or focusing a signup link starts loading early; a click or `openSignup()` opens
 * the modal as soon as it is ready. Astro inlines this function into the page.
 */
const signupDirective: ClientDirective = (load) => {
  let hydrating: Promise<void> | undefined;
  let pending: SignupRequest | undefined;

  const hydrate = () => {
    hydrating ??= load()
      .then((run) => run())
      .catch(() => {
        // Loading failed (offline, a new deployment): the link's own page still works.
        hydrating = undefined;
        if (!pending) return;
        const lang = document.documentElement.lang;
        location.assign(lang && lang !== 'en' ? `/${lang}/signup` : '/signup');
      });
    return hydrating;
  };

  const request = (wanted: SignupRequest) => {
    pending = wanted;
    void hydrate();
  };

  document.addEventListener(SIGNUP_READY_EVENT, () => {
    if (!pending) return;
    const replay = pending;
    pending = undefined;
    document.dispatchEvent(new CustomEvent(SIGNUP_REQUEST_EVENT, { detail: replay }));
  });

  document.addEventListener(SIGNUP_REQUEST_EVENT, (event) => {
    if (!signupModalReady()) request((event as CustomEvent<SignupRequest | undefined>).detail ?? {});
  });

  document.addEventListener('click', (event) => {
    if (signupModalReady()) return;
    const wanted = signupRequestOf(event);
    if (!wanted) return;
    event.preventDefault();
    request(wanted);
  });

  const warmUp = (event: Event) => {
    // Pointing carries no click's button: only where the pointer is counts.
    if (!hydrating && signupRequestAt(event.target)) void hydrate();
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, warmUp, { passive: true });
  }
};

export default signupDirective;
