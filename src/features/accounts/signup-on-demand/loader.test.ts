import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SIGNUP_LOADER_SCRIPT, SIGNUP_PATH } from './loader.ts';

const SIGNUP_LOADER_SOURCE = SIGNUP_LOADER_SCRIPT.source;
import { SIGNUP_READY_ATTRIBUTE, SIGNUP_READY_EVENT, SIGNUP_REQUEST_EVENT } from './trigger.ts';

describe('the signup loader', () => {
  it('compiles once compacted', () => {
    expect(() => new Script(SIGNUP_LOADER_SOURCE)).not.toThrow();
    expect(SIGNUP_LOADER_SOURCE).not.toMatch(/\n/);
  });

  it('speaks the modal’s events', () => {
    for (const name of [SIGNUP_READY_ATTRIBUTE, SIGNUP_READY_EVENT, SIGNUP_REQUEST_EVENT]) {
      expect(SIGNUP_LOADER_SOURCE).toContain(name);
    }
  });

  it('stays a small part of the pages’ 3 KB inline budget', () => {
    expect(gzipSync(SIGNUP_LOADER_SOURCE, { level: 9 }).length).toBeLessThanOrEqual(1024);
  });

  it('recognises signup links with and without a locale prefix', () => {
    expect(['/signup', '/de/signup', '/signup/'].every((p) => SIGNUP_PATH.test(p))).toBe(true);
    expect(['/signups', '/de/signup/x', '/login', '/deu/signup'].some((p) => SIGNUP_PATH.test(p))).toBe(
      false,
    );
    expect(SIGNUP_LOADER_SOURCE).toContain(String(SIGNUP_PATH));
  });
});
