import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<
    string,
    Array<(event: { data: string; lastEventId: string }) => void>
  >();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string; lastEventId: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown, id: string) {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data), lastEventId: id });
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

let store: typeof import('./realtime.store.ts');

beforeEach(async () => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.resetModules();
  store = await import('./realtime.store.ts');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the realtime client', () => {
  it('opens one stream per tab however many islands ask, and closes it after the last', () => {
    const stopA = store.startRealtime();
    const stopB = store.startRealtime();
    expect(FakeEventSource.made).toHaveLength(1);
    expect(FakeEventSource.made[0]!.url).toBe('/api/events.php');
    stopA();
    expect(FakeEventSource.made[0]!.closed).toBe(false);
    stopB();
    expect(FakeEventSource.made[0]!.closed).toBe(true);
    expect(store.$realtimeStatus.get()).toBe('idle');
  });

  it('hands typed events to the subscribers of their type only', () => {
    const stop = store.startRealtime();
    const credits: number[] = [];
    const likes: string[] = [];
    store.onRealtime('credits', ({ balance }) => credits.push(balance));
    const stopLikes = store.onRealtime('like', ({ profile }) => likes.push(profile));
    const source = FakeEventSource.made[0]!;
    source.open();
    expect(store.$realtimeStatus.get()).toBe('open');
    source.emit('credits', { balance: 7 }, '1');
    source.emit('like', { profile: 'p1' }, '2');
    stopLikes();
    source.emit('like', { profile: 'p2' }, '3');
    expect(credits).toEqual([7]);
    expect(likes).toEqual(['p1']);
    stop();
  });

  it('counts as down while reconnecting, and after a refusal opens again later after the last id', () => {
    const stop = store.startRealtime();
    store.onRealtime('credits', () => {});
    const first = FakeEventSource.made[0]!;
    first.open();
    first.emit('credits', { balance: 1 }, '41');
    first.fail(false);
    expect(store.$realtimeStatus.get()).toBe('down');
    first.open();
    first.fail(true);
    expect(store.$realtimeStatus.get()).toBe('down');
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(store.REALTIME_RETRY_AFTER_REFUSAL_MS);
    expect(FakeEventSource.made).toHaveLength(2);
    expect(FakeEventSource.made[1]!.url).toBe('/api/events.php?last_event_id=41');
    stop();
  });
});
