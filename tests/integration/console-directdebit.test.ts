import { parse } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { latestSmsCode } from '../support/outbox.ts';
import { MANDATE_PAYER } from '../support/rows.ts';
import { DEMO } from '../support/server.ts';
import { useServer } from '../support/use-server.ts';
import { addDirectly, logIn } from './console-support.ts';
import type { LoggedIn } from './likes-support.ts';

/*
 * Collecting direct debits in the console (docs/operators.md "Direct debits"): members order by
 * direct debit through the member API, staff download the site's pain.008.001.02 file (FRST for a
 * mandate's first debit, RCUR after, a debit in one file only), and a debit the bank returns is
 * recorded with its reason code: the order fails, its credits are taken back, and the member's
 * next direct debit is refused.
 */
const app = useServer({ clock: true, trustProxy: true });

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const EXPORT = { site: DEMO.amber.id, from: day(-1), to: day(1), collection: day(3) };

let phones = 0;
let addresses = 0;

/** A direct debit order through the member API, with a fresh number and address. */
async function directDebit(member: LoggedIn, changes: Record<string, unknown> = {}) {
  phones += 1;
  addresses += 1;
  const phone = `+49152${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(5, '0')}`;
  const headers = { cookie: member.cookie, 'x-forwarded-for': `10.77.${process.pid % 250}.${addresses}` };
  const sent = await app.request('/api/directdebit.php?sms=1', { method: 'POST', headers, body: { phone } });
  expect(sent.status, sent.body).toBe(200);
  const code = latestSmsCode(app.server.dataDir, phone);
  const res = await app.request('/api/directdebit.php', {
    method: 'POST',
    headers,
    body: { bundle: 'starter', code, ...MANDATE_PAYER, phone, authorized: true, ...changes },
  });
  expect(res.status, res.body).toBe(201);
  return res.json<{ order: string }>().order;
}

async function staff(role: 'support' | 'moderator', network: string) {
  return logIn(app, await addDirectly(app, role, network));
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];
const node = (value: unknown) => value as Node;

/** The file's debits per sequence type, with their mandate, amount and debtor name. */
function debitsOf(xml: string) {
  const tree = parse(
    xml,
    { ignoreAttributes: false, attributeNamePrefix: '@_', parseNodeValue: false },
    true,
  ) as Node;
  const document = node(tree.Document);
  const root = node(document.CstmrDrctDbtInitn);
  const header = node(root.GrpHdr);
  const debits = list(root.PmtInf).flatMap((block) =>
    list(block.DrctDbtTxInf).map((tx) => ({
      sequence: node(block.PmtTpInf).SeqTp as string,
      order: node(tx.PmtId).EndToEndId as string,
      mandate: node(node(tx.DrctDbtTx).MndtRltdInf).MndtId as string,
      signed: node(node(tx.DrctDbtTx).MndtRltdInf).DtOfSgntr as string,
      amount: node(tx.InstdAmt)['#text'] as string,
      name: node(tx.Dbtr).Nm as string,
    })),
  );
  return { namespace: document['@_xmlns'], header, debits };
}

