import { translator } from '../../i18n/index.ts';
import { isLocale, type Locale } from '../../i18n/locales.ts';
import { resolveText } from '../../tenancy/public-settings.ts';
import type { Site } from '../../tenancy/site.ts';
import { asksIfReal } from './host-inbox.detector.ts';

/*
 * The honest-answer rule: when a member asks whether an operator-run profile is real, the
 * reply says that the operator runs it, in the words of the site's fictional warning, and no
 * other reply can be sent until it has been.
 */

export interface ThreadMessage {
  id: string;
  /** Sent by the operator-run profile. */
  mine: boolean;
  text: string | null;
  created_at: number;
}

/**
 * The first of the member's messages that asks whether the profile is real (found by the
 * detector or marked by a host) and came after the last honest answer; null when none waits.
 */
export function pendingQuestion(
  thread: readonly ThreadMessage[],
  marked: ReadonlySet<string>,
  lastHonestAnswerAt: number | null,
): ThreadMessage | null {
  return (
    thread.find(
      (m) =>
        !m.mine &&
        (lastHonestAnswerAt === null || m.created_at > lastHonestAnswerAt) &&
        (marked.has(m.id) || asksIfReal(m.text)),
    ) ?? null
  );
}

/** The language a member reads: their own when the site shows it, else the site's own. */
export function memberLocale(site: Pick<Site, 'locales' | 'domainLocale'>, language: string | null): Locale {
  if (isLocale(language) && site.locales.includes(language)) return language;
  return site.domainLocale ?? site.locales[0] ?? 'en';
}

/** The honest answer: the site's fictional warning in the member's language. */
export function honestAnswerText(site: Site, locale: Locale): string {
  return resolveText(site.fictionalWarning, locale, translator(locale), { name: site.name });
}

/**
 * Since when the member has waited for this reply: their first message after the profile's
 * last one; `now` when the profile writes again without a message to answer.
 */
export function waitingSince(thread: readonly ThreadMessage[], now: number): number {
  let since: number | null = null;
  for (const m of thread) {
    if (m.mine) since = null;
    else since ??= m.created_at;
  }
  return since ?? now;
}
