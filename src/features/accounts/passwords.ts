import { hash, verify } from '@node-rs/argon2';
import commonPasswordList from '@zxcvbn-ts/language-common/src/passwords.json' with { type: 'json' };
import { PASSWORD_MIN_LENGTH } from './accounts.schemas.ts';

/**
 * Password hashing and the common-password check, behind an interface so unit tests can use a
 * fast stand-in for the deliberately slow hash.
 */
export interface Passwords {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for anything that is no argon2 hash (e.g. `!`), never a throw. */
  verify(storedHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification without a stored hash, so that a login for an unknown
   * address takes as long as one for a known address with a wrong password.
   */
  verifyNothing(password: string): Promise<void>;
  isCommon(password: string): boolean;
}

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), the library's defaults
 * and the PHC string records them, so raising them later still verifies old hashes.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The most common passwords: the ranked list of `@zxcvbn-ts/language-common` (≈ 49,000
 * passwords from public breach corpora, MIT, maintained, installed like any dependency). Only
 * those a member could still choose (8 characters or more) are kept; the list is lower case, so
 * the check is too ("Password123" is as guessable as "password123").
 */
let commonPasswords: Set<string> | undefined;
function commonSet(): Set<string> {
  commonPasswords ??= new Set(
    (commonPasswordList as string[]).filter((p) => [...p].length >= PASSWORD_MIN_LENGTH),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return commonSet().has(password.toLowerCase());
}

let dummyHash: Promise<string> | undefined;

export const argon2Passwords: Passwords = {
  hash: (password) => hash(password, ARGON2_OPTIONS),
  async verify(storedHash, password) {
    if (!storedHash.startsWith('$argon2')) {
      // Demo members ('!') and erased accounts ('') can never log in; same time as a real check.
      await this.verifyNothing(password);
      return false;
    }
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  },
  async verifyNothing(password) {
    dummyHash ??= hash('no account has this password', ARGON2_OPTIONS);
    try {
      await verify(await dummyHash, password);
    } catch {
      // nothing to learn either way
    }
  },
  isCommon: isCommonPassword,
};
