import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CATEGORIES } from '../notifications/index.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

const secret = Buffer.alloc(32, 3);
const memberId = fc.stringMatching(/^[0-9a-z]{16}$/);
const category = fc.constantFrom(...NOTIFICATION_CATEGORIES);

describe('the unsubscribe token', () => {
  it('names the member and the category it was made for', () => {
    fc.assert(
      fc.property(memberId, category, (member, cat) => {
        const token = unsubscribeToken(secret, 'localhost', member, cat);
        expect(readUnsubscribeToken(secret, 'localhost', token)).toEqual({ memberId: member, category: cat });
      }),
    );
  });

  it('cannot be changed to another member or category, nor used on another site or with another secret', () => {
    fc.assert(
      fc.property(memberId, memberId, category, category, (a, b, catA, catB) => {
        const token = unsubscribeToken(secret, 'localhost', a, catA);
        const mac = token.split('.')[2]!;
        if (a !== b) expect(readUnsubscribeToken(secret, 'localhost', `${b}.${catA}.${mac}`)).toBeUndefined();
        if (catA !== catB)
          expect(readUnsubscribeToken(secret, 'localhost', `${a}.${catB}.${mac}`)).toBeUndefined();
        expect(readUnsubscribeToken(secret, 'curvy', token)).toBeUndefined();
        expect(readUnsubscribeToken(Buffer.alloc(32, 4), 'localhost', token)).toBeUndefined();
      }),
    );
  });

  it('refuses garbage and a changed character of the signature', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        expect(readUnsubscribeToken(secret, 'localhost', text)).toBeUndefined();
      }),
    );
    const token = unsubscribeToken(secret, 'localhost', 'abcdefghijklmnop', 'like');
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(readUnsubscribeToken(secret, 'localhost', flipped)).toBeUndefined();
    expect(
      readUnsubscribeToken(secret, 'localhost', 'abcdefghijklmnop.spam.' + token.split('.')[2]),
    ).toBeUndefined();
  });
});
