import type { ReportReason } from './reports.schemas.ts';

/*
 * The queue's order: severity first (a child's safety before money, money before abuse, abuse
 * before nuisance), then age, oldest first. Complaints of the /complaints form are placed by
 * their category on the same scale.
 */
export const REPORT_SEVERITY: Readonly<Record<ReportReason, number>> = {
  underage: 0,
  scam: 1,
  harassment: 2,
  offensive_photo: 3,
  fake: 4,
  spam: 5,
  other: 6,
};

export const COMPLAINT_SEVERITY: Readonly<Record<string, number>> = {
  underage: 0,
  scam: 1,
  harassment: 2,
  inappropriate_content: 3,
  fake_profile: 4,
  privacy: 5,
};

/** Where anything not named above goes: last. */
export const LOWEST_SEVERITY = 6;

/** Reports a member may file per day (repeats count too: each is work for the moderators). */
export const REPORT_DAILY_LIMIT = { limit: 10, windowMs: 24 * 60 * 60 * 1000 } as const;

/** A position in the queue. */
export interface QueueKey {
  severity: number;
  at: number;
  id: string;
}

/** The queue's order of two items: severity, then age, then id (a total order for the keyset). */
export function compareQueue(a: QueueKey, b: QueueKey): number {
  return a.severity - b.severity || a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function queueCursor(key: QueueKey): string {
  return Buffer.from(`${key.severity}.${key.at}.${key.id}`, 'utf8').toString('base64url');
}

export function parseQueueCursor(cursor: string): QueueKey | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,2})\.(\d{1,15})\.([a-z0-9]{1,40})$/.exec(text);
  return match ? { severity: Number(match[1]), at: Number(match[2]), id: match[3]! } : undefined;
}

/** The message ids of a report as stored (each followed by a space), without repeats. */
export function messageIdsOf(stored: string | null): string[] {
  return [...new Set((stored ?? '').split(' ').filter(Boolean))];
}
