import { describe, expect, it } from 'vitest';
import {
  csvCell,
  emptyFigures,
  formatMinor,
  statisticsCsv,
  splitPeriod,
  summarise,
  type FigureRow,
} from './statistics.figures.ts';
import { netOfVat } from '../payments/payments.statistics.ts';

const none = { network: '', ref: '', sub: '' };
const adnet = { network: 'adnet', ref: 'r1', sub: 's1' };

function row(
  site: string,
  day: string,
  source: typeof none,
  patch: Partial<FigureRow['figures']>,
): FigureRow {
  return { site, day, source, figures: { ...emptyFigures(), ...patch } };
}

describe('CSV cells', () => {
  it.each(['=SUM(A1:A2)', '+31 6', '-2', '@cmd', '\tx', '\rx'])('neutralises %j as text', (text) => {
    const cell = csvCell(text);
    expect(cell.replace(/^"|"$/g, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it('quotes what must be quoted and leaves plain text and numbers alone', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('adnet')).toBe('adnet');
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes amounts as decimals of the major unit, negative ones too', () => {
    expect(formatMinor(123456)).toBe('1234.56');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(0)).toBe('0.00');
  });
});

describe('rollups and live figures', () => {
  const period = { from: '2026-01-01', to: '2026-01-10', yesterday: '2026-01-09' };

  it('reads closed days from the rollups up to the day every site has them for, the rest live', () => {
    const through = new Map([
      ['a', '2026-01-09'],
      ['b', '2026-01-05'],
    ]);
    expect(splitPeriod(period, ['a'], through)).toEqual({
      rollupsThrough: '2026-01-09',
      liveFrom: '2026-01-10',
    });
    expect(splitPeriod(period, ['a', 'b'], through)).toEqual({
      rollupsThrough: '2026-01-05',
      liveFrom: '2026-01-06',
    });
  });

  it('counts today live even where the rollups reach it, and a period in the past from rollups alone', () => {
    const ahead = new Map([['a', '2026-01-10']]);
    expect(splitPeriod(period, ['a'], ahead)).toEqual({
      rollupsThrough: '2026-01-09',
      liveFrom: '2026-01-10',
    });
    expect(splitPeriod({ ...period, to: '2026-01-03' }, ['a'], ahead)).toEqual({
      rollupsThrough: '2026-01-03',
      liveFrom: null,
    });
  });

  it('counts everything live for a site without rollups, or rollups that end before the period', () => {
    expect(splitPeriod(period, ['a', 'new'], new Map([['a', '2026-01-09']]))).toEqual({
      rollupsThrough: null,
      liveFrom: '2026-01-01',
    });
    expect(splitPeriod(period, ['a'], new Map([['a', '2025-12-01']]))).toEqual({
      rollupsThrough: null,
      liveFrom: '2026-01-01',
    });
  });

  it('adds up per day (empty days included), per source and in total, revenue per currency', () => {
    const summary = summarise(
      [
        row('a', '2026-01-01', adnet, { signups: 2, visits: 5, revenue: { EUR: 1000 } }),
        row('b', '2026-01-01', adnet, { signups: 1, revenue: { EUR: -200, GBP: 300 } }),
        row('a', '2026-01-03', none, { messages: 4 }),
        row('a', '2026-02-01', none, { messages: 99 }),
      ],
      '2026-01-01',
      '2026-01-03',
    );
    expect(summary.days.map((d) => d.day)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(summary.days[0]).toMatchObject({ signups: 3, visits: 5, revenue: { EUR: 800, GBP: 300 } });
    expect(summary.days[1]).toMatchObject({ signups: 0, revenue: {} });
    expect(summary.totals).toMatchObject({ signups: 3, messages: 4, revenue: { EUR: 800, GBP: 300 } });
    expect(summary.currencies).toEqual(['EUR', 'GBP']);
    expect(summary.sources.map((s) => s.source)).toEqual([adnet, none]);
  });

  it('counts active members per day only: a period has none, since a sum counts a member per day', () => {
    const rows = [
      row('a', '2026-01-01', adnet, { active_members: 3, signups: 1 }),
      row('a', '2026-01-02', adnet, { active_members: 2 }),
      row('a', '2026-01-02', none, { active_members: 1 }),
    ];
    const summary = summarise(rows, '2026-01-01', '2026-01-02');
    expect(summary.days.map((d) => d.active_members)).toEqual([3, 3]);
    expect(summary.day_sources.map((d) => d.active_members)).toEqual([3, 1, 2]);
    expect(summary.totals).toMatchObject({ signups: 1, active_members: null });
    expect(summary.sources.map((s) => s.active_members)).toEqual([null, null]);
    expect(statisticsCsv(summary, false).trimEnd().split('\r\n').at(-1)).toBe('total,,,,0,1,0,0,0,');
  });

  it('exports what it shows: a line per day or per day and source, then the totals', () => {
    const evil = { network: '=HYPERLINK("x")', ref: '', sub: '' };
    const summary = summarise(
      [row('a', '2026-01-01', evil, { signups: 1, revenue: { EUR: -1234 } })],
      '2026-01-01',
      '2026-01-01',
    );
    const lines = statisticsCsv(summary, true).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'day,source_network,source_ref,source_sub,visits,signups,activations,first_purchases,messages,active_members,revenue_EUR',
    );
    expect(lines[1]).toBe(`2026-01-01,"'=HYPERLINK(""x"")",,,0,1,0,0,0,0,-12.34`);
    expect(lines[2]).toBe('total,,,,0,1,0,0,0,,-12.34');
    expect(statisticsCsv(summary, false).split('\r\n')[1]).toBe('2026-01-01,,,,0,1,0,0,0,0,-12.34');
  });
});

describe('revenue net of VAT', () => {
  it('takes the VAT of the buyer country out of sales and refunds alike', () => {
    expect(netOfVat(11900, 'DE')).toBe(10000);
    expect(netOfVat(-11900, 'DE')).toBe(-10000);
    expect(netOfVat(5000, '')).toBe(5000);
    expect(netOfVat(5000, 'US')).toBe(5000);
  });
});
