import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { maskIban } from './payments.directdebit.ts';
import { codesOf, deleteCodesOf, mandatesOf } from './payments.directdebit.repository.ts';

/*
 * Direct debit mandates are bookkeeping like orders (the operator must keep them while a debit
 * can come back), so erasure keeps them; the export shows them with the IBAN masked, as every
 * answer does. Of the SMS codes the export shows where and when they were sent, never the hash;
 * erasure deletes them.
 */
export const directDebitPrivacy: PrivacyHook = {
  owner: 'payments.directdebit',
  tables: ['directdebit_codes', 'directdebit_mandates'],
  async export(db, subject) {
    const mandates = await mandatesOf(db, subject.network, subject.memberId);
    return {
      directdebit_mandates: readableTimes(mandates.map((m) => ({ ...m, iban: maskIban(m.iban) }))),
      directdebit_codes: readableTimes(await codesOf(db, subject.network, subject.memberId)),
    };
  },
  async erase(trx, subject) {
    await deleteCodesOf(trx, subject.network, subject.memberId);
  },
};
