/**
 * The detail columns of a profile that start out empty at signup and are emptied again on
 * erasure: written once so that the insert, the erasure and the tests that build rows agree.
 */
export const BLANK_PROFILE_DETAILS = {
  region: null,
  city: null,
  sexuality: null,
  hair_color: null,
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  text: null,
} as const;
