import type { DirectDebitSequence } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { recordAudit, type AuditActor } from '../../server/audit/audit.ts';
import { DomainError, invalidFields, platformError } from '../../server/errors.ts';
import type { StaffPrincipal } from '../../server/staff.ts';
import {
  collectableDebits,
  collectedReferences,
  insertExport,
  markExported,
} from './payments.collection.repository.ts';
import type { ConsolePaymentsContext } from './payments.console.ts';
import { utcDayEnd, utcDayStart } from '../../lib/utc-day-bounds.ts';
import { pain008, type SepaDebit } from './payments.sepa.ts';

/*
 * Collecting direct debits (docs/operators.md "Direct debits"): a member's direct debit order is
 * credited at once, and the money is collected later with a pain.008 file the operator takes to
 * the bank. The console makes the file for one site and a range of order days: the paid
 * (completed) euro debits not yet in a file, each under the mandate the member signed for that
 * account, FRST while that mandate has never gone out and RCUR after. In one transaction the
 * debits are marked with the file (a second export leaves them out unless asked to repeat them,
 * which keeps each debit's sequence type), the file is recorded, and the audit entry written; the
 * file is made before the commit, so a value the bank would refuse leaves nothing marked.
 */

export interface CollectionInput {
  site: string;
  /** UTC days of the orders, inclusive. */
  from: string;
  to: string;
  /** The requested collection date (YYYY-MM-DD), after today. */
  collection: string;
  /** Repeat debits that went out in an earlier file. */
  again?: boolean | undefined;
}

export interface CollectionFile {
  id: string;
  filename: string;
  xml: string;
  transactions: number;
  /** Cents. */
  amount: number;
}

function creditorMissing(site: string): DomainError {
  return new DomainError('creditor_missing', {
    status: 409,
    message: 'console.directdebit.creditor_missing',
    details: { site },
  });
}

function nothingToExport(): DomainError {
  return new DomainError('nothing_to_export', {
    status: 409,
    message: 'console.directdebit.nothing_to_export',
  });
}

/** Sequence types in order: a mandate's first debit ever collected is FRST, every later one RCUR. */
export function sequenceTypes(
  debits: ReadonlyArray<{ reference: string; sequence_type: DirectDebitSequence | null }>,
  collectedBefore: ReadonlySet<string>,
): DirectDebitSequence[] {
  const seen = new Set(collectedBefore);
  return debits.map((debit) => {
    // A repeated file says what the first one said.
    if (debit.sequence_type) {
      seen.add(debit.reference);
      return debit.sequence_type;
    }
    const first = !seen.has(debit.reference);
    seen.add(debit.reference);
    return first ? 'FRST' : 'RCUR';
  });
}

/** `POST /console/api/directdebit-export.php`: the pain.008 file of a site's debits (refund permission). */
export async function exportDirectDebits(
  ctx: ConsolePaymentsContext,
  staff: StaffPrincipal,
  actor: AuditActor,
  input: CollectionInput,
): Promise<CollectionFile> {
  const site = ctx.siteOf(input.site);
  if (!site || !staff.can('refund', site.network)) throw platformError('forbidden');
  if (input.to < input.from) throw invalidFields({ to: 'invalid' });
  const now = ctx.clock.now();
  const today = new Date(now).toISOString().slice(0, 10);
  // The bank needs the file before the day it collects.
  if (input.collection <= today) throw invalidFields({ collection: 'invalid' });
  const creditor = site.directDebitCreditor;
  if (!creditor) throw creditorMissing(site.id);
  const again = input.again === true;

  const id = newId();
  const file = await ctx.db.transaction().execute(async (trx) => {
    const rows = await collectableDebits(trx, {
      network: site.network,
      site: site.id,
      from: utcDayStart(input.from),
      to: utcDayEnd(input.to),
      again,
    });
    if (rows.length === 0) throw nothingToExport();
    const pending = rows.filter((r) => r.sequence_type === null).map((r) => r.reference);
    const before = await collectedReferences(trx, site.network, [...new Set(pending)]);
    const sequences = sequenceTypes(rows, before);
    const debits: SepaDebit[] = rows.map((row, i) => ({
      orderId: row.order_id,
      amount: Number(row.amount),
      mandateReference: row.reference,
      signedAt: Number(row.signed_at),
      sequence: sequences[i]!,
      holder: row.holder,
      iban: row.iban,
      street: row.street,
      zip: row.zip,
      city: row.city,
      country: row.country,
      remittance: `${site.name} ${row.order_id}`,
    }));
    const xml = pain008({
      messageId: id,
      createdAt: now,
      creditor,
      collectionDate: input.collection,
      debits,
    });
    const amount = debits.reduce((total, d) => total + d.amount, 0);
    for (const [i, row] of rows.entries()) {
      // Another export took it meanwhile: this file would collect it twice.
      if (!(await markExported(trx, row.mandate_row, id, sequences[i]!, again))) {
        throw new DomainError('export_conflict', { status: 409, message: 'console.directdebit.conflict' });
      }
    }
    await insertExport(trx, {
      id,
      network_id: site.network,
      site_id: site.id,
      staff_id: actor.id,
      date_from: input.from,
      date_to: input.to,
      collection_date: input.collection,
      transactions: debits.length,
      amount,
      currency: 'EUR',
      created_at: now,
    });
    await recordAudit(
      trx,
      actor,
      {
        action: 'directdebit.export',
        network: site.network,
        target: { type: 'site', id: site.id },
        after: {
          file: id,
          from: input.from,
          to: input.to,
          collection: input.collection,
          again,
          transactions: debits.length,
          amount,
          first: sequences.filter((s) => s === 'FRST').length,
        },
      },
      now,
    );
    return { xml, transactions: debits.length, amount };
  });
  return { id, filename: `pain008-${site.id}-${input.collection}-${id}.xml`, ...file };
}
