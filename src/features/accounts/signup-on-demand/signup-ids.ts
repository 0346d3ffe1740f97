/** The element the modal mounts into; it carries the bundle's URL and its JSON props follow it. */
export const SIGNUP_ROOT_ID = 'signup-modal';
export const SIGNUP_PROPS_ID = 'signup-modal-props';
/** The signup page's path, with or without a locale prefix: a link there opens the modal. */
export const SIGNUP_PATH = /^(?:\/[a-z]{2})?\/signup\/?$/;
