import { describe, expect, it } from 'vitest';
import {
  dateOfBirth,
  firstStepWithError,
  signupPayload,
  stepOf,
  validateSteps,
  type SignupValues,
} from './signup-steps.ts';

const NOW = Date.UTC(2026, 5, 15, 12);
const rules = { minAge: 18, now: NOW, inviteRequired: false };

function values(extra: Partial<SignupValues> = {}): SignupValues {
  return {
    gender: 'male',
    seeking: 'female',
    invite: '',
    name: 'Robin',
    birth_day: '14',
    birth_month: '6',
    birth_year: '1990',
    email: 'robin@example.test',
    password: 'a long enough passphrase',
    signup_message: '',
    ...extra,
  };
}

describe('signup steps', () => {
  it('maps every field to the step that asks for it', () => {
    expect(stepOf('gender')).toBe(0);
    expect(stepOf('invite')).toBe(0);
    expect(stepOf('name')).toBe(1);
    expect(stepOf('date_of_birth')).toBe(2);
    expect(stepOf('email')).toBe(3);
    expect(stepOf('password')).toBe(3);
    expect(stepOf('signup_message')).toBe(4);
    expect(stepOf('something_else')).toBeUndefined();
  });

  it('finds nothing wrong with good values on any step', () => {
    for (let step = 0; step <= 4; step++) expect(validateSteps(values(), step, rules)).toEqual({});
  });

  it('checks only the steps reached so far', () => {
    const bad = values({ email: 'not-an-address', password: 'short' });
    expect(validateSteps(bad, 2, rules)).toEqual({});
    expect(validateSteps(bad, 3, rules)).toEqual({ email: 'email_invalid', password: 'password_too_short' });
  });

  it('names the spec rules for names', () => {
    expect(validateSteps(values({ name: '@robin' }), 1, rules)).toEqual({ name: 'name_starts_with_at' });
    // On the name step the address is not known yet: an address typed as the name says so.
    expect(validateSteps(values({ name: 'robin@example.test', email: '' }), 1, rules)).toEqual({
      name: 'name_is_email',
    });
    expect(validateSteps(values({ name: 'robin@example.test' }), 3, rules).name).toBe('name_is_email');
    expect(validateSteps(values({ name: '' }), 1, rules)).toEqual({ name: 'required' });
  });

  it('tells too young apart from an impossible date, with the site minimum age', () => {
    // 18 tomorrow: still too young today.
    expect(
      validateSteps(values({ birth_day: '16', birth_month: '6', birth_year: '2008' }), 2, rules),
    ).toEqual({ date_of_birth: 'too_young' });
    expect(
      validateSteps(values({ birth_day: '15', birth_month: '6', birth_year: '2008' }), 2, rules),
    ).toEqual({});
    expect(
      validateSteps(values({ birth_day: '15', birth_month: '6', birth_year: '2008' }), 2, {
        ...rules,
        minAge: 21,
      }),
    ).toEqual({
      date_of_birth: 'too_young',
    });
    expect(
      validateSteps(values({ birth_day: '31', birth_month: '2', birth_year: '1990' }), 2, rules),
    ).toEqual({ date_of_birth: 'date_invalid' });
    expect(validateSteps(values({ birth_day: '1', birth_month: '1', birth_year: '' }), 2, rules)).toEqual({
      date_of_birth: 'date_invalid',
    });
    expect(validateSteps(values({ birth_day: '', birth_month: '', birth_year: '' }), 2, rules)).toEqual({
      date_of_birth: 'required',
    });
  });

  it('asks for the invitation code only on invite-only sites', () => {
    expect(validateSteps(values(), 0, { ...rules, inviteRequired: true })).toEqual({ invite: 'required' });
    expect(validateSteps(values({ invite: ' CODE2026 ' }), 0, { ...rules, inviteRequired: true })).toEqual(
      {},
    );
  });

  it('goes back to the earliest step with a problem', () => {
    expect(firstStepWithError({ password: 'x', name: 'y' })).toBe(1);
    expect(firstStepWithError({ unknown: 'x' })).toBeUndefined();
    expect(firstStepWithError({})).toBeUndefined();
  });
});

describe('signup payload', () => {
  it('writes the date of birth as the API wants it', () => {
    expect(dateOfBirth({ birth_day: '3', birth_month: '7', birth_year: '1985' })).toBe('1985-07-03');
    expect(dateOfBirth({ birth_day: '', birth_month: '', birth_year: '' })).toBe('');
  });

  it('leaves out an empty first message and an invite the site does not ask for', () => {
    const payload = signupPayload(values({ invite: 'IGNORED' }), false);
    expect(payload).toEqual({
      email: 'robin@example.test',
      name: 'Robin',
      password: 'a long enough passphrase',
      date_of_birth: '1990-06-14',
      gender: 'male',
      seeking: 'female',
    });
    expect(signupPayload(values({ signup_message: 'Hi!', invite: 'CODE' }), true)).toMatchObject({
      signup_message: 'Hi!',
      invite: 'CODE',
    });
  });

  it('names the profile the visitor signs up from (spec §2 /members/{id}/signup)', () => {
    expect(signupPayload(values({}), false, '0123456789abcdef')).toMatchObject({
      profile: '0123456789abcdef',
    });
    expect(signupPayload(values({}), false)).not.toHaveProperty('profile');
  });
});
