import { Document } from 'sepa';
import type { DirectDebitSequence } from '../../db/database.ts';
import type { DirectDebitCreditor } from '../../tenancy/tenant.schema.ts';

/*
 * The collection file of direct debits: ISO 20022 pain.008.001.02 (SEPA Core), written by the
 * `sepa` library (its own checks on: IBANs, the creditor identifier, ids in the SEPA character
 * set, lengths). What the library leaves to its caller is done here:
 * - Money is kept in cents and handed over as cents / 100, which the library prints with two
 *   decimals. Its control sums add those floats; they are set from the exact sum in cents
 *   instead, so the file's CtrlSum is the sum of its amounts to the cent whatever the number of
 *   debits (SEPA_MAX_TOTAL_CENTS keeps every sum where a double is exact to the cent).
 * - Free text (names, remittance) is put into the EPC's basic Latin character set, which every
 *   SEPA bank accepts: accents dropped (Zoë → Zoe), Greek and Cyrillic spelt in Latin letters,
 *   `&` as `+`, anything else left out. The library still escapes what remains for XML.
 * - Dates are the UTC calendar day (the library prints the process's local day).
 */

export const PAIN_FORMAT = 'pain.008.001.02';
export const PAIN_NAMESPACE = `urn:iso:std:iso:20022:tech:xsd:${PAIN_FORMAT}`;
/** SEPA's largest single amount, 999,999,999.99. */
export const SEPA_MAX_AMOUNT_CENTS = 99_999_999_999;
/** Far below 2^53 / 100: every sum up to it is an exact cent count as a double divided by 100. */
export const SEPA_MAX_TOTAL_CENTS = 10 ** 13;

export interface SepaDebit {
  /** The order id: the end-to-end id the bank reports back with a return. */
  orderId: string;
  /** Cents (EUR). */
  amount: number;
  mandateReference: string;
  /** Epoch ms of the signature. */
  signedAt: number;
  sequence: DirectDebitSequence;
  holder: string;
  iban: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  /** What the member's bank statement shows. */
  remittance: string;
}

export interface SepaCollection {
  /** The file's MsgId (unique per creditor). */
  messageId: string;
  /** Epoch ms. */
  createdAt: number;
  creditor: DirectDebitCreditor;
  /** YYYY-MM-DD: the requested collection date. */
  collectionDate: string;
  debits: readonly SepaDebit[];
}

/** Cents as the decimal string of euros: 1999 → "19.99", 5 → "0.05". Exact for any safe integer. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a cent amount: ${cents}`);
  const text = String(cents).padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

const LATIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŋ: 'n',
  ħ: 'h',
  '&': '+',
  // Greek
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  // Cyrillic (Russian, Ukrainian, Bulgarian, Serbian letters)
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ђ: 'dj',
  е: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** The EPC basic Latin character set of SEPA messages. */
const SEPA_CHARACTER = /^[A-Za-z0-9/?:().,'+ -]$/;

function latinOf(char: string): string {
  if (SEPA_CHARACTER.test(char)) return char;
  const lower = char.toLowerCase();
  const mapped = LATIN[lower];
  if (mapped === undefined) return /\s/.test(char) ? ' ' : '';
  // An upper-case letter stays upper case (Ж → Zh, Ø → O).
  return lower !== char && mapped ? mapped[0]!.toUpperCase() + mapped.slice(1) : mapped;
}

/**
 * Text in the EPC basic Latin set, spaces collapsed, at most `max` characters; `fallback` when
 * nothing is left (a name wholly in a script without a Latin spelling here).
 */
export function sepaText(text: string, max: number, fallback = 'NOTPROVIDED'): string {
  const bare = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    // Greek ου is one sound, spelt ou (Παπαδόπουλος → Papadopoulos).
    .replace(/[οΟ][υΥ]/g, (pair) => (pair === 'ΟΥ' ? 'OU' : pair[0] === 'Ο' ? 'Ou' : 'ou'));
  const plain = [...bare].map(latinOf).join('');
  const tidy = plain.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return tidy || fallback;
}

/** The UTC calendar day of `ms` as a local-time Date: the library prints a Date's local day. */
function utcDay(ms: number): Date {
  const day = new Date(ms);
  return new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

function utcDateTime(ms: number): Date {
  const at = new Date(ms);
  return new Date(
    at.getUTCFullYear(),
    at.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
  );
}

const sum = (debits: readonly SepaDebit[]) => debits.reduce((total, d) => total + d.amount, 0);

/**
 * The pain.008.001.02 document of a collection: one payment information block per sequence
 * type (FRST before RCUR), each debit under its mandate. Throws when the library refuses a
 * value (which the caller reports as a bad configuration or row, never as a file).
 */
export function pain008(collection: SepaCollection): string {
  if (collection.debits.length === 0) throw new RangeError('a collection needs at least one debit');
  for (const debit of collection.debits) {
    if (!Number.isSafeInteger(debit.amount) || debit.amount < 1 || debit.amount > SEPA_MAX_AMOUNT_CENTS)
      throw new RangeError(`order ${debit.orderId}: amount ${debit.amount} out of SEPA's range`);
  }
  const total = sum(collection.debits);
  if (total > SEPA_MAX_TOTAL_CENTS) throw new RangeError('the collection is too large for one file');

  const { creditor } = collection;
  const creditorName = sepaText(creditor.creditor_name, 70);
  const doc = new Document(PAIN_FORMAT);
  doc.grpHdr.id = collection.messageId;
  doc.grpHdr.created = utcDateTime(collection.createdAt);
  doc.grpHdr.initiatorName = creditorName;

  const [year, month, day] = collection.collectionDate.split('-').map(Number) as [number, number, number];
  for (const sequence of ['FRST', 'RCUR'] as const) {
    const debits = collection.debits.filter((d) => d.sequence === sequence);
    if (debits.length === 0) continue;
    const info = doc.createPaymentInfo();
    // The library prefixes the message id: MsgId.FRST, MsgId.RCUR.
    info.id = sequence;
    info.sequenceType = sequence;
    info.localInstrumentation = 'CORE';
    info.collectionDate = new Date(year, month - 1, day);
    info.creditorName = creditorName;
    info.creditorIBAN = creditor.iban;
    info.creditorBIC = creditor.bic ?? '';
    info.creditorId = creditor.creditor_id;
    info.batchBooking = true;
    // The library adds the amounts as floats; the exact sum in cents stands instead.
    const exact = sum(debits);
    info.normalize = () => {
      info.controlSum = exact / 100;
    };
    for (const debit of debits) {
      const tx = info.createTransaction();
      tx.end2endId = debit.orderId;
      tx.amount = debit.amount / 100;
      tx.currency = 'EUR';
      tx.mandateId = debit.mandateReference;
      tx.mandateSignatureDate = utcDay(debit.signedAt);
      tx.debtorName = sepaText(debit.holder, 70);
      tx.debtorIBAN = debit.iban;
      tx.debtorStreet = sepaText(debit.street, 70);
      tx.debtorCity = sepaText(`${debit.zip} ${debit.city}`, 70);
      tx.debtorCountry = debit.country;
      tx.remittanceInfo = sepaText(debit.remittance, 140);
      info.addTransaction(tx);
    }
    doc.addPaymentInfo(info);
  }
  // The group's sum: the blocks' exact sums again (the library would add their floats).
  const normalizeBlocks = doc.normalize.bind(doc);
  doc.normalize = () => {
    normalizeBlocks();
    doc.grpHdr.controlSum = total / 100;
  };
  return doc.toString();
}
