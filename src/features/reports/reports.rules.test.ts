import { describe, expect, it } from 'vitest';
import { REPORT_REASONS, reportInputSchema } from './reports.schemas.ts';
import {
  COMPLAINT_SEVERITY,
  compareQueue,
  LOWEST_SEVERITY,
  messageIdsOf,
  parseQueueCursor,
  queueCursor,
  REPORT_SEVERITY,
} from './reports.rules.ts';

describe('the queue order', () => {
  it('puts underage first, then scam and harassment, other last', () => {
    const order = [...REPORT_REASONS].sort((a, b) => REPORT_SEVERITY[a] - REPORT_SEVERITY[b]);
    expect(order.slice(0, 3)).toEqual(['underage', 'scam', 'harassment']);
    expect(order.at(-1)).toBe('other');
    expect(COMPLAINT_SEVERITY.underage).toBe(0);
    expect(COMPLAINT_SEVERITY.technical ?? LOWEST_SEVERITY).toBe(LOWEST_SEVERITY);
  });

  it('orders by severity, then age, then id', () => {
    const items = [
      { severity: 2, at: 1, id: 'b' },
      { severity: 0, at: 5, id: 'a' },
      { severity: 2, at: 1, id: 'a' },
      { severity: 1, at: 9, id: 'z' },
      { severity: 2, at: 0, id: 'z' },
    ];
    expect([...items].sort(compareQueue)).toEqual([
      { severity: 0, at: 5, id: 'a' },
      { severity: 1, at: 9, id: 'z' },
      { severity: 2, at: 0, id: 'z' },
      { severity: 2, at: 1, id: 'a' },
      { severity: 2, at: 1, id: 'b' },
    ]);
  });

  it('round-trips its cursor and refuses a forged one', () => {
    const key = { severity: 3, at: 1_763_000_000_123, id: 'abc123' };
    expect(parseQueueCursor(queueCursor(key))).toEqual(key);
    expect(parseQueueCursor('bm9wZQ')).toBeUndefined();
  });
});

describe('merged reports', () => {
  it('list each reported message once, in the order reported', () => {
    expect(messageIdsOf('m1 m2 m1 ')).toEqual(['m1', 'm2']);
    expect(messageIdsOf(null)).toEqual([]);
  });
});

describe('the report input', () => {
  it('takes a reason of the list, optional words, message and block', () => {
    const parsed = reportInputSchema.parse({
      profile: 'p1',
      reason: 'underage',
      text: '  too young ',
      block: true,
    });
    expect(parsed).toEqual({ profile: 'p1', reason: 'underage', text: 'too young', block: true });
    expect(reportInputSchema.parse({ profile: 'p1', reason: 'spam', text: '   ' }).text).toBeUndefined();
  });

  it('names the field of each problem with a code', () => {
    const codes = (value: unknown) =>
      reportInputSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(codes({ profile: 'p1', reason: 'rude' })).toEqual([['reason', 'reason_invalid']]);
    expect(codes({ reason: 'spam' })).toEqual([['profile', 'required']]);
    expect(
      reportInputSchema.safeParse({ profile: 'p1', reason: 'spam', text: 'x'.repeat(2001) }).success,
    ).toBe(false);
    expect(reportInputSchema.safeParse({ profile: 'p1', reason: 'spam', extra: 1 }).success).toBe(false);
  });
});
