import { useId, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator } from '../../shell/island-i18n.ts';
import { textOf } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { accountInputSchema } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import { useUser } from './use-user.ts';
import type { SettingsIslandProps } from './ChangeEmailForm.tsx';
import { NewPasswordField, PasswordField } from './PasswordField.tsx';
import { accountWords, schemaCheck } from './account-forms.ts';

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
  const [saved, setSaved] = useState(false);
  const form = useForm({
    ...accountWords(t, minAge),
    read: (data) => ({
      old_password: textOf(data, 'old_password'),
      password: textOf(data, 'password'),
      keep_current_session: data.has('keep_current_session'),
    }),
    check: (values) => {
      setSaved(false);
      return schemaCheck(accountInputSchema())(values);
    },
    send: (values) => api('PUT /api/account.php', values),
    done: (answer, values) => {
      form.clear('old_password', 'password');
      if (!values.keep_current_session || !answer.user) {
        // This device was logged out with the others, as asked: log in with the new password.
        location.assign(loginUrl);
        return;
      }
      setUser(answer.user);
      setSaved(true);
    },
  });

  return (
    <form {...form.props}>
      <PasswordField
        label={t('settings.password_old')}
        name="old_password"
        error={form.fields.old_password}
        t={t}
      />
      <NewPasswordField error={form.fields.password} t={t} />
      <CheckField
        className="mb-3"
        type="checkbox"
        id={keepId}
        name="keep_current_session"
        defaultChecked
        aria-describedby={`${keepId}-hint`}
        label={t('settings.keep_session')}
      >
        <div className="form-text" id={`${keepId}-hint`}>
          {t('settings.keep_session_hint')}
        </div>
      </CheckField>
      <FormAlert message={form.error} />
      {saved && <FormAlert variant="success" message={t('settings.password_saved')} />}
      <SubmitButton busy={form.busy} busyLabel={t('settings.saving')}>
        {t('settings.password_submit')}
      </SubmitButton>
    </form>
  );
}

// The member only seeds the browser's store: the server HTML is the form's labels alone.
ChangePasswordForm.serverHtmlIgnores = ['user'] as readonly string[];
