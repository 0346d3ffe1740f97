import { useEffect, useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ApiError } from '../../../lib/api-client.ts';
import { Field, FormAlert, SubmitButton, TextAreaField } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import type { FieldMessages, Refusal } from '../../shell/form.ts';
import { useForm, useHydrated } from '../../shell/use-form.ts';
import {
  NAME_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
  type Gender,
  type Seeking,
} from '../accounts.schemas.ts';
import { signup } from '../accounts.store.ts';
import { interpolate } from '../../shell/components/interpolate.tsx';
import { EmailField } from './EmailField.tsx';
import { NewPasswordField } from './PasswordField.tsx';
import { accountWords } from './account-forms.ts';
import {
  firstStepWithError,
  LAST_STEP,
  SIGNUP_STEPS,
  signupPayload,
  stepOf,
  validateSteps,
  type SignupField,
  type SignupValues,
} from './signup-steps.ts';
import type { SignupAvailability, SignupSettings } from '../signup-settings.ts';

export interface SignupFormProps {
  settings: SignupSettings;
  messages: IslandMessages;
  /** Inside the modal: report the request in flight, so the modal cannot be closed meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** A code to fill in (a link `/signup?invite=…`, or `openSignup({ invite })`). */
  invite?: string | undefined;
}

/** The choices of the first step and their labels. */
const CHOICES = {
  gender: [
    ['male', 'gender.male'],
    ['female', 'gender.female'],
  ],
  seeking: [
    ['male', 'signup.seeking_male'],
    ['female', 'signup.seeking_female'],
    ['both', 'signup.seeking_both'],
  ],
} as const;

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

const STEP_TITLES = [
  'signup.step_about',
  'signup.step_name',
  'signup.step_birth',
  'signup.step_login',
  'signup.step_message',
] as const;

/**
 * Spec §2 signup: five short steps, then the account. Each step is checked with the server's
 * schema before moving on; the server's answer is checked again, and a field it refuses sends
 * the member back to the step with that field, with everything typed still there.
 */
