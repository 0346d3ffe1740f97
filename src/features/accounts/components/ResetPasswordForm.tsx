import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { textOf } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { resetDoInputSchema, tokenField } from '../accounts.schemas.ts';
import { NewPasswordField, PasswordField } from './PasswordField.tsx';
import { accountWords, logsInFromLink, schemaCheck } from './account-forms.ts';

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
  const [linkInvalid, setLinkInvalid] = useState(() => !tokenField.safeParse(token).success);
  const [done, setDone] = useState(false);
  const schema = resetDoInputSchema();
  const form = useForm({
    ...accountWords(t, minAge),
    read: (data) => ({
      token,
      password: textOf(data, 'password'),
      password_repeat: textOf(data, 'password_repeat'),
    }),
    check: schemaCheck(schema),
    send: (values) => api('POST /api/password-reset.php?do=1', schema.parse(values)),
    ...logsInFromLink({
      after: links.after,
      onDone: () => setDone(true),
      onLinkInvalid: () => setLinkInvalid(true),
    }),
  });

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
    <form {...form.props}>
      <NewPasswordField error={form.fields.password} t={t} />
      <PasswordField
        label={t('reset.repeat_password')}
        name="password_repeat"
        autoComplete="new-password"
        error={form.fields.password_repeat}
        t={t}
      />
      <FormAlert message={form.error} />
      {done && <FormAlert variant="success" message={t('reset.done')} />}
      <SubmitButton busy={form.busy || done} busyLabel={t('reset.saving')}>
        {t('reset.save')}
      </SubmitButton>
    </form>
  );
}
