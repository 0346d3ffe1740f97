import { useState, type SubmitEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { Field, FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { fieldErrorMessage, fieldErrors, loginInputSchema } from '../accounts.schemas.ts';
import { login } from '../accounts.store.ts';
import { PasswordField } from './PasswordField.tsx';
import '../../shell/components/ui.css';

export interface LoginFormProps {
  messages: IslandMessages;
  /** Where to go after logging in: a same-site path the server checked, else the members page. */
  next: string;
  links: { reset: string; signup: string | null };
  minAge: number;
}

/**
 * Spec §4 Auth: e-mail and password; a failure never says which of the two was wrong
 * ("Login failed, please try again"), and after repeated failures the account is locked for a
 * while ("… blocked for {minutes} min.").
 */
export default function LoginForm({ messages, next, links, minAge }: LoginFormProps) {
  const t = islandTranslator(messages);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const parsed = loginInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      const codes = fieldErrors(parsed.error);
      setErrors({
        email: codes.email && fieldErrorMessage(t, codes.email, minAge),
        password: codes.password && fieldErrorMessage(t, codes.password, minAge),
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await login(parsed.data);
      location.assign(next);
    } catch (error) {
      setBusy(false);
      // The password is cleared after a failure, the address stays: the usual retry.
      setPassword('');
      if (!isApiError(error)) setFormError(t('error.try_later'));
      else if (error.code === 'login_failed') setFormError(error.message || t('accounts.error.login_failed'));
      else if (error.code === 'account_locked')
        setFormError(
          error.message ||
            t('accounts.error.account_locked', {
              minutes: error.detail('minutes') ?? Math.ceil((error.retryAfter ?? 60) / 60),
            }),
        );
      else setFormError(error.message || t('error.try_later'));
    }
  };

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <Field
        label={t('login.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
      />
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        t={t}
      />
      <FormAlert message={formError} />
      <div className="d-flex flex-wrap gap-3 align-items-center justify-content-between">
        <SubmitButton busy={busy} busyLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
        <a href={links.reset}>{t('login.forgot')}</a>
      </div>
      {links.signup && (
        <p className="mt-4 mb-0">
          {t('login.no_account')} <a href={links.signup}>{t('nav.signup')}</a>
        </p>
      )}
    </form>
  );
}
