/*
 * The returned debits of a bank's camt.054 notification (ISO 20022 "Bank to customer debit credit
 * notification"), as lines of the returns list (`order;reason`): one for each transaction that
 * carries return information (`TxDtls/RtrInf`), named by its end-to-end id, which is our order id
 * in the collection file (src/features/payments/payments.sepa.ts). Other entries of the
 * notification (credits, collections that went through) are not returns and are passed over.
 *
 * Read in the browser with its own XML parser: the lines go into the list for the operator to see
 * before anything is recorded, and the list's own reading judges them (an unknown reason code is
 * a line not understood, never guessed).
 */

export type Camt054 = { ok: true; lines: string[] } | { ok: false };

/** The element at `path` below `parent`, child by child, by local name (camt.054 has a namespace per version). */
function child(parent: Element, ...path: string[]): Element | undefined {
  let at: Element | undefined = parent;
  for (const name of path) {
    at = [...at.children].find((el) => el.localName === name);
    if (!at) return undefined;
  }
  return at;
}

const text = (el: Element | undefined) => el?.textContent?.trim() ?? '';

export function readCamt054(xml: string, parser: DOMParser = new DOMParser()): Camt054 {
  const document = parser.parseFromString(xml, 'application/xml');
  const root = document.documentElement;
  if (document.getElementsByTagName('parsererror').length > 0 || !root) return { ok: false };
  const notification = child(root, 'BkToCstmrDbtCdtNtfctn');
  if (root.localName !== 'Document' || !notification) return { ok: false };
  const lines: string[] = [];
  for (const transaction of notification.getElementsByTagNameNS('*', 'TxDtls')) {
    const returned = child(transaction, 'RtrInf');
    if (!returned) continue;
    const order = text(child(transaction, 'Refs', 'EndToEndId'));
    // A proprietary reason has no ISO code; its line stays for the operator to read.
    const reason = text(child(returned, 'Rsn', 'Cd')) || text(child(returned, 'Rsn', 'Prtry'));
    lines.push(`${order || '?'};${reason || '?'}`);
  }
  return { ok: true, lines };
}
