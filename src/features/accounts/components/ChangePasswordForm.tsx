import { useId, useState, type SubmitEvent } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator } from '../../shell/island-i18n.ts';
import { accountInputSchema, PASSWORD_MIN_LENGTH, type User } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import { useUser } from './use-user.ts';
import type { SettingsIslandProps } from './ChangeEmailForm.tsx';
import { PasswordField } from './PasswordField.tsx';
import { fieldMessages, parseMessages, requestErrorMessage, type FieldMessages } from './form-errors.ts';
import '../../shell/components/ui.css';

/**
 * Settings: change the password. The old one must be right ("Please check your old password");
 * every other session of the account ends, and this one too unless the member keeps it.
 */
export default function ChangePasswordForm({
  user,
  messages,
  minAge,
  loginUrl,
}: SettingsIslandProps & { loginUrl: string }) {
  useUser(user);
  const t = islandTranslator(messages);
  const keepId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(true);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    setSaved(false);
    const body = { old_password: oldPassword, password, keep_current_session: keep };
    const parsed = accountInputSchema().safeParse(body);
    if (!parsed.success) {
      setErrors(parseMessages(parsed.error, t, minAge));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api.put<{ user: User | null }>('/api/account.php', body);
      setOldPassword('');
      setPassword('');
      if (!keep || !answer.user) {
        // This device was logged out with the others, as asked: log in with the new password.
        location.assign(loginUrl);
        return;
      }
      setUser(answer.user);
      setSaved(true);
    } catch (error) {
      if (isApiError(error) && error.code === 'validation') setErrors(fieldMessages(error.fields, t, minAge));
      else setFormError(requestErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <PasswordField
        label={t('settings.password_old')}
        name="old_password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={setOldPassword}
        error={errors.old_password}
        t={t}
      />
      <PasswordField
        label={t('reset.new_password')}
        hint={t('signup.password_hint', { password_min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        t={t}
      />
      <div className="form-check mb-3">
        <input
          className="form-check-input"
          type="checkbox"
          id={keepId}
          checked={keep}
          onChange={(e) => setKeep(e.target.checked)}
          aria-describedby={`${keepId}-hint`}
        />
        <label className="form-check-label" htmlFor={keepId}>
          {t('settings.keep_session')}
        </label>
        <div className="form-text" id={`${keepId}-hint`}>
          {t('settings.keep_session_hint')}
        </div>
      </div>
      <FormAlert message={formError} />
      {saved && <FormAlert variant="success" message={t('settings.password_saved')} />}
      <SubmitButton busy={busy} busyLabel={t('settings.saving')}>
        {t('settings.password_submit')}
      </SubmitButton>
    </form>
  );
}
