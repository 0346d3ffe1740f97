import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bounceInput, pageHiddenInput } from './page-behaviours.schemas.ts';
import { compact } from '../../lib/compact-script.ts';
import { LAZY_SCRIPTS_SOURCE, PAGE_BEHAVIOURS_SOURCE } from './inline-scripts.ts';

describe('inline scripts', () => {
  it.each([
    ['page behaviours', PAGE_BEHAVIOURS_SOURCE],
    ['lazy scripts', LAZY_SCRIPTS_SOURCE],
  ])('%s compile once compacted', (_name, source) => {
    expect(() => new Script(source)).not.toThrow();
    expect(source).not.toMatch(/\n/);
  });

  it('compacting removes line breaks and indentation only', () => {
    expect(compact('\n  var a=1;\n  if(a){\n    a=2;\n  }\n')).toBe('var a=1;if(a){a=2;}');
  });

  it('carry the spec constants: loading bar 200 ms, chunk reload once per 60 s', () => {
    expect(PAGE_BEHAVIOURS_SOURCE).toContain('},200)');
    expect(PAGE_BEHAVIOURS_SOURCE).toContain('<60000)return');
  });
});

describe('beacon payloads', () => {
  it('keep the path of a bounce and drop its query', () => {
    expect(bounceInput.parse({ page: '/landers/gallery?network=x&ref=y#top', ms: 5230 })).toEqual({
      page: '/landers/gallery',
      ms: 5230,
    });
  });

  it.each([
    [{ page: 'https://elsewhere.example/', ms: 1 }],
    [{ page: '/x', ms: -1 }],
    [{ page: '/x', ms: 1.5 }],
    [{ page: '/x', ms: 2 * 24 * 60 * 60 * 1000 }],
    [{ page: `/${'a'.repeat(400)}`, ms: 1 }],
    [{ ms: 1 }],
  ])('refuse %j', (input) => {
    expect(bounceInput.safeParse(input).success).toBe(false);
  });

  it('accept the empty page-hidden beacon', () => {
    expect(pageHiddenInput.parse({})).toEqual({});
  });
});
