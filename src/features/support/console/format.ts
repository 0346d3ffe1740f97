import { formatMoney } from '../../../lib/money.ts';

/* How the console's support pages write times and money: UTC, minutes, the currency's own digits. */

export const utc = (epochMs: number | null): string =>
  epochMs === null ? '–' : new Date(epochMs).toISOString().replace('T', ' ').slice(0, 16);

export const money = (amount: number, currency: string): string => formatMoney(amount, currency, 'en');

export const signed = (delta: number): string => (delta > 0 ? `+${delta}` : String(delta));
