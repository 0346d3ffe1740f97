import type { IslandTranslate } from '../../shell/island-i18n.ts';
import type { DecisionKind } from '../sanctions.schemas.ts';

/** The console's words for the kinds of decision it names, for the islands' message lists. */
export const DECISION_KIND_MESSAGES = [
  'console.sanctions.kind_warn',
  'console.sanctions.kind_suspend',
  'console.sanctions.kind_ban',
  'console.sanctions.kind_dismiss',
  'console.sanctions.kind_lift',
] as const;

const KIND_LABEL: Partial<Record<DecisionKind, (typeof DECISION_KIND_MESSAGES)[number]>> = {
  warn: 'console.sanctions.kind_warn',
  suspend: 'console.sanctions.kind_suspend',
  ban: 'console.sanctions.kind_ban',
  dismiss: 'console.sanctions.kind_dismiss',
  lift: 'console.sanctions.kind_lift',
};

/** A decision's kind in the staff member's words; a kind without a word shows as its code. */
export function decisionKindText(t: IslandTranslate, kind: DecisionKind): string {
  const label = KIND_LABEL[kind];
  return label ? t(label) : kind;
}
