import type { Translate } from '../../i18n/index.ts';
import type { Site } from '../../tenancy/site.ts';
import type { MailMessage } from '../adapters/mailer.ts';
import { composeMail } from './layout.ts';

/*
 * The statement of reasons a member gets when a moderator acts on their content (Digital
 * Services Act, art. 17): what was decided, on which facts, on which rule, that a person decided
 * it, and how to seek redress. Each feature says what and which facts; the rest is the same
 * for every decision.
 */

export interface Statement {
  subject: string;
  /** The member's name in the greeting. */
  name: string;
  /** What was decided, and on which facts (which photo or text, since when). */
  decision: string[];
  /** The moderator's own words, when they added some. */
  note: string | null;
  /** The section of the terms the decision rests on, and where the terms are. */
  ground: { section: string; url: string };
  /** Where to contest the decision: the complaints form, unless there is an appeal link. */
  complaintsUrl: string;
  /** The appeal link of the decision, when it was recorded as one members may appeal. */
  appealUrl?: string | null | undefined;
  /** Small print: where the member sees the decision on the site. */
  notes: string[];
}

export function statementOfReasons(t: Translate, site: Site, to: string, statement: Statement): MailMessage {
  return composeMail(t, site, to, {
    subject: statement.subject,
    name: statement.name,
    paragraphs: [
      ...statement.decision,
      ...(statement.note ? [t('moderation.mail.note', { note: statement.note })] : []),
      t('moderation.mail.ground', statement.ground),
      t('moderation.mail.human'),
      t(statement.appealUrl ? 'moderation.mail.redress_appeal' : 'moderation.mail.redress'),
    ],
    link: { url: statement.appealUrl ?? statement.complaintsUrl, label: t('moderation.mail.button') },
    notes: statement.notes,
  });
}
