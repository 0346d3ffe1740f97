import { z } from 'zod';
import type { DayFigures, DaySourceFigures, PeriodFigures, SourceFigures } from './statistics.figures.ts';

/* The statistics' console call (docs/console.md "Statistics"): input and answer, for both sides. */

const text = (max: number) => z.string({ error: 'invalid' }).min(1, 'invalid').max(max, 'invalid');
const isoDate = z.iso.date({ error: 'invalid' });

export const statisticsQuerySchema = z.object({
  network: text(64).optional(),
  /** One site of the network; the whole network when absent. */
  site: text(64).optional(),
  /** The last this many days up to today, unless `from` is given. */
  days: z.coerce
    .number({ error: 'invalid' })
    .int('invalid')
    .min(1, 'invalid')
    .max(400, 'invalid')
    .default(30),
  /** Days, UTC, inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  by_source: z
    .enum(['0', '1', 'true', 'false'], { error: 'invalid' })
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  format: z.enum(['json', 'csv'], { error: 'invalid' }).default('json'),
});
export type StatisticsQueryInput = z.infer<typeof statisticsQuerySchema>;

export interface StatisticsAnswer {
  network: string;
  site: string | null;
  from: string;
  to: string;
  /** Today (UTC) at the server: its figures are live. */
  today: string;
  by_source: boolean;
  /** The currencies with revenue in the period. */
  currencies: string[];
  /** Every day of the period, in order. */
  days: DayFigures[];
  /** The period's: active members are null (counted per day only, see `PeriodFigures`). */
  totals: PeriodFigures;
  /** The period per traffic source, most signups first. */
  sources: SourceFigures[];
  /** Per day and source (only with `by_source`). */
  day_sources: DaySourceFigures[];
}

declare module '../../lib/api-client.ts' {
  interface ApiRoutes {
    'GET /console/api/statistics.php': { body: undefined; answer: StatisticsAnswer };
  }
}
