export {
  attachTrackingRecord,
  dailyVisits,
  firstVisitAt,
  hasTrafficSource,
  TRACKING_COOKIE,
} from './tracking.service.ts';
export { TRACKING_PARAMS, trackingValues, type TrackingValues } from './tracking.params.ts';
