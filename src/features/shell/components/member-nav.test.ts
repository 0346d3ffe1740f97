import { describe, expect, it } from 'vitest';
import { balanceBadgeClass, badgeCount, creditsBadge, currentSection } from './MemberNav.tsx';
import { reminderDue } from './ActivationReminder.tsx';
import type { User } from '../../accounts/accounts.schemas.ts';
import { sessionUser } from '../../../../tests/support/users.ts';
import { itMaps } from '../../../../tests/support/tables.ts';

describe('navigation badges (spec §2, §9)', () => {
  it('caps the unread count at 99+', () => {
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
  it('keeps the balance in sight: quiet above 10, the spec’s styles at 10 or fewer', () => {
    expect(balanceBadgeClass(250)).toBe('badge-balance');
    expect(balanceBadgeClass(11)).toBe('badge-balance');
    expect(balanceBadgeClass(10)).toBe('text-bg-warning');
    expect(balanceBadgeClass(0)).toBe('text-bg-danger');
  });

  it('shows a credits badge at 10 or fewer: warning above 0, danger at 0', () => {
    expect(creditsBadge(11)).toBeNull();
    expect(creditsBadge(10)).toBe('warning');
    expect(creditsBadge(1)).toBe('warning');
    expect(creditsBadge(0)).toBe('danger');
  });
});

describe('the current section of the navigation', () => {
  itMaps(
    currentSection,
    [
      ['/members', '/members'],
      ['/members/p1', '/members'],
      ['/members/p1/chat', '/chats'],
      ['/chats', '/chats'],
      ['/chats/c1', '/chats'],
      ['/likes/received', '/likes'],
      ['/credits/starter', '/credits'],
      ['/settings', '/settings'],
    ],
    '%s is under %s',
  );
});

describe('activation reminder (spec §4)', () => {
  const user = (extra: Partial<User> = {}, profileStatus: 'active' | 'disabled' = 'disabled'): User =>
    sessionUser(extra, { status: profileStatus });
  it('is due for an unconfirmed member with a disabled profile and no notifications switched off', () => {
    expect(reminderDue(user())).toBe(true);
    // Promotions and news are off until the member consents: nobody switched them off.
    expect(reminderDue(user({ notifications_disabled: ['promotions', 'news'] }))).toBe(true);
  });
  it('is not due otherwise', () => {
    expect(reminderDue(null)).toBe(false);
    expect(reminderDue(user({ status: 'active' }))).toBe(false);
    expect(reminderDue(user({}, 'active'))).toBe(false);
    expect(reminderDue(user({ notifications_disabled: ['like'] }))).toBe(false);
    expect(reminderDue(user({ notifications_disabled: ['news', 'reminders'] }))).toBe(false);
  });
});
