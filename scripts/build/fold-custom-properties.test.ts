import { describe, expect, it } from 'vitest';
import { foldCustomProperties } from './fold-custom-properties.ts';

/** The sheet without whitespace, for comparing. */
const fold = (css: string, named: RegExp[] = []) =>
  foldCustomProperties(css, named)
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,])\s*/g, '$1')
    .trim();

describe('foldCustomProperties', () => {
  it('replaces a property declared only on :root by its value, and drops the declaration', () => {
    expect(fold(':root { --w: 1px; --c: #000 } .a { border: var(--w) solid var(--c) }')).toBe(
      '.a{border:1px solid #000}',
    );
  });

  it('takes the last :root value, and replaces a :root value that reads another once that one is', () => {
    expect(
      fold(':root { --a: 1px } :root { --a: 2px; --b: calc(var(--a) * 2) } .x { width: var(--b) }'),
    ).toBe('.x{width:calc(2px * 2)}');
  });

  it('keeps a property that code names, and a :root value that reads it', () => {
    const named = [/^--brand-primary$/];
    expect(
      fold(':root { --brand-primary: red; --link: var(--brand-primary) } a { color: var(--link) }', named),
    ).toBe(':root{--brand-primary:red;--link:var(--brand-primary)}a{color:var(--link)}');
  });

  it('replaces a property declared once on a class where the reader is that element, not elsewhere', () => {
    const css =
      '.btn { --pad: 1rem; --ring: 0 0 0 2px rgba(var(--rgb), .5); padding: var(--pad) }' +
      ' .btn:hover, .x + .btn.active { box-shadow: var(--ring) }' +
      ' .card .btn-close { margin: var(--pad) } .btn-primary { --rgb: 1, 2, 3 }';
    // `--rgb` (a variant's) stays a var(): on the element that reads `--ring`, it is that
    // element's `--rgb` either way.
    expect(fold(css)).toBe(
      '.btn{--pad:1rem;padding:1rem}' +
        '.btn:hover,.x + .btn.active{box-shadow:0 0 0 2px rgba(var(--rgb),.5)}' +
        '.card .btn-close{margin:var(--pad)}.btn-primary{--rgb:1,2,3}',
    );
  });

  it('leaves a property a variant overrides, or one declared in a media query', () => {
    const css =
      '.btn { --bg: white; background: var(--bg) } .btn-primary { --bg: blue }' +
      ' @media (min-width: 576px) { .m { --gap: 1rem } } .m { gap: var(--gap) }';
    expect(fold(css)).toBe(
      '.btn{--bg:white;background:var(--bg)}.btn-primary{--bg:blue}@media (min-width:576px){.m{--gap:1rem}}.m{gap:var(--gap)}',
    );
  });

  it('reads an undeclared property as its fallback, or the declaration as unset', () => {
    expect(fold('.a { border-radius: var(--r, 0); padding: var(--p); color: var(--c, var(--d)) }')).toBe(
      '.a{border-radius:0;padding:unset;color:var(--d)}',
    );
  });

  it('makes a declaration left empty unset, and never writes a keyword value in its place', () => {
    expect(fold('.b { --ff: ; --h: inherit; font-family: var(--ff); color: var(--h) }')).toBe(
      '.b{--h:inherit;font-family:unset;color:var(--h)}',
    );
  });

  it('drops a declaration a later rule of the same selector overrides with a var()', () => {
    expect(
      fold(':root { --x: 1 } a { color: red; text-decoration: underline } a { color: var(--brand) }', [
        /^--brand$/,
      ]),
    ).toBe('a{text-decoration:underline}a{color:var(--brand)}');
    // A later value without var() may be one an old browser skips: the earlier one stays.
    expect(fold('a { color: red } a { color: color-mix(in srgb, red, blue) }')).toBe(
      'a{color:red}a{color:color-mix(in srgb,red,blue)}',
    );
  });
});
