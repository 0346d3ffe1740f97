import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { textOf } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { loginInputSchema } from '../accounts.schemas.ts';
import { login } from '../accounts.store.ts';
import { EmailField } from './EmailField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { accountWords, schemaCheck } from './account-forms.ts';

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
 * while ("… blocked for {minutes} min."); an account guessed from many places asks new browsers
 * to wait ("Too many login attempts for this account …").
 */
export default function LoginForm({ messages, next, links, minAge }: LoginFormProps) {
  const t = islandTranslator(messages);
  const form = useForm({
    ...accountWords(t, minAge),
    read: (data) => ({ email: textOf(data, 'email'), password: textOf(data, 'password') }),
    check: schemaCheck(loginInputSchema),
    send: (values) => login(loginInputSchema.parse(values)),
    leaves: true,
    done: () => location.assign(next),
    refused: (error) => {
      // The password is cleared after a failure, the address stays: the usual retry.
      form.clear('password');
      if (error.code === 'login_failed') return { error: error.message || t('accounts.error.login_failed') };
      if (error.code === 'login_throttled')
        return { error: error.message || t('accounts.error.login_throttled') };
      if (error.code !== 'account_locked') return undefined;
      const minutes = error.detail('minutes') ?? Math.ceil((error.retryAfter ?? 60) / 60);
      return { error: error.message || t('accounts.error.account_locked', { minutes }) };
    },
  });

  return (
    <form {...form.props}>
      <EmailField label={t('login.email')} autoComplete="username" error={form.fields.email} />
      <PasswordField label={t('login.password')} error={form.fields.password} t={t} />
      <FormAlert message={form.error} />
      <div className="d-flex flex-wrap gap-3 align-items-center justify-content-between">
        <SubmitButton busy={form.busy} busyLabel={t('login.submitting')}>
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
