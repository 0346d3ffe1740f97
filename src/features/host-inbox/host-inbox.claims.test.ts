import { describe, expect, it } from 'vitest';
import { CLAIM_IDLE_MS, claimExpiresAt, claimHeld, claimStanding } from './host-inbox.claims.ts';

const claim = { staff_id: 's1', last_activity_at: 1_000_000 };

describe('host claims', () => {
  it('hold for 10 idle minutes and lapse then', () => {
    expect(CLAIM_IDLE_MS).toBe(600_000);
    expect(claimHeld(claim, 1_000_000)).toBe(true);
    expect(claimHeld(claim, 1_000_000 + CLAIM_IDLE_MS - 1)).toBe(true);
    expect(claimHeld(claim, 1_000_000 + CLAIM_IDLE_MS)).toBe(false);
    expect(claimExpiresAt(claim)).toBe(1_600_000);
  });

  it('are the holder’s own, refuse others while held, and are free when lapsed or absent', () => {
    expect(claimStanding(undefined, 's1', 0)).toBe('free');
    expect(claimStanding(claim, 's1', 1_100_000)).toBe('mine');
    expect(claimStanding(claim, 's2', 1_100_000)).toBe('taken');
    expect(claimStanding(claim, 's2', 1_000_000 + CLAIM_IDLE_MS)).toBe('free');
    expect(claimStanding(claim, 's1', 1_000_000 + CLAIM_IDLE_MS)).toBe('free');
  });
});
