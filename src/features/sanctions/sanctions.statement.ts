import { translator, type Translate } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { MailMessage } from '../../server/adapters/mailer.ts';
import { composeMail } from '../../server/mail/index.ts';
import type { Site } from '../../tenancy/site.ts';
import type { DecisionKind, GroundType } from './sanctions.schemas.ts';

/*
 * The statement of reasons (DSA Art. 17): what was decided and how far it reaches, on which
 * facts, on which ground (a law for illegal content, a clause of the terms otherwise), whether
 * it was automated, and the redress. The same facts go to the member by e-mail, in their
 * language, and to the Commission's Transparency Database in its submission format.
 */

/** What a statement says; the decision's row as the statement needs it. */
export interface Statement {
  id: string;
  kind: DecisionKind;
  subjectType: string;
  until: number | null;
  facts: string;
  groundType: GroundType;
  ground: string;
  automated: boolean;
  /** Whether the decision answers notices (reports), rather than the provider's own initiative. */
  noticed: boolean;
  openedAt: number;
  decidedAt: number;
}

export function formatDateTime(locale: Locale, epochMs: number): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    epochMs,
  );
}

/** The paragraphs of a statement to the member, in `locale`. */
export function statementParagraphs(site: Site, locale: Locale, statement: Statement): string[] {
  const t = translator(locale);
  const vars = { site: site.name };
  const decision = (() => {
    switch (statement.kind) {
      case 'suspend':
        return t('sanctions.mail.decision.suspend', {
          ...vars,
          date: formatDateTime(locale, statement.until ?? statement.decidedAt),
        });
      case 'ban':
        return t('sanctions.mail.decision.ban', vars);
      case 'lift':
        return t('sanctions.mail.decision.lift', vars);
      default:
        return t('sanctions.mail.decision.warn', vars);
    }
  })();
  return [
    decision,
    t('sanctions.mail.scope', vars),
    t('sanctions.mail.facts', { facts: statement.facts }),
    statement.groundType === 'illegal'
      ? t('sanctions.mail.ground_illegal', { ground: statement.ground })
      : t('sanctions.mail.ground_terms', { ground: statement.ground }),
    t('sanctions.mail.automated'),
    t('sanctions.mail.redress'),
  ];
}

/** Who a sanctions e-mail goes to: the member's address and name, on their site, in their language. */
export interface MailRecipient {
  site: Site;
  locale: Locale;
  to: string;
  name: string | undefined;
}

/**
 * A sanctions e-mail to `recipient`. With an appeal link it ends in the button to it and the
 * note on how long the link works; an appeal's answer has no link.
 */
function sanctionsMail(
  recipient: MailRecipient,
  content: (t: Translate) => { subject: string; paragraphs: string[] },
  appealUrl?: string,
): MailMessage {
  const t = translator(recipient.locale);
  return composeMail(t, recipient.site, recipient.to, {
    ...content(t),
    name: recipient.name,
    ...(appealUrl
      ? { link: { url: appealUrl, label: t('sanctions.mail.button') }, notes: [t('sanctions.mail.note')] }
      : { notes: [] }),
  });
}

/** The statement e-mailed to the member, with the link of their appeal. */
export function statementMail(
  recipient: MailRecipient,
  statement: Statement,
  appealUrl: string,
): MailMessage {
  const { site, locale } = recipient;
  return sanctionsMail(
    recipient,
    (t) => ({
      subject: t('sanctions.mail.subject', { site: site.name }),
      paragraphs: statementParagraphs(site, locale, statement),
    }),
    appealUrl,
  );
}

/** The outcome told to the member who reported, with the link of their own appeal. */
export function reporterMail(recipient: MailRecipient, statement: Statement, appealUrl: string): MailMessage {
  const { site, locale } = recipient;
  return sanctionsMail(
    recipient,
    (t) => ({
      subject: t('sanctions.mail.reporter.subject', { site: site.name }),
      paragraphs: [
        statement.kind === 'suspend'
          ? t('sanctions.mail.reporter.suspend', { date: formatDateTime(locale, statement.until ?? 0) })
          : statement.kind === 'ban'
            ? t('sanctions.mail.reporter.ban')
            : statement.kind === 'warn'
              ? t('sanctions.mail.reporter.warn')
              : t('sanctions.mail.reporter.none'),
        t('sanctions.mail.redress'),
      ],
    }),
    appealUrl,
  );
}

/** The answer to an appeal. */
export function appealOutcomeMail(recipient: MailRecipient, outcome: 'uphold' | 'reverse'): MailMessage {
  return sanctionsMail(recipient, (t) => ({
    subject: t('sanctions.mail.appeal.subject', { site: recipient.site.name }),
    paragraphs: [t(outcome === 'uphold' ? 'sanctions.mail.appeal.upheld' : 'sanctions.mail.appeal.reversed')],
  }));
}

/* ------------------------------------------------------------------------------------------ */
/* The DSA Transparency Database                                                               */
/* ------------------------------------------------------------------------------------------ */

/** The EEA, where the decisions apply (the Transparency Database's territorial scope). */
export const EEA = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const CONTENT_TYPES: Record<string, string> = {
  photo: 'CONTENT_TYPE_IMAGE',
  text: 'CONTENT_TYPE_TEXT',
};

/**
 * One statement in the Transparency Database's submission format (its API's `POST
 * /api/v1/statement`): the account decision, the ground with its legal ground or the terms'
 * clause, the facts, no automation, the dates and the EEA scope; `puid` is our decision's id.
 */
export function dsaStatement(statement: Statement): Record<string, unknown> {
  const account = statement.subjectType === 'account';
  const illegal = statement.groundType === 'illegal';
  const contentType = CONTENT_TYPES[statement.subjectType];
  const body: Record<string, unknown> = {
    decision_ground: illegal ? 'DECISION_GROUND_ILLEGAL_CONTENT' : 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
    ...(illegal
      ? { illegal_content_legal_ground: statement.ground, illegal_content_explanation: statement.facts }
      : { incompatible_content_ground: statement.ground, incompatible_content_explanation: statement.facts }),
    decision_facts: statement.facts,
    category: illegal
      ? 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH'
      : 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
    content_type: contentType ? [contentType] : ['CONTENT_TYPE_OTHER'],
    ...(contentType ? {} : { content_type_other: account ? 'Member account' : statement.subjectType }),
    content_date: day(statement.openedAt),
    application_date: day(statement.decidedAt),
    territorial_scope: [...EEA],
    source_type: statement.noticed ? 'SOURCE_ARTICLE_16' : 'SOURCE_VOLUNTARY',
    automated_detection: statement.automated ? 'Yes' : 'No',
    automated_decision: statement.automated ? 'AUTOMATED_DECISION_FULLY' : 'AUTOMATED_DECISION_NOT_AUTOMATED',
    account_type: 'ACCOUNT_TYPE_PRIVATE',
    puid: statement.id,
  };
  if (account) {
    if (statement.kind === 'ban') body.decision_account = 'DECISION_ACCOUNT_TERMINATED';
    else if (statement.kind === 'suspend') {
      body.decision_account = 'DECISION_ACCOUNT_SUSPENDED';
      if (statement.until) body.end_date_account_restriction = day(statement.until);
    } else {
      // A warning restricts nothing: the database names that as "other" visibility.
      body.decision_visibility = ['DECISION_VISIBILITY_OTHER'];
      body.decision_visibility_other = statement.kind === 'lift' ? 'Restriction lifted' : 'Warning';
    }
  } else body.decision_visibility = ['DECISION_VISIBILITY_CONTENT_REMOVED'];
  return body;
}

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
