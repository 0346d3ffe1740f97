import { describe, expect, it } from 'vitest';
import { demoSite } from '../../../tests/support/unit-context.ts';
import { photoDecisionSchema } from './photos.moderation.schemas.ts';
import { decodeCursor, encodeCursor } from '../../server/moderation.ts';
import { REJECTION_GROUNDS, rejectionMail } from './photos.moderation.ts';
import { PHOTO_REJECTION_REASONS } from './photos.types.ts';

const origin = { siteOrigin: () => 'https://amber.example' };
const photo = { email: 'robin@example.org', language: 'de', name: 'Robin', created_at: Date.UTC(2026, 2, 5) };

describe('the photo queue cursor', () => {
  it('goes round, and a cursor that is not ours starts at the first page', () => {
    const cursor = { createdAt: 1_780_000_000_123, id: 'abc123' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('not-a-cursor')).toBeUndefined();
    expect(decodeCursor(Buffer.from('12.a b').toString('base64url'))).toBeUndefined();
  });
});

describe('a moderator’s decision', () => {
  it('takes a reason from the list, and a note with `other`', () => {
    expect(photoDecisionSchema.safeParse({ id: 'p1', decision: 'approve' }).success).toBe(true);
    expect(photoDecisionSchema.safeParse({ id: 'p1', decision: 'reject', reason: 'minor' }).success).toBe(
      true,
    );
    expect(photoDecisionSchema.safeParse({ id: 'p1', decision: 'reject', reason: 'ugly' }).success).toBe(
      false,
    );
    expect(photoDecisionSchema.safeParse({ id: 'p1', decision: 'reject', reason: 'other' }).success).toBe(
      false,
    );
    expect(
      photoDecisionSchema.safeParse({ id: 'p1', decision: 'reject', reason: 'other', note: '  ' }).success,
    ).toBe(false);
    expect(
      photoDecisionSchema.safeParse({ id: 'p1', decision: 'reject', reason: 'other', note: 'A logo' })
        .success,
    ).toBe(true);
  });

  it('rests every reason on a section of the terms', () => {
    for (const reason of PHOTO_REJECTION_REASONS) expect(REJECTION_GROUNDS[reason]).toMatch(/^\d+$/);
  });
});

describe('the statement of reasons', () => {
  it('says what, on which facts and rule, that a person decided, and how to contest it, in the member’s language', () => {
    const site = demoSite({ locales: ['en', 'de'] });
    const mail = rejectionMail(origin, site, photo, 'contact_details', null);
    expect(mail.to).toBe('robin@example.org');
    expect(mail.subject).toBe(`Eines deiner Fotos auf ${site.name} wurde abgelehnt`);
    expect(mail.text).toContain('5. März 2026');
    expect(mail.text).toContain('Kontaktdaten');
    expect(mail.text).toContain('Abschnitt 7');
    expect(mail.text).toContain('https://amber.example/de/pages/terms');
    expect(mail.text).toContain('nicht automatisiert');
    expect(mail.text).toContain('https://amber.example/de/complaints');
    expect(mail.text).toContain('https://amber.example/de/profile/photos');
  });

  it('falls back to the site’s language and carries the moderator’s note', () => {
    const site = demoSite({ locales: ['en'] });
    const mail = rejectionMail(origin, site, photo, 'other', 'A company logo');
    expect(mail.subject).toBe(`One of your photos on ${site.name} was rejected`);
    expect(mail.text).toContain('The moderator’s note: A company logo');
    expect(mail.text).toContain('https://amber.example/complaints');
  });
});
