import fc from 'fast-check';
import { parse } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  PAIN_NAMESPACE,
  pain008,
  SEPA_MAX_AMOUNT_CENTS,
  sepaText,
  type SepaCollection,
  type SepaDebit,
} from './payments.sepa.ts';

/*
 * The pain.008.001.02 file, read back with an XML parser (validating well-formedness): the
 * namespace, counts and control sums, the sequence blocks, the mandate of each debit, and names
 * outside the SEPA character set.
 */

const CREDITOR = {
  creditor_name: 'Amber Demo Media B.V.',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  creditor_id: 'DE98ZZZ09999999999',
};

function debit(over: Partial<SepaDebit> = {}): SepaDebit {
  return {
    orderId: 'o1aaaaaaaaaaaaaa',
    amount: 1999,
    mandateReference: 'm1aaaaaaaaaaaaaa',
    signedAt: Date.UTC(2026, 10, 1, 23, 30),
    sequence: 'FRST',
    holder: 'Kim Example',
    iban: 'DE89370400440532013000',
    street: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    remittance: 'Amber Hearts o1aaaaaaaaaaaaaa',
    ...over,
  };
}

function collection(debits: SepaDebit[]): SepaCollection {
  return {
    messageId: 'x1aaaaaaaaaaaaaa',
    createdAt: Date.UTC(2026, 10, 28, 12, 5, 9),
    creditor: CREDITOR,
    collectionDate: '2026-12-02',
    debits,
  };
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];
const node = (value: unknown) => value as Node;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML's five predefined entities (this parser leaves the decoding of text to its caller). */
const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);

/** The document, parsed (throws on XML that is not well-formed). */
function read(xml: string) {
  const tree = parse(
    xml,
    {
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseNodeValue: false,
      parseAttributeValue: false,
      tagValueProcessor: (value: string) => unescape(value),
    },
    true,
  ) as Node;
  const document = node(tree.Document);
  const root = node(document.CstmrDrctDbtInitn);
  const header = node(root.GrpHdr);
  const blocks = list(root.PmtInf);
  return { document, header, blocks };
}

const txs = (block: Node) => list(block.DrctDbtTxInf);

