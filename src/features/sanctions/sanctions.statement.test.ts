import { describe, expect, it } from 'vitest';
import { demoSite } from '../../../tests/support/unit-context.ts';
import { csv, csvCell, dsaStatement, EEA, statementMail, type Statement } from './sanctions.statement.ts';
import { median, transparencyCsv } from './sanctions.transparency.ts';

const T = Date.UTC(2026, 10, 20, 9, 30);
const DAY = 24 * 60 * 60 * 1000;

function statement(overrides: Partial<Statement> = {}): Statement {
  return {
    id: 'md1aaaaaaaaaaaaa',
    kind: 'ban',
    subjectType: 'account',
    until: null,
    facts: 'Asked three members for money by message on 18 November.',
    groundType: 'terms',
    ground: 'Terms of use §4.2 (no requests for money)',
    automated: false,
    noticed: true,
    openedAt: T - 2 * DAY,
    decidedAt: T,
    ...overrides,
  };
}

describe('the statement of reasons e-mail', () => {
  it('says the decision and its scope, the facts, the ground, that no automation decided, and the redress', () => {
    const site = demoSite();
    const mail = statementMail(
      { site, locale: 'en', to: 'ann@example.org', name: 'Ann' },
      statement(),
      'https://x.test/appeal?token=abc',
    );
    expect(mail.to).toBe('ann@example.org');
    expect(mail.subject).toContain(site.name);
    expect(mail.text).toContain('closed for good');
    expect(mail.text).toContain('every site that shares its members');
    expect(mail.text).toContain('Asked three members for money');
    expect(mail.text).toContain('terms of use (Terms of use §4.2');
    expect(mail.text).toContain('no automated means');
    expect(mail.text).toContain('out-of-court dispute settlement');
    expect(mail.text).toContain('https://x.test/appeal?token=abc');
  });

  it('names the legal ground of illegal content and the end of a suspension, in the member’s language', () => {
    const mail = statementMail(
      { site: demoSite(), locale: 'de', to: 'bo@example.org', name: undefined },
      statement({ kind: 'suspend', until: T + 7 * DAY, groundType: 'illegal', ground: '§ 263 StGB' }),
      'https://x.test/appeal?token=abc',
    );
    expect(mail.text).toContain('gesperrt');
    expect(mail.text).toContain('27. November 2026');
    expect(mail.text).toContain('rechtswidrig nach § 263 StGB');
  });
});

describe('the Transparency Database submission', () => {
  it('maps a ban on the terms to a terminated account on incompatible content', () => {
    const body = dsaStatement(statement());
    expect(body).toMatchObject({
      decision_account: 'DECISION_ACCOUNT_TERMINATED',
      decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
      incompatible_content_ground: 'Terms of use §4.2 (no requests for money)',
      decision_facts: statement().facts,
      automated_detection: 'No',
      automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED',
      source_type: 'SOURCE_ARTICLE_16',
      content_type: ['CONTENT_TYPE_OTHER'],
      application_date: '2026-11-20',
      content_date: '2026-11-18',
      category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
      puid: 'md1aaaaaaaaaaaaa',
    });
    expect(body.territorial_scope).toEqual([...EEA]);
    expect(body).not.toHaveProperty('illegal_content_legal_ground');
  });

  it('maps a suspension on a legal ground, with its end, and content decisions to visibility', () => {
    const body = dsaStatement(
      statement({
        kind: 'suspend',
        until: T + 7 * DAY,
        groundType: 'illegal',
        ground: '§ 263 StGB',
        noticed: false,
      }),
    );
    expect(body).toMatchObject({
      decision_account: 'DECISION_ACCOUNT_SUSPENDED',
      end_date_account_restriction: '2026-11-27',
      decision_ground: 'DECISION_GROUND_ILLEGAL_CONTENT',
      illegal_content_legal_ground: '§ 263 StGB',
      source_type: 'SOURCE_VOLUNTARY',
    });
    const photo = dsaStatement(statement({ subjectType: 'photo', kind: 'reject' }));
    expect(photo.decision_visibility).toEqual(['DECISION_VISIBILITY_CONTENT_REMOVED']);
    expect(photo.content_type).toEqual(['CONTENT_TYPE_IMAGE']);
    expect(photo).not.toHaveProperty('decision_account');
  });
});

describe('CSV', () => {
  it('neutralises cells a spreadsheet would read as a formula, and quotes what must be', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('amber')).toBe('amber');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
    expect(csv([['a', 'b,c']])).toBe('a,"b,c"\r\n');
  });

  it('writes the transparency counts, a cell that would start a formula neutralised', () => {
    const text = transparencyCsv([
      {
        site: '=evil',
        network: 'amber',
        reports: 3,
        decisions: 2,
        median_hours_to_decision: 1.5,
        average_hours_to_decision: 2,
        appeals: 1,
        reversals: 0,
      },
    ]);
    expect(text.split('\r\n')[0]).toBe(
      'site,network,reports,decisions,median_hours_to_decision,average_hours_to_decision,appeals,reversals',
    );
    expect(text.split('\r\n')[1]).toBe(`"'=evil",amber,3,2,1.5,2,1,0`);
  });

  it('takes the median of odd and even counts', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
