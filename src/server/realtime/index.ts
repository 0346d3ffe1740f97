export {
  TRANSIENT_EVENTS,
  type RealtimeBus,
  type RealtimeEvent,
  type RealtimeEventMap,
  type RealtimeEventType,
  type RealtimeListener,
} from './realtime-bus.ts';
export { createMemoryBus } from './memory-bus.ts';
