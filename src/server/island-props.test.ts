import { describe, expect, it } from 'vitest';
import { escapeHTML } from 'astro/runtime/server/escape.js';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { escapeHtml, serializeIslandProps, type ConvertToSerializedForm } from './island-props';

/**
 * Astro's conversion of one value, through its exported serializer (the build hands the fast
 * path Astro's unexported `convertToSerializedForm` itself). Cycles are not its business here.
 */
const astroConvert: ConvertToSerializedForm = (value, metadata) =>
  (JSON.parse(serializeProps({ v: value }, metadata as Metadata)) as { v: unknown }).v;

type Metadata = NonNullable<Parameters<typeof serializeProps>[1]>;
const metadata = { displayName: 'Island', hydrate: 'idle', astroStaticSlot: true } as Metadata;

/** The fast path's two texts against Astro's, for props built fresh each time. */
function expectAstros(make: () => Record<string, unknown>): void {
  const ours = serializeIslandProps(make(), metadata, astroConvert);
  const astros = serializeProps(make(), metadata);
  expect(ours.json).toBe(astros);
  expect(ours.html).toBe(escapeHTML(astros));
}

const longMessages = JSON.stringify(
  Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`settings.key_${i}`, `Text "${i}" <b>&</b> it's {count}`]),
  ),
);

describe('island props', () => {
  it('writes what Astro writes for a member, links and a message JSON text', () => {
    expectAstros(() => ({
      user: {
        id: 'abc',
        email: 'robin+"x"@example.org',
        credits: 0,
        ratio: -1.5e-7,
        paid_user: false,
        invisible: true,
        time_zone: null,
        dismissed: {},
        notifications_disabled: [],
        profile: { name: "Robin <o'Brien> & co", main_image: null, tags: ['a', 1, true, null, [2]] },
      },
      links: { members: '/members', logout: '/api/logout.php?a=1&b=2' },
      messages: longMessages,
      emoji: '🎭 \u2028 \\ \n',
      missing: undefined,
      [`we"ird <key> & it's`]: { [`we"ird <key> & it's`]: 'twice' },
    }));
  });

  it('hands dates, maps, sets, URLs, infinities, NaN and functions to Astro and writes the same', () => {
    expectAstros(() => ({
      at: new Date('2026-11-26T12:00:00Z'),
      map: new Map([['a', { b: 1 }]]),
      set: new Set(['x', 2]),
      url: new URL('https://example.org/a?b=<c>'),
      big: Infinity,
      small: -Infinity,
      nan: Number.NaN,
      fn: () => 1,
      list: [new Date(0), undefined, 'z'],
      bytes: new Uint8Array([1, 2]),
      pattern: /a"b/,
    }));
  });

  it('escapes a long text once and still writes it right in other places', () => {
    expectAstros(() => ({ a: longMessages, b: { c: longMessages } }));
    expectAstros(() => ({ a: `${longMessages} ` }));
  });

  it('serializes a props object once for the two uses of one render', () => {
    const props = { a: 'x' };
    const first = serializeIslandProps(props, metadata, astroConvert);
    props.a = 'changed after the render';
    expect(serializeIslandProps(props, metadata, astroConvert)).toBe(first);
    expect(serializeIslandProps({ a: 'y' }, metadata, astroConvert).json).toBe('{"a":[0,"y"]}');
  });

  it('never gives one island the props of another', () => {
    const robin = serializeIslandProps({ user: { email: 'robin@example.org' } }, metadata, astroConvert);
    const sam = serializeIslandProps({ user: { email: 'sam@example.org' } }, metadata, astroConvert);
    expect(robin.json).toContain('robin@example.org');
    expect(sam.json).toContain('sam@example.org');
    expect(sam.json).not.toContain('robin');
  });

  it('refuses a value that contains itself, as Astro does', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const list: unknown[] = [];
    list.push(list);
    const convert: ConvertToSerializedForm = (_value, _metadata, parents) => {
      if (parents.has(_value as object)) throw new Error('Cyclic reference detected');
      return astroConvert(_value, _metadata, parents);
    };
    expect(() => serializeIslandProps({ cyclic }, metadata, convert)).toThrow(/Cyclic/);
    expect(() => serializeIslandProps({ list }, metadata, convert)).toThrow(/Cyclic/);
    expect(() => serializeProps({ cyclic }, metadata)).toThrow(/Cyclic/);
  });

  it('escapes the five HTML characters as Astro does', () => {
    for (const text of [`a&b<c>d'e"f`, '"only" "quotes"', 'none', '', `'`, '<', '>"&'])
      expect(escapeHtml(text)).toBe(escapeHTML(text));
  });
});
