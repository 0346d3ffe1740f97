import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { resetRequestInputSchema } from '../accounts.schemas.ts';
import { textOf } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { EmailField } from './EmailField.tsx';
import { accountWords, schemaCheck } from './account-forms.ts';

export interface ResetRequestFormProps {
  messages: IslandMessages;
  minAge: number;
  /** An address to start from (the login form's, carried over). */
  email?: string;
}

/** Spec §2 "Forgot password": a link to choose a new password goes to the account's address. */
export default function ResetRequestForm({
  messages,
  minAge,
  email: initialEmail = '',
}: ResetRequestFormProps) {
  const t = islandTranslator(messages);
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({
    ...accountWords(t, minAge),
    read: (data) => ({ email: textOf(data, 'email') }),
    check: schemaCheck(resetRequestInputSchema),
    send: async (values) => {
      const body = resetRequestInputSchema.parse(values);
      await api('POST /api/password-reset.php', body);
      return body.email;
    },
    done: setSentTo,
    refused: (error) => {
      if (error.code === 'email_not_found')
        return { fields: { email: error.message || t('accounts.error.email_not_found') } };
      if (error.code === 'too_many_reset_emails')
        return { error: error.message || t('accounts.error.too_many_reset_emails') };
      return undefined;
    },
  });

  if (sentTo) {
    return (
      <FormAlert variant="success">
        <p className="mb-1 fw-semibold">{t('reset.sent_title')}</p>
        <p className="mb-0">{t('reset.sent', { email: sentTo })}</p>
      </FormAlert>
    );
  }

  return (
    <form {...form.props}>
      <EmailField
        label={t('login.email')}
        autoComplete="email"
        defaultValue={initialEmail}
        error={form.fields.email}
      />
      <FormAlert message={form.error} />
      <SubmitButton busy={form.busy} busyLabel={t('reset.sending')}>
        {t('reset.send')}
      </SubmitButton>
    </form>
  );
}