export default function SignupForm({ settings, messages, onBusyChange, invite }: SignupFormProps) {
  const t = islandTranslator(messages);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<SignupValues>({
    gender: settings.defaults.gender,
    seeking: settings.defaults.seeking,
    invite: invite ?? settings.invite ?? '',
    name: '',
    birth_day: '',
    birth_month: '',
    birth_year: '',
    email: '',
    password: '',
    signup_message: '',
  });
  const stepRef = useRef<HTMLFieldSetElement>(null);
  const movedRef = useRef(false);
  const [done, setDone] = useState(false);
  const [availability, setAvailability] = useState(settings.availability);
  const inviteRequired = availability === 'invite';
  const hydrated = useHydrated();
  const words = accountWords(t, settings.minAge);

  const goTo = (next: number) => {
    movedRef.current = true;
    setStep(next);
  };

  const form = useForm({
    ...words,
    // What the fields hold (after hydration the same as `values`; before it, what was chosen).
    read: (data): SignupValues => {
      const read = { ...values };
      for (const key of Object.keys(read) as Array<keyof SignupValues>) {
        const value = data.get(key);
        if (typeof value === 'string') Object.assign(read, { [key]: value });
      }
      return read;
    },
    adopt: setValues,
    check: (input) =>
      validateSteps(input, step, { minAge: settings.minAge, now: Date.now(), inviteRequired }),
    send: (input) => signup(signupPayload(input, inviteRequired, settings.profile)),
    leaves: true,
    done: () => {
      setDone(true);
      location.assign(settings.links.complete);
    },
    refused: (error) =>
      signupRefusal(error, { t, inviteRequired, fieldMessage: words.fieldMessage, setAvailability }),
    // A field refused on an earlier step sends the member back to it, with everything still there.
    onFields: (fields) => {
      const earliest = firstStepWithError(fields);
      if (earliest !== undefined && earliest !== step) goTo(earliest);
    },
  });

  useEffect(() => {
    if (invite) setValues((v) => ({ ...v, invite }));
  }, [invite]);

  // A layout effect: the modal is locked in the same task that shows the busy button. A passive
  // effect runs later, and on a busy device an Escape or a backdrop click landing in between
  // closed the modal while the account was being made.
  useLayoutEffect(() => onBusyChange?.(form.busy), [form.busy]);

  // After moving between steps, focus goes to the new step's first field (not on first render).
  useEffect(() => {
    if (!movedRef.current) return;
    const first = stepRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], input:not([type=hidden]), select, textarea',
    );
    first?.focus();
  }, [step]);

  if (availability === 'closed' || availability === 'partners_only') {
    return <SignupUnavailable availability={availability} settings={settings} t={t} />;
  }

  const messageOf = (field: SignupField): string | undefined => form.fields[field];

  const update = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A corrected field loses its message at once; others keep theirs until the next check.
    form.clearField(key.startsWith('birth_') ? 'date_of_birth' : key);
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (step === LAST_STEP) void form.submit();
    else if (form.check()) goTo(step + 1);
  };

  const total = SIGNUP_STEPS.length;

  return (
    <form className="signup-form" {...form.props} onSubmit={onSubmit}>
      <div
        className="signup-progress"
        role="progressbar"
        aria-label={t('signup.progress')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        aria-valuetext={t('signup.step', { step: step + 1, total })}
      >
        {SIGNUP_STEPS.map((_, index) => (
          <span key={index} className={index <= step ? 'is-done' : undefined} />
        ))}
      </div>
      <p className="small text-body-secondary mb-2" aria-hidden="true">
        {t('signup.step', { step: step + 1, total })}
      </p>
      <fieldset ref={stepRef} disabled={form.busy || done} className="signup-step">
        <legend className="h5 mb-3">{t(STEP_TITLES[step]!)}</legend>
        {step === 0 && (
          <>
            {(['gender', 'seeking'] as const).map((name) => (
              <ChoiceGroup
                key={name}
                legend={t(`signup.${name}`)}
                name={name}
                value={values[name]}
                options={CHOICES[name].map(([option, key]) => [option, t(key)])}
                onChange={(option) => update(name, option as Gender & Seeking)}
              />
            ))}
            {inviteRequired && (
              <Field
                label={t('signup.invite')}
                hint={t('signup.invite_hint')}
                name="invite"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={values.invite}
                onChange={(e) => update('invite', e.target.value)}
                error={messageOf('invite')}
                required
              />
            )}
          </>
        )}
        {step === 1 && (
          <Field
            label={t('signup.name')}
            hint={t('signup.name_hint')}
            name="name"
            autoComplete="nickname"
            maxLength={NAME_MAX_LENGTH + 10}
            value={values.name}
            onChange={(e) => update('name', e.target.value)}
            error={messageOf('name')}
            required
          />
        )}
        {step === 2 && (
          <BirthdateInput
            values={values}
            settings={settings}
            t={t}
            error={messageOf('date_of_birth')}
            onChange={update}
          />
        )}
        {step === 3 && (
          <>
            <EmailField
              label={t('signup.email')}
              hint={t('signup.email_hint')}
              autoComplete="email"
              value={values.email}
              onChange={(e) => update('email', e.target.value)}
              error={messageOf('email')}
            />
            <NewPasswordField
              label={t('signup.password')}
              value={values.password}
              onChange={(v) => update('password', v)}
              error={messageOf('password')}
              t={t}
            />
          </>
        )}
        {step === 4 && (
          <MessageInput
            value={values.signup_message}
            onChange={(v) => update('signup_message', v)}
            error={messageOf('signup_message')}
            t={t}
          />
        )}
      </fieldset>
      <FormAlert message={form.error} />
      {done && <FormAlert variant="success" message={t('signup.created')} />}
      <div className="d-flex gap-2 justify-content-between align-items-center mt-3">
        {step > 0 ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => goTo(step - 1)}
            disabled={form.busy || done}
          >
            {t('signup.back')}
          </button>
        ) : (
          <span />
        )}
        {step < LAST_STEP ? (
          <button type="submit" className="btn btn-primary" disabled={!hydrated}>
            {t('signup.next')}
          </button>
        ) : (
          <SubmitButton busy={form.busy || done} busyLabel={t('signup.submitting')}>
            {t('signup.submit')}
          </SubmitButton>
        )}
      </div>
      {step === LAST_STEP && (
        <p className="small text-body-secondary mt-3 mb-0">
          {interpolate(t('signup.terms_notice'), {
            terms: <a href={settings.links.terms}>{t('signup.terms_link')}</a>,
            privacy: <a href={settings.links.privacy}>{t('signup.privacy_link')}</a>,
          })}
        </p>
      )}
      <p className="small mt-3 mb-0">
        {t('index.login_hint')} <a href={settings.links.login}>{t('nav.login')}</a>
      </p>
    </form>
  );
}

