import { describe, expect, it } from 'vitest';
import { dropFormControlParts, inputsIn } from './form-control-parts.ts';

const REBOOT =
  '::-webkit-datetime-edit-text { padding: 0 }' +
  '::-webkit-inner-spin-button { height: auto }' +
  '[type="search"] { outline-offset: -2px }' +
  '[type="search"]::-webkit-search-cancel-button { cursor: pointer }' +
  '::-webkit-color-swatch-wrapper { padding: 0 }' +
  '::file-selector-button, button { font: inherit }' +
  '[list]:not([type="date"])::-webkit-calendar-picker-indicator { display: none }' +
  '::-moz-focus-inner { padding: 0 }';

const selectors = (css: string) => [...css.matchAll(/([^{}]+)\{/g)].map((m) => m[1]!.trim());

describe('inputsIn', () => {
  it('reads the types of inputs in templates and islands, arrows and all', () => {
    expect(
      inputsIn([
        '<input type="checkbox" class="x">',
        '<input\n  onChange={(e) => set(e.target.value)}\n  type="date"\n/>',
        '<input name="q">',
      ]),
    ).toEqual({ types: new Set(['checkbox', 'date', 'text']), list: false });
  });

  it('knows nothing of the types an expression or spread props set', () => {
    expect(inputsIn(['<input type={kind} />']).types).toBeUndefined();
    expect(inputsIn(['<input {...props} />']).types).toBeUndefined();
    expect(inputsIn(['<input list="cities" />']).list).toBe(true);
  });
});

describe('dropFormControlParts', () => {
  it('drops the inner parts of every input a page without inputs has not', () => {
    expect(selectors(dropFormControlParts(REBOOT, { types: new Set(), list: false }))).toEqual([
      'button',
      '::-moz-focus-inner',
    ]);
  });

  it('keeps the parts of the types the page has', () => {
    expect(selectors(dropFormControlParts(REBOOT, { types: new Set(['date']), list: false }))).toEqual([
      '::-webkit-datetime-edit-text',
      '::-webkit-inner-spin-button',
      'button',
      '::-moz-focus-inner',
    ]);
  });

  it('keeps everything when a type is unknown', () => {
    expect(selectors(dropFormControlParts(REBOOT, { types: undefined, list: true }))).toHaveLength(8);
  });
});
