export { bounceInput, pageHiddenInput } from './page-behaviours.schemas.ts';
export { recordBounce, recordPageHidden } from './page-behaviours.service.ts';
export { LAZY_SCRIPTS_SCRIPT } from './inline-scripts.ts';
