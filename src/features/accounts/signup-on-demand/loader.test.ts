import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SIGNUP_LOADER_SOURCE } from './loader.ts';
import { SIGNUP_READY_ATTRIBUTE, SIGNUP_READY_EVENT, SIGNUP_REQUEST_EVENT } from './trigger.ts';

describe('the signup loader', () => {
  it('compiles once compacted', () => {
    expect(() => new Script(SIGNUP_LOADER_SOURCE)).not.toThrow();
    expect(SIGNUP_LOADER_SOURCE).not.toMatch(/\n/);
  });

  it('speaks the modal’s events', () => {
    for (const name of [SIGNUP_READY_ATTRIBUTE, SIGNUP_READY_EVENT, SIGNUP_REQUEST_EVENT]) {
      expect(SIGNUP_LOADER_SOURCE).toContain(`'${name}'`);
    }
  });

  it('stays a small part of the pages’ 3 KB inline budget', () => {
    expect(gzipSync(SIGNUP_LOADER_SOURCE, { level: 9 }).length).toBeLessThanOrEqual(1024);
  });

  it('recognises signup links with and without a locale prefix', () => {
    const path = /signupPath=(\/.*?\/);/.exec(SIGNUP_LOADER_SOURCE)![1]!;
    const pattern = new Function(`return ${path}`)() as RegExp;
    expect(['/signup', '/de/signup', '/signup/'].every((p) => pattern.test(p))).toBe(true);
    expect(['/signups', '/de/signup/x', '/login', '/deu/signup'].some((p) => pattern.test(p))).toBe(false);
  });
});
