import { readableTimes, type PrivacyHook } from '../../server/privacy.ts';
import { exportMemberTables, type AnyMemberRows } from '../../server/privacy-tables.ts';
import { customersOf, deleteCustomersOf } from './payments.repeat.repository.ts';
import { redemptionsOf } from './payments.repository.ts';
import { reversalsOf } from './payments.reversal.repository.ts';

/*
 * Money records. Erasure keeps them: orders, the credit ledger with staff adjustments, staff
 * refunds, reversals (money that came back at the provider or bank) and who redeemed which code are
 * bookkeeping the operator must keep (they point at the account's shell, which has no address).
 * The link to the member's customer at the provider is not bookkeeping: erasure deletes it, so
 * no stored card or PayPal account can be charged for the erased account again.
 */

const moneyTables: readonly AnyMemberRows[] = [
  {
    table: 'orders',
    column: 'member_id',
    exportAs: 'orders',
    select: [
      'id',
      'bundle_id',
      'credits',
      'amount',
      'currency',
      'payment_method',
      'status',
      'discount_code',
      'country',
      'created_at',
      'completed_at',
    ],
    orderBy: 'created_at',
  },
  {
    table: 'credit_ledger',
    column: 'member_id',
    exportAs: 'credit_ledger',
    select: ['delta', 'reason', 'balance_after', 'created_at'],
    orderBy: 'created_at',
  },
  {
    // Staff's own reasons for their adjustments are the operator's bookkeeping about the member.
    table: 'credit_adjustments',
    column: 'member_id',
    exportAs: 'credit_adjustments',
    select: ['delta', 'reason', 'created_at'],
    orderBy: 'created_at',
  },
  {
    table: 'order_refunds',
    column: 'member_id',
    exportAs: 'order_refunds',
    select: ['order_id', 'mode', 'reason', 'amount', 'currency', 'credits_reversed', 'payout', 'created_at'],
    orderBy: 'created_at',
  },
];

export const paymentsPrivacy: PrivacyHook = {
  owner: 'payments',
  tables: [
    'orders',
    'credit_ledger',
    'credit_adjustments',
    'order_refunds',
    'discount_redemptions',
    'payment_customers',
    'payment_reversals',
  ],
  async export(db, subject) {
    return {
      ...(await exportMemberTables(db, moneyTables, subject)),
      discount_redemptions: readableTimes(await redemptionsOf(db, subject.network, subject.memberId)),
      payment_customers: readableTimes(await customersOf(db, subject.network, subject.memberId)),
      payment_reversals: readableTimes(await reversalsOf(db, subject.network, subject.memberId)),
    };
  },
  async erase(trx, subject) {
    await deleteCustomersOf(trx, subject.network, subject.memberId);
  },
};
