import {
  emailField,
  fieldErrors,
  signupInputSchema,
  type FieldErrorCode,
  type Gender,
  type Seeking,
} from '../accounts.schemas.ts';

/**
 * The signup form's steps (spec §2: steps 0 to 4, then completion) and the rules the browser
 * checks before moving on. The rules are the server's own schema, built with the site's
 * `min_age`, so a step shows the same message the server would answer.
 */

export interface SignupValues {
  gender: Gender;
  seeking: Seeking;
  invite: string;
  name: string;
  /** Three parts, so a half-typed date is a clear "invalid date" rather than silently empty. */
  birth_day: string;
  birth_month: string;
  birth_year: string;
  email: string;
  password: string;
  signup_message: string;
}

export type SignupField =
  'gender' | 'seeking' | 'invite' | 'name' | 'date_of_birth' | 'email' | 'password' | 'signup_message';

/** Which fields each step asks for, in order. */
export const SIGNUP_STEPS: ReadonlyArray<ReadonlyArray<SignupField>> = [
  ['gender', 'seeking', 'invite'],
  ['name'],
  ['date_of_birth'],
  ['email', 'password'],
  ['signup_message'],
];
export const LAST_STEP = SIGNUP_STEPS.length - 1;

/** The step that asks for a field (server errors are shown where the member can fix them). */
export function stepOf(field: string): number | undefined {
  const index = SIGNUP_STEPS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return index === -1 ? undefined : index;
}

/** `YYYY-MM-DD` from the three parts; empty when nothing was entered. */
export function dateOfBirth(values: Pick<SignupValues, 'birth_day' | 'birth_month' | 'birth_year'>): string {
  const { birth_day: day, birth_month: month, birth_year: year } = values;
  if (!day && !month && !year) return '';
  return `${year.trim().padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The request body of `POST /api/signup.php` (optional fields left out when empty). */
export function signupPayload(
  values: SignupValues,
  inviteRequired: boolean,
  profile?: string,
): Record<string, string> {
  const payload: Record<string, string> = {
    email: values.email,
    name: values.name,
    password: values.password,
    date_of_birth: dateOfBirth(values),
    gender: values.gender,
    seeking: values.seeking,
  };
  if (values.signup_message.trim()) payload.signup_message = values.signup_message;
  if (inviteRequired) payload.invite = values.invite.trim();
  if (profile) payload.profile = profile;
  return payload;
}

export type SignupErrors = Partial<Record<SignupField, FieldErrorCode>>;

/**
 * The problems of the steps up to and including `step`, by field. An invite-only site needs
 * the code (the server decides whether it is valid). A name that is an e-mail address reads as
 * "your name may not be your e-mail address" already on the name step, before the address is
 * asked for: that is what the member did.
 */
export function validateSteps(
  values: SignupValues,
  step: number,
  rules: { minAge: number; now: number; inviteRequired: boolean },
): SignupErrors {
  const parsed = signupInputSchema({ minAge: rules.minAge, now: rules.now }).safeParse(
    signupPayload(values, rules.inviteRequired),
  );
  const all: Record<string, FieldErrorCode> = parsed.success ? {} : fieldErrors(parsed.error);
  if (rules.inviteRequired && !values.invite.trim()) all.invite = 'required';
  if (all.name === 'name_invalid' && emailField.safeParse(values.name).success) all.name = 'name_is_email';
  const errors: SignupErrors = {};
  for (let index = 0; index <= step; index++) {
    for (const field of SIGNUP_STEPS[index]!) {
      const code = all[field];
      if (code) errors[field] = code;
    }
  }
  return errors;
}

/** The first step with a problem, to go back to it. */
export function firstStepWithError(errors: Partial<Record<string, unknown>>): number | undefined {
  const steps = Object.keys(errors)
    .map(stepOf)
    .filter((step): step is number => step !== undefined);
  return steps.length ? Math.min(...steps) : undefined;
}