/** How the signup words the server's refusals (spec §5), or `undefined` for the defaults. */
function signupRefusal(
  error: ApiError,
  {
    t,
    inviteRequired,
    fieldMessage,
    setAvailability,
  }: {
    t: IslandTranslate;
    inviteRequired: boolean;
    fieldMessage: (code: string) => string;
    setAvailability: (availability: SignupAvailability) => void;
  },
): Refusal {
  const generic = { error: error.message || t('error.try_later') };
  if (error.code === 'validation') {
    // Only fields the steps ask for can be shown; anything else reads as a general failure.
    const fields: FieldMessages = {};
    for (const [field, code] of Object.entries(error.fields))
      if (stepOf(field) !== undefined) fields[field] = error.fieldMessages[field] || fieldMessage(code);
    return Object.keys(fields).length ? { fields } : generic;
  }
  if (error.code === 'email_exists' || error.code === 'account_pending_deletion') {
    const key =
      error.code === 'email_exists'
        ? 'accounts.error.email_exists'
        : 'accounts.error.account_pending_deletion';
    return { fields: { email: error.message || t(key) } };
  }
  const reason = error.code === 'signup_closed' ? error.body.reason : undefined;
  if (reason === 'invite' && inviteRequired)
    return { fields: { invite: error.message || t('accounts.error.invite_required') } };
  if (reason === 'trafficsource' || reason === 'closed') {
    // The site's rule changed, or the partner's cookie is gone: say so instead of the form.
    setAvailability(reason === 'closed' ? 'closed' : 'partners_only');
    return 'handled';
  }
  return generic;
}

function ChoiceGroup({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: Array<[string, string]>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{legend}</legend>
      <div className="signup-choices">
        {options.map(([option, label]) => (
          <div key={option}>
            <input
              className="btn-check"
              type="radio"
              name={name}
              id={`${id}-${option}`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <label className="btn btn-outline-primary w-100" htmlFor={`${id}-${option}`}>
              {label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function BirthdateInput({
  values,
  settings,
  t,
  error,
  onChange,
}: {
  values: SignupValues;
  settings: SignupSettings;
  t: IslandTranslate;
  error: string | undefined;
  onChange: (key: 'birth_day' | 'birth_month' | 'birth_year', value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = `${hintId}${error ? ` ${errorId}` : ''}`;
  const invalid = error ? ' is-invalid' : '';
  /** The day or the month: option n is the n-th of `options`. */
  const select = (part: 'day' | 'month', label: string, options: readonly string[]) => (
    <div>
      <label className="form-label small" htmlFor={`${id}-${part}`}>
        {label}
      </label>
      <select
        id={`${id}-${part}`}
        className={`form-select${invalid}`}
        name={`birth_${part}`}
        autoComplete={`bday-${part}`}
        value={values[`birth_${part}`]}
        onChange={(e) => onChange(`birth_${part}`, e.target.value)}
        aria-invalid={error ? true : undefined}
      >
        <option value="" />
        {options.map((text, i) => (
          <option key={text} value={String(i + 1)}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6">{t('signup.birthdate')}</legend>
      <div className="signup-birthdate">
        {select('day', t('signup.day'), DAYS)}
        {select('month', t('signup.month'), settings.months)}
        <div>
          <label className="form-label small" htmlFor={`${id}-year`}>
            {t('signup.year')}
          </label>
          <input
            id={`${id}-year`}
            className={`form-control${invalid}`}
            inputMode="numeric"
            name="birth_year"
            autoComplete="bday-year"
            maxLength={4}
            placeholder={t('signup.year_placeholder')}
            value={values.birth_year}
            onChange={(e) => onChange('birth_year', e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
          />
        </div>
      </div>
      <div className="form-text" id={hintId}>
        {t('signup.birthdate_hint', { min_age: settings.minAge })}
      </div>
      <div className={`invalid-feedback${error ? ' d-block' : ''}`} id={errorId} role="alert">
        {error}
      </div>
    </fieldset>
  );
}

function MessageInput({
  value,
  onChange,
  error,
  t,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  t: IslandTranslate;
}) {
  return (
    <TextAreaField
      label={t('signup.message')}
      hint={`${t('signup.message_hint')} ${t('signup.characters_left', { count: SIGNUP_MESSAGE_MAX_LENGTH - value.length })}`}
      name="signup_message"
      rows={4}
      maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** Closed signups, or a partners-only site reached without a partner's link. */
function SignupUnavailable({
  availability,
  settings,
  t,
}: {
  availability: SignupAvailability;
  settings: SignupSettings;
  t: IslandTranslate;
}) {
  const closed = availability === 'closed';
  return (
    <div className="signup-unavailable" role="status">
      <p className="lead">
        {closed ? t('accounts.error.signup_closed') : t('signup.partners_only', { name: settings.siteName })}
      </p>
      <p>{closed ? t('signup.closed_hint') : t('signup.partners_only_hint')}</p>
      <p className="mb-0">
        {t('index.login_hint')} <a href={settings.links.login}>{t('nav.login')}</a>
      </p>
    </div>
  );
}
