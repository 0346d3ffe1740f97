export {
  TRANSIENT_EVENTS,
  consoleTopic,
  type RealtimeBus,
  type RealtimeEvent,
  type RealtimeEventMap,
  type RealtimeEventType,
  type RealtimeListener,
  type PublishItem,
  type RecordedEvents,
} from './realtime-bus.ts';
export { createMemoryBus } from './memory-bus.ts';
export { openEventStream, parseLastEventId, RETRY_MS, type EventStreamOptions } from './event-stream.ts';
export { openLiveStream, type LiveStreamOptions, type LiveTopic } from './live-stream.ts';