describe('pain.008.001.02', () => {
  it('writes the namespace, counts, sums, sequence blocks and mandates', () => {
    const xml = pain008(
      collection([
        debit(),
        debit({
          orderId: 'o2aaaaaaaaaaaaaa',
          amount: 5,
          sequence: 'RCUR',
          mandateReference: 'm2aaaaaaaaaaaaaa',
        }),
        debit({
          orderId: 'o3aaaaaaaaaaaaaa',
          amount: 100_000,
          sequence: 'RCUR',
          mandateReference: 'm2aaaaaaaaaaaaaa',
        }),
      ]),
    );
    const { document, header, blocks } = read(xml);
    expect(document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    expect(document['@_xmlns']).toBe(PAIN_NAMESPACE);
    expect(header.MsgId).toBe('x1aaaaaaaaaaaaaa');
    expect(header.CreDtTm).toBe('2026-11-28T12:05:09');
    expect(header.NbOfTxs).toBe('3');
    expect(header.CtrlSum).toBe('1020.04');
    expect(node(node(header.InitgPty)).Nm).toBe('Amber Demo Media B.V.');

    expect(blocks.map((b) => node(b.PmtTpInf).SeqTp)).toEqual(['FRST', 'RCUR']);
    const [first, recurring] = blocks as [Node, Node];
    expect([first.NbOfTxs, first.CtrlSum]).toEqual(['1', '19.99']);
    expect([recurring.NbOfTxs, recurring.CtrlSum]).toEqual(['2', '1000.05']);
    expect(node(node(first.PmtTpInf).LclInstrm).Cd).toBe('CORE');
    expect(first.ReqdColltnDt).toBe('2026-12-02');
    expect(node(node(node(node(node(first.CdtrSchmeId).Id).PrvtId).Othr)).Id).toBe('DE98ZZZ09999999999');
    expect(node(node(first.CdtrAcct).Id).IBAN).toBe('DE02120300000000202051');

    const [tx] = txs(first) as [Node];
    expect(node(tx.PmtId).EndToEndId).toBe('o1aaaaaaaaaaaaaa');
    expect(node(tx.InstdAmt)['#text']).toBe('19.99');
    expect(node(tx.InstdAmt)['@_Ccy']).toBe('EUR');
    const mandate = node(node(tx.DrctDbtTx).MndtRltdInf);
    expect(mandate.MndtId).toBe('m1aaaaaaaaaaaaaa');
    // The UTC day of the signature, whatever the server's time zone.
    expect(mandate.DtOfSgntr).toBe('2026-11-01');
    expect(mandate.AmdmntInd).toBe('false');
    expect(node(node(tx.DbtrAcct).Id).IBAN).toBe('DE89370400440532013000');
    expect(node(tx.Dbtr).Nm).toBe('Kim Example');
    expect(node(node(tx.Dbtr).PstlAdr).AdrLine).toEqual(['Hauptstrasse 1', '10115 Berlin']);
    expect(node(tx.RmtInf).Ustrd).toBe('Amber Hearts o1aaaaaaaaaaaaaa');
    expect(txs(recurring).map((t) => node(t.InstdAmt)['#text'])).toEqual(['0.05', '1000.00']);
  });

  it('leaves out an empty block and refuses an empty collection', () => {
    const { blocks } = read(pain008(collection([debit({ sequence: 'RCUR' })])));
    expect(blocks.map((b) => node(b.PmtTpInf).SeqTp)).toEqual(['RCUR']);
    expect(() => pain008(collection([]))).toThrow(RangeError);
    expect(() => pain008(collection([debit({ amount: 0 })]))).toThrow(RangeError);
    expect(() => pain008(collection([debit({ amount: 12.5 })]))).toThrow(RangeError);
  });

  it('writes names with markup and non-Latin letters in the SEPA character set, well-formed', () => {
    const xml = pain008(
      collection([
        debit({ holder: 'Smith & Jones <b>"Ltd"</b>' }),
        debit({ orderId: 'o2aaaaaaaaaaaaaa', holder: 'Zoë Ærøskøbing-Łukasiewicz' }),
        debit({ orderId: 'o3aaaaaaaaaaaaaa', holder: 'Жанна Ёлкина' }),
        debit({ orderId: 'o4aaaaaaaaaaaaaa', holder: 'Γιώργος Παπαδόπουλος' }),
        debit({ orderId: 'o5aaaaaaaaaaaaaa', holder: '李小龍' }),
      ]),
    );
    expect(xml).not.toContain('<b>');
    const names = txs(read(xml).blocks[0]!).map((t) => node(t.Dbtr).Nm);
    expect(names).toEqual([
      'Smith + Jones bLtd/b',
      'Zoe Aeroskobing-Lukasiewicz',
      'Zhanna Elkina',
      'Giorgos Papadopoulos',
      'NOTPROVIDED',
    ]);
  });

  it('escapes what the SEPA set allows but XML does not: the apostrophe', () => {
    const xml = pain008(collection([debit({ holder: "Seán O'Brien" })]));
    expect(xml).toContain('Sean O&apos;Brien');
    expect(node(txs(read(xml).blocks[0]!)[0]!.Dbtr).Nm).toBe("Sean O'Brien");
  });
});

describe('sepaText', () => {
  it('keeps only the EPC basic Latin set, at most max characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.integer({ min: 1, max: 140 }),
        (text, max) => {
          const out = sepaText(text, max);
          expect(out).toMatch(/^[A-Za-z0-9/?:().,'+ -]+$/);
          expect(out.length).toBeLessThanOrEqual(Math.max(max, 'NOTPROVIDED'.length));
        },
      ),
    );
  }, 60_000);
});

describe('amounts', () => {
  it('cents become the exact decimal string', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1999)).toBe('19.99');
    expect(centsToDecimal(SEPA_MAX_AMOUNT_CENTS)).toBe('999999999.99');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = centsToDecimal(cents);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(cents));
      }),
    );
  });

  it('every amount and each control sum in the file is exact to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.integer({ min: 1, max: SEPA_MAX_AMOUNT_CENTS }),
            sequence: fc.constantFrom('FRST' as const, 'RCUR' as const),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (drawn) => {
          const debits = drawn.map((d, i) =>
            debit({ orderId: `o${String(i).padStart(15, 'a')}`, amount: d.amount, sequence: d.sequence }),
          );
          const { header, blocks } = read(pain008(collection(debits)));
          const total = debits.reduce((sum, d) => sum + d.amount, 0);
          expect(header.CtrlSum).toBe(centsToDecimal(total));
          expect(header.NbOfTxs).toBe(String(debits.length));
          for (const block of blocks) {
            const sequence = node(block.PmtTpInf).SeqTp;
            const mine = debits.filter((d) => d.sequence === sequence);
            expect(block.CtrlSum).toBe(centsToDecimal(mine.reduce((sum, d) => sum + d.amount, 0)));
            expect(txs(block).map((t) => node(t.InstdAmt)['#text'])).toEqual(
              mine.map((d) => centsToDecimal(d.amount)),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
