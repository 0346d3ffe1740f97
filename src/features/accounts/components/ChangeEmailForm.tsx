import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { textOf } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { accountInputSchema, type User } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import { useUser } from './use-user.ts';
import { EmailField } from './EmailField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { accountWords, schemaCheck } from './account-forms.ts';

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
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({
    ...accountWords(t, minAge),
    read: (data) => ({ email: textOf(data, 'email'), password: textOf(data, 'password') }),
    check: (values) => {
      // A new attempt takes the last one's confirmation away.
      setSentTo(undefined);
      return schemaCheck(accountInputSchema())(values);
    },
    send: (values) => api('PUT /api/account.php', values),
    done: (answer, values) => {
      setUser(answer.user);
      setSentTo(values.email.trim());
      form.clear('email', 'password');
    },
    refused: (error) =>
      error.code === 'email_exists'
        ? { fields: { email: error.message || t('accounts.error.email_exists') } }
        : undefined,
  });

  return (
    <form {...form.props}>
      <p>
        {t('settings.email_current')} <strong className="text-break">{user.email}</strong>
      </p>
      <EmailField label={t('settings.email_new')} autoComplete="email" error={form.fields.email} />
      <PasswordField label={t('settings.password_confirm')} error={form.fields.password} t={t} />
      <FormAlert message={form.error} />
      {sentTo && (
        <FormAlert variant="success" message={t('settings.email_sent', { email: sentTo, old: user.email })} />
      )}
      <SubmitButton busy={form.busy} busyLabel={t('settings.saving')}>
        {t('settings.email_submit')}
      </SubmitButton>
    </form>
  );
}
