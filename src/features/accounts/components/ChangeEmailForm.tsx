import { useState, type SubmitEvent } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { Field, FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { accountInputSchema, type User } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import { useUser } from './use-user.ts';
import { PasswordField } from './PasswordField.tsx';
import { fieldMessages, parseMessages, requestErrorMessage, type FieldMessages } from './form-errors.ts';
import '../../shell/components/ui.css';

export interface SettingsIslandProps {
  user: User;
  messages: IslandMessages;
  minAge: number;
}

/**
 * Settings: change the e-mail address. The password proves it is the member; the new address
 * gets a link and changes only when it is opened, and the old one is told (spec §2 settings).
 */
export default function ChangeEmailForm({ user: initialUser, messages, minAge }: SettingsIslandProps) {
  const user = useUser(initialUser);
  const t = islandTranslator(messages);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    setSentTo(undefined);
    const parsed = accountInputSchema().safeParse({ email, password });
    if (!parsed.success) {
      setErrors(parseMessages(parsed.error, t, minAge));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api.put<{ user: User }>('/api/account.php', { email, password });
      setUser(answer.user);
      setSentTo(email.trim());
      setEmail('');
      setPassword('');
    } catch (error) {
      if (isApiError(error) && error.code === 'validation') {
        setErrors(fieldMessages(error.fields, t, minAge));
      } else if (isApiError(error) && error.code === 'email_exists') {
        setErrors({ email: error.message || t('accounts.error.email_exists') });
      } else {
        setFormError(requestErrorMessage(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <p>
        {t('settings.email_current')} <strong className="text-break">{user.email}</strong>
      </p>
      <Field
        label={t('settings.email_new')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
      />
      <PasswordField
        label={t('settings.password_confirm')}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        t={t}
      />
      <FormAlert message={formError} />
      {sentTo && (
        <FormAlert variant="success" message={t('settings.email_sent', { email: sentTo, old: user.email })} />
      )}
      <SubmitButton busy={busy} busyLabel={t('settings.saving')}>
        {t('settings.email_submit')}
      </SubmitButton>
    </form>
  );
}
