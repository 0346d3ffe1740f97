/*
 * Pieces of rows for tests that write a table themselves rather than through its repository.
 */

import type { NewRow } from '../../src/db/database.ts';
import { BLANK_PROFILE_DETAILS } from '../../src/features/profiles/profiles.blank-details.ts';
import { TRACKING_PARAMS, type TrackingParam } from '../../src/features/tracking/tracking.params.ts';

type NoTrackingParams = Record<TrackingParam, null>;

/** A tracking record's parameter columns, all empty: a test sets the few it is about. */
export const NO_TRACKING_PARAMS = Object.fromEntries(
  TRACKING_PARAMS.map((param) => [param, null]),
) as NoTrackingParams;

/** An active member who speaks English; the e-mail address follows from the id unless given. */
export function testMember(
  member: Pick<NewRow<'members'>, 'id' | 'network_id' | 'site_id'> & Partial<NewRow<'members'>>,
): NewRow<'members'> {
  return {
    email: `${member.id}@example.org`,
    password_hash: 'x',
    status: 'active',
    language: 'en',
    created_at: 0,
    ...member,
  };
}

/**
 * An active operator-run profile (no account, no site) of a woman seeking men, born on 1 January
 * 1990, in the Netherlands, without details, photo or activity; named after its id unless given.
 */
export function testProfile(
  profile: Pick<NewRow<'profiles'>, 'id' | 'network_id'> & Partial<NewRow<'profiles'>>,
): NewRow<'profiles'> {
  return {
    member_id: null,
    site_id: null,
    name: profile.id,
    gender: 'female',
    seeking: 'male',
    birthdate: '1990-01-01',
    country: 'NL',
    status: 'active',
    ...BLANK_PROFILE_DETAILS,
    main_photo_id: null,
    last_active_at: null,
    created_at: 0,
    updated_at: 0,
    ...profile,
  };
}

/** What a direct debit mandate holds of its payer: a valid German IBAN, an address and a mobile number. */
export const MANDATE_PAYER = {
  iban: 'DE89370400440532013000',
  holder: 'Kim Example',
  street: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  phone: '+4915112345678',
} as const;
