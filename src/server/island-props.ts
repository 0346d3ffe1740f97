import { LRUCache } from 'lru-cache';

/**
 * The props of a hydrated island, as Astro writes them into `<astro-island props="…">`, built in
 * one pass instead of three. Astro serializes an island's props twice (once to name the island,
 * once for the attribute), each time as a tree of `[type, value]` arrays turned into JSON, then
 * escapes the JSON for the attribute with a regular expression. On an uncached member page that
 * was the largest single cost after React itself: every settings form carries the member and its
 * messages as one long JSON text. Here the JSON and its escaped form are written directly, the
 * answer is kept for the second call of the same render, and long texts (the per-locale message
 * JSON of each island) are escaped once.
 *
 * The output is Astro's, byte for byte: `island-props.test.ts` compares it with Astro's own
 * serializer. Anything other than a plain object, an array, a string, a finite number, a boolean,
 * null or undefined (dates, maps, sets, URLs, typed arrays, infinities, functions...) is handed
 * to Astro's `convertToSerializedForm`, whose JSON is the same text at that place.
 */

/** Astro's own conversion of one value to its serialized form (`[type, value]`). */
export type ConvertToSerializedForm = (value: unknown, metadata: object, parents: WeakSet<object>) => unknown;

export interface SerializedProps {
  /** What Astro's `serializeProps` returns (the island's name is hashed from it). */
  json: string;
  /** The same, escaped as Astro's `escapeHTML` does, for the `props` attribute. */
  html: string;
}

/** One render serializes the same props object twice; the second call finds the first answer. */
const byProps = new WeakMap<object, SerializedProps>();

/**
 * Long texts and their serialized forms. They are the same few message JSON texts over and over
 * (one per island and locale); a text maps only to its own escaping, so whoever finds an entry
 * had the text already. Bounded, so texts that vary cannot grow it without limit.
 */
const LONG_TEXT = 256;
const longTexts = new LRUCache<string, readonly [json: string, html: string]>({ max: 512 });

/**
 * Property names and their serialized forms: the same few dozen names of the code's own props
 * (the member's fields, the links, the messages) on every page. Bounded like the long texts.
 */
const names = new LRUCache<string, readonly [json: string, html: string]>({ max: 1024 });

const ESCAPABLE = /[&<>'"]/g;

function entityFor(match: string): string {
  switch (match) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case "'":
      return '&#39;';
    default:
      return '&quot;';
  }
}

const ESCAPABLE_BUT_QUOTE = /[&<>']/;

/** Astro's `escapeHTML`: the five characters of HTML markup as entities. */
export function escapeHtml(text: string): string {
  // JSON has a quote in every text and seldom any of the others.
  if (ESCAPABLE_BUT_QUOTE.test(text)) return text.replace(ESCAPABLE, entityFor);
  return text.replaceAll('"', '&quot;');
}

class Writer {
  json = '';
  html = '';
  private readonly metadata: object;
  private readonly convert: ConvertToSerializedForm;
  private readonly parents: WeakSet<object>;
  constructor(metadata: object, convert: ConvertToSerializedForm, parents: WeakSet<object>) {
    this.metadata = metadata;
    this.convert = convert;
    this.parents = parents;
  }

  /** Both outputs get the same text (it has none of the characters HTML escapes). */
  plain(text: string): void {
    this.json += text;
    this.html += text;
  }

  quoted(text: string): void {
    if (text.length >= LONG_TEXT) {
      let known = longTexts.get(text);
      if (!known) {
        const json = JSON.stringify(text);
        known = [json, escapeHtml(json)];
        longTexts.set(text, known);
      }
      this.json += known[0];
      this.html += known[1];
      return;
    }
    const json = JSON.stringify(text);
    this.json += json;
    this.html += escapeHtml(json);
  }

  /** A property name and its colon. */
  name(key: string): void {
    let known = names.get(key);
    if (!known) {
      const json = `${JSON.stringify(key)}:`;
      known = [json, escapeHtml(json)];
      names.set(key, known);
    }
    this.json += known[0];
    this.html += known[1];
  }

  /** Astro's `serializeObject`: each own enumerable property as its serialized form. */
  object(value: object): void {
    this.enter(value);
    this.plain('{');
    let first = true;
    for (const key of Object.keys(value)) {
      if (!first) this.plain(',');
      first = false;
      this.name(key);
      this.value((value as Record<string, unknown>)[key]);
    }
    this.plain('}');
    this.parents.delete(value);
  }

  /** Astro's `convertToSerializedForm`, written out as JSON. */
  value(value: unknown): void {
    switch (typeof value) {
      case 'string':
        this.plain('[0,');
        this.quoted(value);
        this.plain(']');
        return;
      case 'boolean':
        this.plain(value ? '[0,true]' : '[0,false]');
        return;
      case 'number':
        if (Number.isFinite(value)) {
          this.plain(`[0,${JSON.stringify(value)}]`);
          return;
        }
        break;
      case 'undefined':
        this.plain('[0]');
        return;
      case 'object':
        if (value === null) {
          this.plain('[0,null]');
          return;
        }
        if (Array.isArray(value)) {
          this.enter(value);
          this.plain('[1,[');
          for (let i = 0; i < value.length; i++) {
            if (i > 0) this.plain(',');
            this.value(value[i]);
          }
          this.plain(']]');
          this.parents.delete(value);
          return;
        }
        if (Object.prototype.toString.call(value) === '[object Object]') {
          this.plain('[0,');
          this.object(value);
          this.plain(']');
          return;
        }
        break;
    }
    const json = JSON.stringify(this.convert(value, this.metadata, this.parents));
    this.json += json;
    this.html += escapeHtml(json);
  }

  /** A value inside itself has no JSON form; Astro's own message names the island. */
  private enter(value: object): void {
    if (this.parents.has(value)) this.convert(value, this.metadata, this.parents);
    this.parents.add(value);
  }
}

/** An island's props as Astro's `serializeProps` and `escapeHTML(serializeProps(…))` give them. */
export function serializeIslandProps(
  props: object,
  metadata: object,
  convert: ConvertToSerializedForm,
): SerializedProps {
  const known = byProps.get(props);
  if (known) return known;
  const writer = new Writer(metadata, convert, new WeakSet());
  writer.object(props);
  const serialized: SerializedProps = { json: writer.json, html: writer.html };
  byProps.set(props, serialized);
  return serialized;
}
