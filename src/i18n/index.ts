import da from './locales/da.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fi from './locales/fi.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import nb from './locales/nb.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import sv from './locales/sv.json' with { type: 'json' };
import type { Locale } from './locales.ts';
import { format, type MessageVars } from './message-format.ts';

export * from './locales.ts';
export { format, type MessageVars } from './message-format.ts';

/** Every message key; English (`en.json`) is the source, so a key exists when English has it. */
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

/**
 * The message files, checked against English by `scripts/check-i18n.ts` (same keys, same
 * placeholders, nothing empty); the cast is what that check proves.
 */
export const MESSAGES: Record<Locale, Messages> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv } as Record<
  Locale,
  Messages
>;

export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/** A translator for one locale; one per request, never shared state. */
export function translator(locale: Locale): Translate {
  const messages = MESSAGES[locale];
  return (key, vars) => format(messages[key] ?? MESSAGES.en[key] ?? key, vars, locale);
}

/** Whether a string is a message key (niche copy keys come from JSON files). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES.en, key);
}

/**
 * The subset of messages an island needs, passed as a prop: islands ship only the messages
 * they use instead of a whole locale file. The locale travels with them because plural blocks
 * pick their branch by that language's rules, on the server render and in the browser alike.
 */
export function pickMessages<K extends MessageKey>(
  locale: Locale,
  keys: readonly K[],
): Readonly<Record<K, string> & { locale: Locale }> {
  // Key lists are module constants: each subset is built once per locale, not per request.
  let byLocale = picked.get(keys);
  if (!byLocale) {
    byLocale = new Map();
    picked.set(keys, byLocale);
  }
  const known = byLocale.get(locale);
  if (known) return known as Record<K, string> & { locale: Locale };
  const messages = MESSAGES[locale];
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = messages[key];
  const subset = Object.freeze({ ...out, locale });
  byLocale.set(locale, subset);
  return subset;
}

/**
 * `pickMessages` as one JSON text, for an island's `messages` prop: the same for every request,
 * so it is written once per key list and locale (see islandTranslator).
 */
export function islandMessages(locale: Locale, keys: readonly MessageKey[]): string {
  const subset = pickMessages(locale, keys);
  let text = texts.get(subset);
  if (text === undefined) {
    text = JSON.stringify(subset);
    texts.set(subset, text);
  }
  return text;
}

const texts = new WeakMap<object, string>();

/** Countries as a form offers them: each code with its name in the page's language, sorted by name. */
export function countryOptions(
  codes: readonly string[],
  locale: Locale,
): readonly { readonly code: string; readonly name: string }[] {
  let byLocale = countryLists.get(codes);
  if (!byLocale) {
    byLocale = new Map();
    countryLists.set(codes, byLocale);
  }
  let options = byLocale.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    options = Object.freeze(
      codes
        .map((code) => Object.freeze({ code, name: names.of(code) ?? code }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    );
    byLocale.set(locale, options);
  }
  return options;
}

/**
 * The sorted country lists, by the site's list of codes (a WeakMap: a list built on the fly is
 * not kept) and language: the same for every member of a site, and built with Intl each time
 * (display names and a locale-aware sort) on every page with a country picker.
 */
const countryLists = new WeakMap<
  readonly string[],
  Map<Locale, readonly { readonly code: string; readonly name: string }[]>
>();

/** Subsets already picked, by key list (a WeakMap: a list built on the fly is not kept). */
const picked = new WeakMap<readonly MessageKey[], Map<Locale, Readonly<Record<string, string>>>>();
