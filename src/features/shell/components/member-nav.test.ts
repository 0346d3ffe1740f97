import fc from 'fast-check';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MemberNav, { balanceBadgeClass, badgeCount, creditsBadge, currentSection } from './MemberNav.tsx';
import { islandMessages } from '../../../i18n';
import { islandHtml } from '../../../server/island-html.ts';
import { MEMBER_NAV_MESSAGES } from '../island-messages.ts';
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

describe('the navigation’s kept server HTML (src/server/island-html.ts)', () => {
  const props = (user: User) => ({
    user,
    links: {
      members: '/members',
      chats: '/chats',
      likes: '/likes',
      repeatOrder: '/credits/repeat-order',
      credits: '/credits',
      premium: '/premium',
      profile: '/profile',
      settings: '/settings',
      logout: '/api/logout.php',
    },
    routePath: '/members',
    fictional: '🎭 fictional',
    messages: islandMessages('en', MEMBER_NAV_MESSAGES),
  });
  const rendered = (user: User) =>
    renderToString(createElement(MemberNav, props(user)), { identifierPrefix: 'k0' });
  let renders = 0;
  const kept = (user: User) =>
    islandHtml(MemberNav, props(user), 'k0', (p) => {
      renders++;
      return renderToString(createElement(MemberNav as never, p), { identifierPrefix: 'k0' });
    });
  /** Every field the navigation leaves out of its key or stands in for differs from Robin's. */
  const other = (name: string, thumb: string): User =>
    sessionUser(
      {
        id: 'm2',
        email: 'sam@example.org',
        status: 'active',
        signup_date: '2025-03-03T00:00:00.000Z',
        fictional_icon: '🎬',
        language: 'de',
        notifications_disabled: ['news'],
        invisible: true,
        private: true,
        public_profile: true,
        time_zone: 'Europe/Berlin',
        dismissed: { time_bonus: 1 },
      },
      {
        id: 'p2',
        name,
        country: 'DE',
        status: 'active',
        main_image: { filename: `${thumb}-full`, thumb_filename: thumb, match: `${thumb}-match` },
      },
    );
  const robin = sessionUser(
    {},
    { main_image: { filename: 'a', thumb_filename: '/m/a-t.webp', match: 'a-m' } },
  );

  it('gives each member their own name and photo, written as React writes them', () => {
    expect(kept(robin)).toBe(rendered(robin));
    const before = renders;
    const sam = other(`Sam "<b>&amp;</b>" O'Brien`, '/m/b-t.webp?v=1&x=2');
    expect(kept(sam)).toBe(rendered(sam));
    expect(kept(sam)).not.toContain('Robin');
    // Filled in from Robin's template: not rendered again.
    expect(renders).toBe(before);
  });

  it('holds for any name and photo address', () => {
    kept(robin);
    renders = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (name, thumb) => {
        const member = other(name, thumb);
        expect(kept(member)).toBe(rendered(member));
      }),
      { numRuns: 200 },
    );
    expect(renders).toBe(0);
  });

  it('keeps the balance, premium and a photo’s presence in the key', () => {
    for (const member of [
      sessionUser({ credits: 7 }),
      sessionUser({ credits: 250, paid_user: true }),
      sessionUser({}, { main_image: null }),
    ])
      expect(kept(member)).toBe(rendered(member));
  });
});
