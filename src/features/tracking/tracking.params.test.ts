import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasTrackingParams,
  TRACKING_PARAMS,
  TRACKING_VALUE_MAX_LENGTH,
  trackingValues,
  withoutTrackingParams,
} from './tracking.params.ts';

const name = fc.oneof(fc.constantFrom(...TRACKING_PARAMS), fc.stringMatching(/^[a-z_]{1,8}$/));
const query = fc.array(fc.tuple(name, fc.string({ maxLength: 300 })), { maxLength: 8 });

describe('tracking parameters', () => {
  it('are removed from a query, and everything else stays in its order', () => {
    fc.assert(
      fc.property(query, (pairs) => {
        const params = new URLSearchParams(pairs);
        const rest = new URLSearchParams(withoutTrackingParams(params));
        expect(TRACKING_PARAMS.some((p) => rest.has(p))).toBe(false);
        const kept = pairs.filter(([n]) => !(TRACKING_PARAMS as readonly string[]).includes(n));
        expect([...rest]).toEqual(kept);
      }),
    );
  });

  it('keep only non-blank values, cut to a sane length', () => {
    fc.assert(
      fc.property(query, (pairs) => {
        const values = trackingValues(new URLSearchParams(pairs));
        for (const [key, value] of Object.entries(values)) {
          expect(TRACKING_PARAMS).toContain(key);
          expect(value!.trim()).toBe(value);
          expect(value!.length).toBeGreaterThan(0);
          expect(value!.length).toBeLessThanOrEqual(TRACKING_VALUE_MAX_LENGTH);
        }
      }),
    );
    expect(trackingValues(new URLSearchParams('network=%20&ref=a'))).toEqual({ ref: 'a' });
    expect(hasTrackingParams(new URLSearchParams('network='))).toBe(true);
    expect(withoutTrackingParams(new URLSearchParams('sub1=x'))).toBe('');
  });
});
