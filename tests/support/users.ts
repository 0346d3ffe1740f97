import type { User } from '../../src/features/accounts/accounts.schemas.ts';
import type { ProfileCard } from '../../src/features/profiles/index.ts';

/*
 * A member as `GET /api/user.php` answers it, for tests of islands and browser code: a new,
 * unconfirmed free member called Robin, whose profile is still disabled. A test names only what
 * it is about.
 */
export function sessionUser(extra: Partial<User> = {}, profile: Partial<User['profile']> = {}): User {
  return {
    id: 'm1',
    email: 'robin@example.org',
    status: 'not_confirmed',
    credits: 0,
    paid_user: false,
    signup_date: '2026-01-01T00:00:00.000Z',
    fictional_icon: '🎭',
    language: 'en',
    notifications_disabled: [],
    invisible: false,
    private: false,
    public_profile: false,
    time_zone: null,
    dismissed: {},
    ...extra,
    profile: { id: 'p1', name: 'Robin', country: 'NL', status: 'disabled', main_image: null, ...profile },
  };
}

/** Another member's profile as the member area's lists show it (search, likes, chats): `Name <id>`. */
export function profileCard(id: string, extra: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id,
    name: `Name ${id}`,
    age: 30,
    country: 'DE',
    region: null,
    city: null,
    gender: 'female',
    online: false,
    fictional: false,
    main_image: { filename: '/f.jpg', thumb_filename: '/t.jpg', match: '/m.jpg' },
    ...extra,
  };
}
