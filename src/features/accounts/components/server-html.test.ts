import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { User } from '../accounts.schemas.ts';
import { sessionUser } from '../../../../tests/support/users.ts';
import { islandMessages } from '../../../i18n';
import type { ServerHtmlIgnores } from '../../../server/island-html.ts';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import DeleteAccount from './DeleteAccount.tsx';
import { CHANGE_PASSWORD_MESSAGES, DELETE_ACCOUNT_MESSAGES } from './island-messages.ts';

const robin: User = sessionUser();
const sam: User = {
  ...robin,
  id: 'm2',
  email: 'sam@example.org',
  status: 'active',
  credits: 120,
  paid_user: true,
  invisible: true,
  private: true,
  notifications_disabled: ['news'],
  dismissed: { time_bonus: 1 },
  profile: { id: 'p2', name: 'Sam', country: 'DE', status: 'active', main_image: null },
};

/** The islands whose server HTML is kept whatever member they get (src/server/island-html.ts). */
const islands: [string, FunctionComponent<never> & ServerHtmlIgnores, Record<string, unknown>][] = [
  [
    'ChangePasswordForm',
    ChangePasswordForm as never,
    { messages: islandMessages('en', CHANGE_PASSWORD_MESSAGES), minAge: 18, loginUrl: '/login' },
  ],
  [
    'DeleteAccount',
    DeleteAccount as never,
    {
      messages: islandMessages('en', DELETE_ACCOUNT_MESSAGES),
      minAge: 18,
      discountCode: 'STAY',
      trial: { credits: 10, href: '/credits/b1' },
      links: { email: '#email', privacy: '#privacy', credits: '/credits', deleted: '/account-deleted' },
    },
  ],
];

describe('settings islands whose server HTML is the same for every member', () => {
  it.each(islands)('%s renders the same HTML for two different members', (_name, island, props) => {
    expect(island.serverHtmlIgnores).toEqual(['user']);
    const html = (user: User) =>
      renderToString(
        createElement(island as FunctionComponent<Record<string, unknown>>, { ...props, user }),
        {
          identifierPrefix: 'r1',
        },
      );
    const forRobin = html(robin);
    expect(forRobin).not.toContain('robin');
    expect(html(sam)).toBe(forRobin);
  });
});
