import type { MessageKey } from '../../i18n/index.ts';
import { format, type MessageVars } from '../../i18n/message-format.ts';

/**
 * Messages inside islands. A page picks the keys an island needs on the server
 * (`pickMessages(locale, KEYS)`) and passes them as a prop; the island reads them through this
 * translator, so the browser receives a few strings instead of whole locale files. `locale`
 * comes along from `pickMessages`: plural blocks need the language's rules.
 */
export type IslandMessages = Partial<Record<MessageKey, string>> & { readonly locale?: string };
export type IslandTranslate = (key: MessageKey, vars?: MessageVars) => string;

/**
 * A translator over picked messages; a key that was not picked shows as itself, visibly.
 * Messages without a locale (built by hand) fall back to English plural rules.
 */
export function islandTranslator(messages: IslandMessages): IslandTranslate {
  return (key, vars) => format(messages[key] ?? key, vars, messages.locale);
}
