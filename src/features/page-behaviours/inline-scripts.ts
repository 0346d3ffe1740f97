/**
 * The page behaviours' inline scripts, each a module of its own bundled at build time into the
 * bytes the page carries, with their CSP hash (scripts/build/inline-scripts.ts).
 */
export { default as PAGE_BEHAVIOURS_SCRIPT } from './page-behaviours.inline.ts?inline-script';
export { default as LAZY_SCRIPTS_SCRIPT } from './lazy-scripts.inline.ts?inline-script';
export * from './page-behaviours.constants.ts';
