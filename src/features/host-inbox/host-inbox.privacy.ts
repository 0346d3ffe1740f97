import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { deleteHostRowsOfProfile, hostRowsOfProfile } from './host-inbox.repository.ts';

/**
 * What the host inbox keeps about a member's conversations with operator-run profiles: which
 * replies answered them (and when), and which of their messages a host marked as asking
 * whether the profile is real. Exported as such; erased whole with the member (the claims on
 * their conversations too). Hosts' names stay out of the export.
 */
export const hostInboxPrivacy: PrivacyHook = {
  owner: 'host-inbox',
  tables: ['host_claims', 'host_replies', 'host_question_marks'],
  async export(db, { network, profileId }) {
    if (!profileId) return { operator_replies: [], operator_questions_marked: [] };
    const { replies, marks } = await hostRowsOfProfile(db, network, profileId);
    return {
      operator_replies: readableTimes(replies.map((r) => ({ ...r, honest: r.honest === 1 }))),
      operator_questions_marked: readableTimes(marks),
    };
  },
  async erase(trx, { network, profileId }) {
    if (profileId) await deleteHostRowsOfProfile(trx, network, profileId);
    return [];
  },
};
