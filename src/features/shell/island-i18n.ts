import { format, type MessageKey, type MessageVars } from '../../i18n/index.ts';

/**
 * Messages inside islands. A page picks the keys an island needs on the server
 * (`pickMessages(locale, KEYS)`) and passes them as a prop; the island reads them through this
 * translator, so the browser receives a few strings instead of whole locale files.
 */
export type IslandMessages = Partial<Record<MessageKey, string>>;
export type IslandTranslate = (key: MessageKey, vars?: MessageVars) => string;

/** A translator over picked messages; a key that was not picked shows as itself, visibly. */
export function islandTranslator(messages: IslandMessages): IslandTranslate {
  return (key, vars) => format(messages[key] ?? key, vars);
}
