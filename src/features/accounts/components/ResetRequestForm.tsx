import { useState, type SubmitEvent } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { Field, FormAlert, SubmitButton } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { resetRequestInputSchema } from '../accounts.schemas.ts';
import { fieldMessages, parseMessages, requestErrorMessage, type FieldMessages } from './form-errors.ts';
import '../../shell/components/ui.css';

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
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const parsed = resetRequestInputSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(parseMessages(parsed.error, t, minAge));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.post('/api/password-reset.php', parsed.data);
      setSentTo(parsed.data.email);
    } catch (error) {
      if (isApiError(error) && error.code === 'email_not_found')
        setErrors({ email: error.message || t('accounts.error.email_not_found') });
      else if (isApiError(error) && error.code === 'validation')
        setErrors(fieldMessages(error.fields, t, minAge));
      else if (isApiError(error) && error.code === 'too_many_reset_emails')
        setFormError(error.message || t('accounts.error.too_many_reset_emails'));
      else setFormError(requestErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <FormAlert variant="success">
        <p className="mb-1 fw-semibold">{t('reset.sent_title')}</p>
        <p className="mb-0">{t('reset.sent', { email: sentTo })}</p>
      </FormAlert>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <Field
        label={t('login.email')}
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
      <FormAlert message={formError} />
      <SubmitButton busy={busy} busyLabel={t('reset.sending')}>
        {t('reset.send')}
      </SubmitButton>
    </form>
  );
}
