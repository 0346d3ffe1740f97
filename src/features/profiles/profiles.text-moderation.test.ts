import { describe, expect, it } from 'vitest';
import { demoSite } from '../../../tests/support/unit-context.ts';
import { textRejectionMail } from './profiles.text-moderation.ts';
import { textDecisionSchema } from './profiles.text-moderation.schemas.ts';

const origin = { siteOrigin: () => 'https://amber.example' };
const change = {
  email: 'kim@example.org',
  language: 'en',
  name: 'Kim',
  created_at: Date.UTC(2026, 10, 2),
  value: 'Call me on 0612345678',
};

describe('a moderator’s decision on a text', () => {
  it('takes a reason from the list, and a note with `other`', () => {
    expect(textDecisionSchema.safeParse({ id: 't1', decision: 'reject', reason: 'spam' }).success).toBe(true);
    expect(textDecisionSchema.safeParse({ id: 't1', decision: 'reject', reason: 'nudity' }).success).toBe(
      false,
    );
    expect(textDecisionSchema.safeParse({ id: 't1', decision: 'reject', reason: 'other' }).success).toBe(
      false,
    );
  });

  it('is explained to the member: the text quoted, what happened to it, the rule and the way to contest it', () => {
    const site = demoSite();
    const held = textRejectionMail(origin, site, { ...change, mode: 'pre' }, 'contact_details', null);
    expect(held.subject).toBe(`A change to your profile on ${site.name} was rejected`);
    expect(held.text).toContain('your previous text stays on your profile');
    expect(held.text).toContain('“Call me on 0612345678”');
    expect(held.text).toContain('section 7 of our terms');
    expect(held.text).toContain('https://amber.example/complaints');
    const shown = textRejectionMail(origin, site, { ...change, mode: 'post' }, 'spam', 'An advert');
    expect(shown.text).toContain('We have removed the profile text');
    expect(shown.text).toContain('The moderator’s note: An advert');
  });
});
