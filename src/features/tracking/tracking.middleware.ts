import type { RequestStep } from '../../server/steps.ts';

/** Stores arriving tracking parameters (first touch) and removes them from the URL. */
export const captureTracking: RequestStep = () => undefined;
