/**
 * The few scripts that pages carry inline; each page allows exactly these by hash
 * (`allowInlineScript` in server/csp.ts) and nothing else inline. Each is a module of its own,
 * bundled at build time (scripts/build/inline-scripts.ts).
 */
export { default as ENTRY_WARNING_SCRIPT } from './entry-warning.inline.ts?inline-script';
