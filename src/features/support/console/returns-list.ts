import { RETURN_REASONS } from '../support.constants.ts';

/*
 * A list of returned debits as a bank's return report gives them: one per line, the end-to-end
 * id (our order id) and the ISO reason code, separated by a comma, semicolon, tab or spaces. A
 * header line or a line without a known code is handed back as not understood, never guessed.
 */

export type ReturnReason = (typeof RETURN_REASONS)[number];

export interface ReturnsList {
  returns: Array<{ order: string; reason: ReturnReason }>;
  /** Lines (1-based) that name no order and known reason code. */
  unread: number[];
}

const isReason = (code: string): code is ReturnReason => (RETURN_REASONS as readonly string[]).includes(code);

export function readReturnsList(text: string): ReturnsList {
  const list: ReturnsList = { returns: [], unread: [] };
  const seen = new Set<string>();
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const cells = line
      .split(/[,;\t ]+/)
      .map((cell) => cell.trim().replace(/^"|"$/g, ''))
      .filter(Boolean);
    if (cells.length === 0) continue;
    const [order, code] = cells as [string, string | undefined];
    const reason = code?.toUpperCase() ?? '';
    if (cells.length !== 2 || !/^[A-Za-z0-9_-]{1,64}$/.test(order) || !isReason(reason)) {
      list.unread.push(index + 1);
      continue;
    }
    // The same order twice in one list is one return.
    if (seen.has(order)) continue;
    seen.add(order);
    list.returns.push({ order, reason });
  }
  return list;
}
