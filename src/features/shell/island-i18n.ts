import type { MessageKey } from '../../i18n/index.ts';
import { format, type MessageVars } from '../../i18n/message-format.ts';
import { islandDataValue, type IslandDataBlock } from '../../lib/island-json.ts';

/**
 * Messages inside islands. A page picks the keys an island needs on the server
 * (`pickMessages(locale, KEYS)`) and passes them as a prop; the island reads them through this
 * translator, so the browser receives a few strings instead of whole locale files. `locale`
 * comes along from `pickMessages`: plural blocks need the language's rules.
 */
export type PickedMessages = Partial<Record<MessageKey, string>> & { readonly locale?: string };
/**
 * What an island's `messages` prop holds: the picked messages, the same as one JSON text
 * (`islandMessages` on the server), or a data block of the page (`islandData`, for the long
 * lists of a page's own island). A text costs Astro one escape where an object costs a
 * serialization of every string in it, on every request of every member page; a block costs it
 * nothing.
 */
export type IslandMessages = PickedMessages | string | IslandDataBlock<PickedMessages>;
export type IslandTranslate = (key: MessageKey, vars?: MessageVars) => string;

/**
 * A translator over picked messages; a key that was not picked shows as itself, visibly.
 * Messages without a locale (built by hand) fall back to English plural rules.
 */
export function islandTranslator(messages: IslandMessages): IslandTranslate {
  const picked = typeof messages === 'string' ? parsed(messages) : islandDataValue(messages);
  let translate = translators.get(picked);
  if (!translate) {
    translate = (key, vars) => format(picked[key] ?? key, vars, picked.locale);
    translators.set(picked, translate);
  }
  return translate;
}

/** The language the island's messages are in (what `Intl` formats of the island should speak). */
export function islandLocale(messages: IslandMessages): string | undefined {
  return (typeof messages === 'string' ? parsed(messages) : islandDataValue(messages)).locale;
}

/**
 * One translator per set of messages (picked sets are kept per locale, parsed texts per text):
 * the same translator on every render and request, so that what depends on it (a kept list's
 * items, `kept-items.ts`) can name it.
 */
const translators = new WeakMap<PickedMessages, IslandTranslate>();

/** Each island of a page parses its text once, however often it renders. */
const parsedTexts = new Map<string, PickedMessages>();
function parsed(text: string): PickedMessages {
  let messages = parsedTexts.get(text);
  if (!messages) {
    messages = JSON.parse(text) as PickedMessages;
    parsedTexts.set(text, messages);
  }
  return messages;
}
