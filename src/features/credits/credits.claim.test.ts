import { describe, expect, it } from 'vitest';
import { CLAIM_MIN_LIKES, CLAIM_MIN_MEMBERS, premiumAdvantage } from './credits.claim.ts';

const group = (paid: boolean, likes: number, matches: number, members = CLAIM_MIN_MEMBERS) => ({
  paid,
  members,
  likes,
  matches,
});

describe('the premium claim', () => {
  it('is the match-rate advantage of premium over free members, in whole percent', () => {
    // premium 30 %, free 20 %: 50 % higher
    expect(premiumAdvantage([group(true, 1000, 300), group(false, 1000, 200)])).toBe(50);
    // premium 23 / 200, free 46 / 500: 11.5 % against 9.2 % = 25 % higher
    expect(premiumAdvantage([group(true, 200, 23), group(false, 500, 46)])).toBe(25);
  });

  it('is null while either group is too small', () => {
    expect(premiumAdvantage([group(true, CLAIM_MIN_LIKES - 1, 100), group(false, 1000, 100)])).toBeNull();
    expect(
      premiumAdvantage([group(true, 1000, 300), group(false, 1000, 100, CLAIM_MIN_MEMBERS - 1)]),
    ).toBeNull();
    expect(premiumAdvantage([group(false, 1000, 100)])).toBeNull();
    expect(premiumAdvantage([])).toBeNull();
  });

  it('makes no claim when premium members do not do better, or free members never match', () => {
    expect(premiumAdvantage([group(true, 1000, 100), group(false, 1000, 100)])).toBeNull();
    expect(premiumAdvantage([group(true, 1000, 50), group(false, 1000, 100)])).toBeNull();
    expect(premiumAdvantage([group(true, 1000, 50), group(false, 1000, 0)])).toBeNull();
  });
});
