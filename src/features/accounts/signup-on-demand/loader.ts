/**
 * The signup modal's inline loader (signup-loader.inline.ts), bundled at build time with its CSP
 * hash, and the ids of the elements it works with.
 */
export { SIGNUP_PATH, SIGNUP_PROPS_ID, SIGNUP_ROOT_ID } from './signup-ids.ts';
export { default as SIGNUP_LOADER_SCRIPT } from './signup-loader.inline.ts?inline-script';
