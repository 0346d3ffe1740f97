import { describe, expect, it } from 'vitest';
import { extraSite } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { ACCOUNTS_SERVER, lastMailTo, linkIn, signUp } from './accounts-helpers.ts';

/* settings.signup_credits: booked once at activation, through the ledger. */

const BONUS = extraSite('bonus', 'Bonus Hearts', { network: 'amber', signup_credits: 20 });

const app = useServer({ ...ACCOUNTS_SERVER, sites: [BONUS] });

describe('signup credits', () => {
  it('grants the site’s signup_credits once, however often the activation link is opened', async () => {
    const visitor = app.visitor('bonus.localhost');
    const { user } = await signUp(visitor);
    expect(await app.inspect.count('credit_ledger', { member_id: user.id })).toBe(0);

    const link = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    await Promise.all([
      visitor.get(link.pathAndQuery),
      app.visitor('bonus.localhost').get(link.pathAndQuery),
    ]);
    await visitor.get(link.pathAndQuery);

    const entries = await app.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason', 'reference', 'balance_after'])
      .where('member_id', '=', user.id)
      .execute();
    expect(entries).toEqual([{ delta: 20, reason: 'signup', reference: user.id, balance_after: 20 }]);
    expect(await app.inspect.balanceOf(user.id)).toBe(20);
  });

  it('books nothing on a site without signup credits', async () => {
    const visitor = app.visitor();
    const { user } = await signUp(visitor);
    const link = linkIn(lastMailTo(app.server, user.email), '/api/activate.php');
    await visitor.get(link.pathAndQuery);
    expect(await app.inspect.count('credit_ledger', { member_id: user.id })).toBe(0);
  });
});
