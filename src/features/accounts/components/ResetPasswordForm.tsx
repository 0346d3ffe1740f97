import { useState, type SubmitEvent } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { PASSWORD_MIN_LENGTH, resetDoInputSchema, tokenField, type User } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import { PasswordField } from './PasswordField.tsx';
import { fieldMessages, parseMessages, requestErrorMessage, type FieldMessages } from './form-errors.ts';
import '../../shell/components/ui.css';

export interface ResetPasswordFormProps {
  messages: IslandMessages;
  /** The token of the e-mailed link (`/reset-password/do?token=…`). */
  token: string;
  minAge: number;
  links: { request: string; after: string };
}

/**
 * The e-mailed link's page: the new password twice. Success logs the member in (every other
 * session of the account has ended on the server). A used or expired link says so and offers
 * a new e-mail.
 */
export default function ResetPasswordForm({ messages, token, minAge, links }: ResetPasswordFormProps) {
  const t = islandTranslator(messages);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string>();
  const [linkInvalid, setLinkInvalid] = useState(() => !tokenField.safeParse(token).success);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const parsed = resetDoInputSchema().safeParse({ token, password, password_repeat: repeat });
    if (!parsed.success) {
      setErrors(parseMessages(parsed.error, t, minAge));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { user } = await api.post<{ user: User }>('/api/password-reset.php', parsed.data, {
        query: { do: 1 },
      });
      setUser(user);
      setDone(true);
      location.assign(links.after);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.code === 'link_invalid') setLinkInvalid(true);
      else if (isApiError(error) && error.code === 'validation')
        setErrors(fieldMessages(error.fields, t, minAge));
      else setFormError(requestErrorMessage(error, t));
    }
  };

  if (linkInvalid) {
    return (
      <FormAlert variant="danger">
        <p>{t('accounts.error.link_invalid')}</p>
        <a className="btn btn-primary" href={links.request}>
          {t('reset.request_new')}
        </a>
      </FormAlert>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <PasswordField
        label={t('reset.new_password')}
        hint={t('signup.password_hint', { password_min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        t={t}
      />
      <PasswordField
        label={t('reset.repeat_password')}
        name="password_repeat"
        autoComplete="new-password"
        value={repeat}
        onChange={setRepeat}
        error={errors.password_repeat}
        t={t}
      />
      <FormAlert message={formError} />
      {done && <FormAlert variant="success" message={t('reset.done')} />}
      <SubmitButton busy={busy || done} busyLabel={t('reset.saving')}>
        {t('reset.save')}
      </SubmitButton>
    </form>
  );
}
