import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { Field, FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages, type IslandTranslate } from '../../shell/island-i18n.ts';
import {
  fieldErrorMessage,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
  type Gender,
  type Seeking,
} from '../accounts.schemas.ts';
import { signup } from '../accounts.store.ts';
import { interpolate } from '../../shell/components/interpolate.tsx';
import { PasswordField } from './PasswordField.tsx';
import {
  firstStepWithError,
  LAST_STEP,
  SIGNUP_STEPS,
  signupPayload,
  stepOf,
  validateSteps,
  type SignupErrors,
  type SignupField,
  type SignupValues,
} from './signup-steps.ts';
import type { SignupAvailability, SignupSettings } from './signup-settings.ts';

export interface SignupFormProps {
  settings: SignupSettings;
  messages: IslandMessages;
  /** Inside the modal: report the request in flight, so the modal cannot be closed meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** A code to fill in (a link `/signup?invite=…`, or `openSignup({ invite })`). */
  invite?: string | undefined;
}

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
  const [errors, setErrors] = useState<SignupErrors>({});
  /** Messages of the server for fields (e.g. "An account with this e-mail address already exists"). */
  const [serverFieldMessages, setServerFieldMessages] = useState<Partial<Record<SignupField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const stepRef = useRef<HTMLFieldSetElement>(null);
  const movedRef = useRef(false);
  const [availability, setAvailability] = useState(settings.availability);
  const inviteRequired = availability === 'invite';

  useEffect(() => {
    if (invite) setValues((v) => ({ ...v, invite }));
  }, [invite]);

  // After moving between steps, focus goes to the new step's first field (not on first render).
  useEffect(() => {
    if (!movedRef.current) return;
    const first = stepRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], input:not([type=hidden]), select, textarea',
    );
    first?.focus();
  }, [step]);

  const setBusyState = (next: boolean) => {
    setBusy(next);
    onBusyChange?.(next);
  };

  if (availability === 'closed' || availability === 'partners_only') {
    return <SignupUnavailable availability={availability} settings={settings} t={t} />;
  }

  const rules = { minAge: settings.minAge, now: Date.now(), inviteRequired };
  const messageOf = (field: SignupField): string | undefined => {
    const code = errors[field];
    if (serverFieldMessages[field]) return serverFieldMessages[field];
    return code ? fieldErrorMessage(t, code, settings.minAge) : undefined;
  };

  const update = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: SignupField = key.startsWith('birth_') ? 'date_of_birth' : (key as SignupField);
    // A corrected field loses its message at once; others keep theirs until the next check.
    if (errors[field] || serverFieldMessages[field]) {
      setErrors((e) => ({ ...e, [field]: undefined }));
      setServerFieldMessages((m) => ({ ...m, [field]: undefined }));
    }
  };

  const goTo = (next: number) => {
    movedRef.current = true;
    setStep(next);
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const found = validateSteps(values, step, rules);
    const earliest = firstStepWithError(found);
    setErrors(found);
    setServerFieldMessages({});
    if (earliest !== undefined) {
      if (earliest !== step) goTo(earliest);
      else stepRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (step < LAST_STEP) {
      goTo(step + 1);
      return;
    }
    setBusyState(true);
    try {
      await signup(signupPayload(values, inviteRequired));
      setDone(true);
      location.assign(settings.links.complete);
    } catch (error) {
      setBusyState(false);
      showServerError(error);
    }
  };

  const showServerError = (error: unknown) => {
    if (!isApiError(error)) {
      setFormError(t('error.try_later'));
      return;
    }
    const fieldMessages: Partial<Record<SignupField, string>> = {};
    const fieldCodes: SignupErrors = {};
    if (error.code === 'validation') {
      for (const [field, code] of Object.entries(error.fields)) {
        if (stepOf(field) === undefined) continue;
        fieldCodes[field as SignupField] = code as SignupErrors[SignupField];
      }
    } else if (error.code === 'email_exists' || error.code === 'account_pending_deletion') {
      fieldMessages.email =
        error.message ||
        t(
          error.code === 'email_exists'
            ? 'accounts.error.email_exists'
            : 'accounts.error.account_pending_deletion',
        );
    } else if (error.code === 'signup_closed' && error.body.reason === 'invite' && inviteRequired) {
      fieldMessages.invite = error.message || t('accounts.error.invite_required');
    } else if (
      error.code === 'signup_closed' &&
      (error.body.reason === 'trafficsource' || error.body.reason === 'closed')
    ) {
      // The site's rule changed, or the partner's cookie is gone: say so instead of the form.
      setAvailability(error.body.reason === 'closed' ? 'closed' : 'partners_only');
      return;
    } else {
      setFormError(error.message || t('error.try_later'));
      return;
    }
    setErrors(fieldCodes);
    setServerFieldMessages(fieldMessages);
    const earliest = firstStepWithError({ ...fieldCodes, ...fieldMessages });
    if (earliest !== undefined) goTo(earliest);
    else setFormError(error.message || t('error.try_later'));
  };

  const total = SIGNUP_STEPS.length;

  return (
    <form className="signup-form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
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
      <fieldset ref={stepRef} disabled={busy || done} className="signup-step">
        <legend className="h5 mb-3">{t(STEP_TITLES[step]!)}</legend>
        {step === 0 && (
          <>
            <ChoiceGroup
              legend={t('signup.gender')}
              name="gender"
              value={values.gender}
              options={[
                ['male', t('gender.male')],
                ['female', t('gender.female')],
              ]}
              onChange={(v) => update('gender', v as Gender)}
            />
            <ChoiceGroup
              legend={t('signup.seeking')}
              name="seeking"
              value={values.seeking}
              options={[
                ['male', t('signup.seeking_male')],
                ['female', t('signup.seeking_female')],
                ['both', t('signup.seeking_both')],
              ]}
              onChange={(v) => update('seeking', v as Seeking)}
            />
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
            <Field
              label={t('signup.email')}
              hint={t('signup.email_hint')}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              value={values.email}
              onChange={(e) => update('email', e.target.value)}
              error={messageOf('email')}
              required
            />
            <PasswordField
              label={t('signup.password')}
              hint={t('signup.password_hint', { password_min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
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
      <FormAlert message={formError} />
      {done && <FormAlert variant="success" message={t('signup.created')} />}
      <div className="d-flex gap-2 justify-content-between align-items-center mt-3">
        {step > 0 ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => goTo(step - 1)}
            disabled={busy || done}
          >
            {t('signup.back')}
          </button>
        ) : (
          <span />
        )}
        {step < LAST_STEP ? (
          <button type="submit" className="btn btn-primary">
            {t('signup.next')}
          </button>
        ) : (
          <SubmitButton busy={busy || done} busyLabel={t('signup.submitting')}>
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
  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6">{t('signup.birthdate')}</legend>
      <div className="signup-birthdate">
        <div>
          <label className="form-label small" htmlFor={`${id}-day`}>
            {t('signup.day')}
          </label>
          <select
            id={`${id}-day`}
            className={`form-select${invalid}`}
            autoComplete="bday-day"
            value={values.birth_day}
            onChange={(e) => onChange('birth_day', e.target.value)}
            aria-invalid={error ? true : undefined}
          >
            <option value="" />
            {Array.from({ length: 31 }, (_, i) => (
              <option key={i} value={String(i + 1)}>
                {i + 1}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label small" htmlFor={`${id}-month`}>
            {t('signup.month')}
          </label>
          <select
            id={`${id}-month`}
            className={`form-select${invalid}`}
            autoComplete="bday-month"
            value={values.birth_month}
            onChange={(e) => onChange('birth_month', e.target.value)}
            aria-invalid={error ? true : undefined}
          >
            <option value="" />
            {settings.months.map((month, i) => (
              <option key={month} value={String(i + 1)}>
                {month}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label small" htmlFor={`${id}-year`}>
            {t('signup.year')}
          </label>
          <input
            id={`${id}-year`}
            className={`form-control${invalid}`}
            inputMode="numeric"
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
  const id = useId();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('signup.message')}
      </label>
      <textarea
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <div className="form-text" id={`${id}-hint`}>
        {t('signup.message_hint')}{' '}
        {t('signup.characters_left', { count: SIGNUP_MESSAGE_MAX_LENGTH - value.length })}
      </div>
      <div className={`invalid-feedback${error ? ' d-block' : ''}`} id={`${id}-error`} role="alert">
        {error}
      </div>
    </div>
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
