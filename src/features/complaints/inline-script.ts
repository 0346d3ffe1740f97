/** The complaint form's inline script, bundled at build time with its CSP hash. */
export { default as COMPLAINT_FORM_SCRIPT } from './complaint-form.inline.ts?inline-script';