describe('console direct debits', () => {
  it('exports each paid debit once, FRST then RCUR per mandate, and records a return that blocks the member', async () => {
    const support = await staff('support', 'amber');
    const page = await support.get('/console/orders');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Direct debits: collection file');
    // Debits of other tests or earlier days are in a file already.
    await support.send('POST', '/console/api/directdebit-export.php', { ...EXPORT, again: false });

    const ann = await app.make.loggedIn({ country: 'DE' });
    const bea = await app.make.loggedIn({ country: 'DE' });
    const annFirst = await directDebit(ann);
    const annSecond = await directDebit(ann);
    const beaOrder = await directDebit(bea, { holder: 'Zoë & Co <GmbH>' });
    const [first, second] = await Promise.all([
      app.inspect.row('directdebit_mandates', { order_id: annFirst }),
      app.inspect.row('directdebit_mandates', { order_id: annSecond }),
    ]);
    // One member, one IBAN: one mandate, signed with the first order.
    expect(second!.reference).toBe(first!.reference);
    expect(second!.signed_at).toBe(first!.signed_at);

    for (const refused of [await staff('moderator', 'amber'), await staff('support', 'curvy')]) {
      expect((await refused.send('POST', '/console/api/directdebit-export.php', EXPORT)).status).toBe(403);
    }
    const past = await support.send('POST', '/console/api/directdebit-export.php', {
      ...EXPORT,
      collection: day(0),
    });
    expect(past.status).toBe(422);
    expect(past.json()).toMatchObject({ fields: { collection: 'invalid' } });

    const res = await support.send('POST', '/console/api/directdebit-export.php', EXPORT);
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pain008-localhost-.+\.xml"$/);
    const file = debitsOf(res.body);
    expect(file.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    const mine = file.debits.filter((d) => [annFirst, annSecond, beaOrder].includes(d.order));
    expect(mine.map((d) => [d.order, d.sequence])).toEqual(
      expect.arrayContaining([
        [annFirst, 'FRST'],
        [beaOrder, 'FRST'],
        [annSecond, 'RCUR'],
      ]),
    );
    expect(mine).toHaveLength(3);
    const orderRow = await app.inspect.row('orders', { id: annFirst });
    const amount = Number(orderRow!.amount);
    for (const d of mine)
      expect(d.amount).toBe(`${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`);
    expect(mine.find((d) => d.order === annSecond)!.mandate).toBe(first!.reference);
    expect(mine.find((d) => d.order === beaOrder)!.name).toBe('Zoe + Co GmbH');
    expect(file.header.NbOfTxs).toBe(String(file.debits.length));
    expect(res.headers['x-debits']).toBe(String(file.debits.length));
    expect((await app.inspect.row('directdebit_mandates', { order_id: annSecond }))!.sequence_type).toBe(
      'RCUR',
    );
    expect(await app.inspect.rows('audit_log', { action: 'directdebit.export' })).not.toHaveLength(0);

    // A second export has nothing left; asked to repeat, the same debits say the same.
    const empty = await support.send('POST', '/console/api/directdebit-export.php', EXPORT);
    expect(empty.status, empty.body).toBe(409);
    expect(empty.json()).toMatchObject({ error: 'nothing_to_export' });
    const repeated = await support.send('POST', '/console/api/directdebit-export.php', {
      ...EXPORT,
      again: true,
    });
    expect(repeated.status).toBe(200);
    expect(
      debitsOf(repeated.body)
        .debits.filter((d) => d.order === annSecond)
        .map((d) => d.sequence),
    ).toEqual(['RCUR']);

    // The bank returns Ann's first debit: AC04, account closed.
    const balanceBefore = Number((await app.inspect.row('members', { id: ann.memberId }))!.credits);
    const wrong = await support.send('POST', '/console/api/returned-debits.php', {
      order: annFirst,
      reason: 'XX99',
    });
    expect(wrong.status).toBe(422);
    const returned = await support.send('POST', '/console/api/returned-debits.php', {
      order: annFirst,
      reason: 'AC04',
    });
    expect(returned.status, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ order: annFirst, credits_reversed: Number(orderRow!.credits) });
    expect((await app.inspect.row('orders', { id: annFirst }))!.status).toBe('failed');
    expect(Number((await app.inspect.row('members', { id: ann.memberId }))!.credits)).toBe(
      balanceBefore - Number(orderRow!.credits),
    );
    expect((await app.inspect.row('directdebit_mandates', { order_id: annFirst }))!.return_reason).toBe(
      'AC04',
    );
    const detail = await support.get(`/console/api/order.php?id=${annFirst}`);
    expect(detail.json()).toMatchObject({
      order: { status: 'failed' },
      reversal: { kind: 'returned_debit' },
      direct_debit: { mandate: first!.reference, sequence_type: 'FRST', return_reason: 'AC04' },
    });

    // Ann's direct debit is refused from now on, in words and API.md's error shape.
    const blocked = await app.request('/api/directdebit.php?sms=1', {
      method: 'POST',
      headers: { cookie: ann.cookie, 'x-forwarded-for': '10.78.0.1' },
      body: { phone: '+4915200099999' },
    });
    expect(blocked.status).toBe(403);
    expect(blocked.json()).toEqual(
      expect.objectContaining({
        error: 'directdebit_blocked',
        message: 'Your account is blocked for direct debit payments',
      }),
    );

    // A repeated file leaves out the returned debit: it is no longer paid.
    const afterReturn = await support.send('POST', '/console/api/directdebit-export.php', {
      ...EXPORT,
      again: true,
    });
    expect(debitsOf(afterReturn.body).debits.map((d) => d.order)).not.toContain(annFirst);
  });
});
