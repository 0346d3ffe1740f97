import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { eraseAccountRecords, exportAccountRecords } from './accounts.repository.ts';

/** `reactivate_until` is a time too, though its name does not end in `_at`. */
function readableUntil<T extends { reactivate_until: number | null }>(member: T) {
  const until = member.reactivate_until;
  return { ...member, reactivate_until: until === null ? null : new Date(until).toISOString() };
}

/**
 * The account itself: its row, sessions, e-mailed links and push subscriptions. Last in the
 * erasure, since its row is what the other hooks' rows hang on.
 */
export const accountsPrivacy: PrivacyHook = {
  owner: 'accounts',
  tables: ['members', 'sessions', 'tokens', 'push_subscriptions'],
  async export(db, { network, memberId }) {
    const records = await exportAccountRecords(db, network, memberId);
    return {
      account: records.member ? readableTimes(readableUntil(records.member)) : null,
      sessions: readableTimes(records.sessions),
      push_subscriptions: readableTimes(records.pushSubscriptions),
      emailed_links: readableTimes(records.links),
    };
  },
  async erase(trx, { network, memberId }) {
    await eraseAccountRecords(trx, network, memberId);
  },
};
