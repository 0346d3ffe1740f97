export { bounceInput, pageHiddenInput } from './page-behaviours.schemas.ts';
export { recordBounce, recordPageHidden } from './page-behaviours.service.ts';
export { readBeacon, noContent } from './beacon.ts';
