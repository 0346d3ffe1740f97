import { Script } from 'node:vm';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bounceInput, pageHiddenInput } from './page-behaviours.schemas.ts';
import { COMPLAINT_FORM_SCRIPT } from '../complaints/inline-script.ts';
import { SIGNUP_LOADER_SCRIPT } from '../accounts/signup-on-demand/loader.ts';
import { ENTRY_WARNING_SCRIPT } from '../shell/inline-scripts.ts';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  LAZY_SCRIPTS_SCRIPT,
  LOADING_BAR_THROTTLE_MS,
  PAGE_BEHAVIOURS_SCRIPT,
} from './inline-scripts.ts';

const SCRIPTS = [
  ['page behaviours', PAGE_BEHAVIOURS_SCRIPT],
  ['lazy scripts', LAZY_SCRIPTS_SCRIPT],
  ['complaint form', COMPLAINT_FORM_SCRIPT],
  ['entry warning', ENTRY_WARNING_SCRIPT],
  ['signup loader', SIGNUP_LOADER_SCRIPT],
] as const;

describe('inline scripts', () => {
  it.each(SCRIPTS)('%s: built into one classic script of a single line', (_name, script) => {
    expect(() => new Script(script.source)).not.toThrow();
    expect(script.source).not.toMatch(/\n/);
    // No module syntax left: the page runs it as a classic script.
    expect(script.source).not.toMatch(/^\s*(import|export)\b/m);
  });

  it.each(SCRIPTS)('%s: hashed from exactly the bytes the page carries', (_name, script) => {
    const hash = `sha256-${createHash('sha256').update(script.source).digest('base64')}`;
    expect(script.hash).toBe(hash);
  });

  it('carry the spec constants: loading bar 200 ms, chunk reload once per 60 s', () => {
    expect([LOADING_BAR_THROTTLE_MS, CHUNK_RELOAD_INTERVAL_MS]).toEqual([200, 60_000]);
    expect(PAGE_BEHAVIOURS_SCRIPT.source).toMatch(/\b200\)/);
    expect(PAGE_BEHAVIOURS_SCRIPT.source).toMatch(/<(60000|6e4)\b/);
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
