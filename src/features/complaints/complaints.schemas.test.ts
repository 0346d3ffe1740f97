import { describe, expect, it } from 'vitest';
import { complaintInput, fieldCodes, profileIdFrom } from './complaints.schemas.ts';

const ID = '0123456789abcdef';
const text = 'This profile keeps asking me for money.';

function codes(input: unknown) {
  const parsed = complaintInput.safeParse(input);
  return parsed.success ? {} : fieldCodes(parsed.error);
}

describe('complaintInput', () => {
  it('accepts a complaint with only a category and a text, trimmed', () => {
    expect(complaintInput.parse({ category: 'scam', text: `  ${text}  `, profile: ' ', email: '' })).toEqual({
      category: 'scam',
      text,
    });
  });

  it('takes the profile id from an id or a pasted profile address', () => {
    expect(profileIdFrom(ID)).toBe(ID);
    expect(profileIdFrom(ID.toUpperCase())).toBe(ID);
    expect(profileIdFrom(`https://dates.example/de/members/${ID}`)).toBe(ID);
    expect(profileIdFrom(`https://dates.example/members/${ID}/landing2/summer`)).toBe(ID);
    expect(profileIdFrom('https://dates.example/pricing')).toBeUndefined();
    expect(profileIdFrom('Anna, 34')).toBeUndefined();
  });

  it('names each field that is wrong with its own code', () => {
    expect(codes({})).toEqual({ category: 'category_invalid', text: 'text_required' });
    expect(codes({ category: 'spam', text: 'short' })).toEqual({
      category: 'category_invalid',
      text: 'text_too_short',
    });
    expect(codes({ category: 'other', text: 'x'.repeat(5001) })).toEqual({ text: 'text_too_long' });
    expect(codes({ category: 'other', text, email: 'not-an-address' })).toEqual({ email: 'email_invalid' });
    expect(codes({ category: 'other', text, profile: 'Anna' })).toEqual({ profile: 'profile_invalid' });
    expect(codes({ category: 42, text: ['a'], profile: 7, email: false })).toEqual({
      category: 'category_invalid',
      text: 'text_required',
      profile: 'profile_invalid',
      email: 'email_invalid',
    });
  });
});
