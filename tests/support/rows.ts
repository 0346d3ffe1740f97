/*
 * Pieces of rows for tests that write a table themselves rather than through its repository.
 */

import { TRACKING_PARAMS, type TrackingParam } from '../../src/features/tracking/tracking.params.ts';

type NoTrackingParams = Record<TrackingParam, null>;

/** A tracking record's parameter columns, all empty: a test sets the few it is about. */
export const NO_TRACKING_PARAMS = Object.fromEntries(
  TRACKING_PARAMS.map((param) => [param, null]),
) as NoTrackingParams;
