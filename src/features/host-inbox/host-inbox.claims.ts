/*
 * A host claims a conversation while answering it, so two hosts never answer the same one. A
 * claim lapses after 10 minutes without activity (opening, typing, sending): whether it still
 * holds is computed from `last_activity_at` whenever asked, so nothing runs on a timer.
 */

export const CLAIM_IDLE_MS = 10 * 60_000;

export interface ClaimState {
  staff_id: string;
  staff_email: string;
  claimed_at: number;
  last_activity_at: number;
}

/** Whether a claim still holds at `now`. */
export function claimHeld(claim: Pick<ClaimState, 'last_activity_at'>, now: number): boolean {
  return now - claim.last_activity_at < CLAIM_IDLE_MS;
}

/** `free` (none or lapsed), `mine`, or `taken` by another host who is still active. */
export function claimStanding(
  claim: Pick<ClaimState, 'staff_id' | 'last_activity_at'> | undefined,
  staffId: string,
  now: number,
): 'free' | 'mine' | 'taken' {
  if (!claim || !claimHeld(claim, now)) return 'free';
  return claim.staff_id === staffId ? 'mine' : 'taken';
}

/** When a held claim lapses unless its host does something. */
export function claimExpiresAt(claim: Pick<ClaimState, 'last_activity_at'>): number {
  return claim.last_activity_at + CLAIM_IDLE_MS;
}
