/*
 * The statistics' arithmetic, free of the database: figures of one site, day and source added
 * up by day, by source and in total, rollups and live figures put together, and the CSV. Pure,
 * so the console's island may use the formatting too.
 */

export const COUNT_FIGURES = [
  'visits',
  'signups',
  'activations',
  'first_purchases',
  'messages',
  'active_members',
] as const;
export type CountFigure = (typeof COUNT_FIGURES)[number];

export type Counts = Record<CountFigure, number>;

/** A traffic source: the tracking record's network, ref and sub ('' for none). */
export interface Source {
  network: string;
  ref: string;
  sub: string;
}

/** Counts and revenue (minor units per currency, net of refunds and VAT). */
export interface Figures extends Counts {
  revenue: Record<string, number>;
}

/** One site's figures of one day and source: a rollup row or a live one. */
export interface FigureRow {
  site: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  source: Source;
  figures: Figures;
}

export interface DayFigures extends Figures {
  day: string;
}

/**
 * Figures of a whole period (its total, or one source's): the counts added up over its days, but
 * not active members (null). A sum of the days' counts a member once for every day they were
 * active, which reads as that many members; counting each once needs every member of the
 * network read for the period (about a quarter of a second for 90 days of a million members,
 * seconds with their sources), so a period leaves them out and the days keep theirs.
 */
export interface PeriodFigures extends Omit<Figures, 'active_members'> {
  active_members: null;
}

export interface SourceFigures extends PeriodFigures {
  source: Source;
}

export interface DaySourceFigures extends DayFigures {
  source: Source;
}

export function emptyFigures(): Figures {
  return {
    visits: 0,
    signups: 0,
    activations: 0,
    first_purchases: 0,
    messages: 0,
    active_members: 0,
    revenue: {},
  };
}

export function addFigures(into: Figures, add: Figures): Figures {
  for (const figure of COUNT_FIGURES) into[figure] += add[figure];
  for (const [currency, amount] of Object.entries(add.revenue))
    into.revenue[currency] = (into.revenue[currency] ?? 0) + amount;
  return into;
}

export const sourceKey = (source: Source): string =>
  `${source.network}\u0000${source.ref}\u0000${source.sub}`;

/**
 * Where a period splits into closed days read from the rollups and days counted live: the
 * rollups serve up to the last day every chosen site has them for (never today, even where a
 * moved clock let the job write it), the live count takes every day after. So no day is counted
 * twice, a day the job has not reached yet is still shown, and a site without rollups (new, or
 * the job not run yet) makes the whole period live.
 */
export function splitPeriod(
  period: { from: string; to: string; yesterday: string },
  sites: readonly string[],
  rolledThrough: ReadonlyMap<string, string>,
): { rollupsThrough: string | null; liveFrom: string | null } {
  let through: string | null = period.yesterday < period.to ? period.yesterday : period.to;
  for (const site of sites) {
    const written = rolledThrough.get(site);
    if (written === undefined) through = null;
    else if (through !== null && written < through) through = written;
  }
  if (through !== null && through < period.from) through = null;
  const liveFrom = through === null ? period.from : dayAfter(through);
  return { rollupsThrough: through, liveFrom: liveFrom <= period.to ? liveFrom : null };
}

function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` inclusive (`YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export interface Summary {
  currencies: string[];
  days: DayFigures[];
  totals: PeriodFigures;
  sources: SourceFigures[];
  /** Per day and source, days in order, then the sources by their signups. */
  day_sources: DaySourceFigures[];
}

/**
 * The rows added up per day (every day of the period, empty ones too), per source and in all
 * (active members per day only: see `PeriodFigures`).
 */
export function summarise(rows: readonly FigureRow[], from: string, to: string): Summary {
  const days = new Map(daysBetween(from, to).map((day) => [day, { day, ...emptyFigures() }]));
  const sources = new Map<string, Figures & { source: Source }>();
  const daySources = new Map<string, DaySourceFigures>();
  const totals = emptyFigures();
  for (const row of rows) {
    const day = days.get(row.day);
    if (!day) continue;
    addFigures(day, row.figures);
    addFigures(totals, row.figures);
    const key = sourceKey(row.source);
    if (!sources.has(key)) sources.set(key, { source: row.source, ...emptyFigures() });
    addFigures(sources.get(key)!, row.figures);
    const dayKey = `${row.day}\u0000${key}`;
    if (!daySources.has(dayKey))
      daySources.set(dayKey, { day: row.day, source: row.source, ...emptyFigures() });
    addFigures(daySources.get(dayKey)!, row.figures);
  }
  const bySignups = (a: SourceFigures | DaySourceFigures, b: SourceFigures | DaySourceFigures) =>
    b.signups - a.signups || b.visits - a.visits || sourceKey(a.source).localeCompare(sourceKey(b.source));
  return {
    currencies: Object.keys(totals.revenue).sort(),
    days: [...days.values()],
    totals: { ...totals, active_members: null },
    sources: [...sources.values()]
      .map((figures): SourceFigures => ({ ...figures, active_members: null }))
      .sort(bySignups),
    day_sources: [...daySources.values()].sort((a, b) => a.day.localeCompare(b.day) || bySignups(a, b)),
  };
}

/** Minor units as a decimal amount of the major unit: 123456 → "1234.56", -5 → "-0.05". */
export function formatMinor(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(amount));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A CSV field (RFC 4180): quoted when it must be, and a text that a spreadsheet would read as a
 * formula (starting with = + - @, a tab or a carriage return) kept as text with a leading '.
 * A figure that is not known (null) is an empty field.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The export: a line per day (per day and source when grouped), then the totals. */
export function statisticsCsv(summary: Summary, bySource: boolean): string {
  const header = [
    'day',
    'source_network',
    'source_ref',
    'source_sub',
    ...COUNT_FIGURES,
    ...summary.currencies.map((c) => `revenue_${c}`),
  ];
  const line = (day: string, source: Source | undefined, figures: Figures | PeriodFigures) =>
    [
      csvCell(day),
      csvCell(source?.network ?? ''),
      csvCell(source?.ref ?? ''),
      csvCell(source?.sub ?? ''),
      ...COUNT_FIGURES.map((f) => csvCell(figures[f])),
      // Written by us as digits: a negative amount stays a number, not a neutralised text.
      ...summary.currencies.map((c) => formatMinor(figures.revenue[c] ?? 0)),
    ].join(',');
  const lines = [header.join(',')];
  if (bySource) for (const row of summary.day_sources) lines.push(line(row.day, row.source, row));
  else for (const row of summary.days) lines.push(line(row.day, undefined, row));
  lines.push(line('total', undefined, summary.totals));
  return `${lines.join('\r\n')}\r\n`;
}
