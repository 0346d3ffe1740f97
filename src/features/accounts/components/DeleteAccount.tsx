import { useId, useRef, useState, useEffect, type SubmitEvent } from 'react';
import { api } from '../../../lib/api-client.ts';
import { CheckField } from '../../shell/components/CheckField.tsx';
import { FormAlert, SubmitButton, TextAreaField } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import {
  DELETION_COMMENT_MAX_LENGTH,
  DELETION_REASONS,
  deleteAccountInputSchema,
  type DeletionReason,
  type User,
} from '../accounts.schemas.ts';
import { leaveEndedSessionFor } from '../accounts.store.ts';
import { PasswordField } from './PasswordField.tsx';
import { accountWords, schemaCheck } from './account-forms.ts';
import { textOf } from '../../shell/form.ts';
import { useForm, useHydrated } from '../../shell/use-form.ts';
import { useUser } from './use-user.ts';

export interface DeleteAccountProps {
  user: User;
  messages: IslandMessages;
  minAge: number;
  /** The company's `delete_discount` code, when it offers one. */
  discountCode: string | null;
  /** The smallest bundle on sale to the member, offered as a trial package. */
  trial?: { credits: number; href: string } | null;
  links: { email: string; privacy: string; credits: string; deleted: string };
}

type Stage = 'closed' | 'alternatives' | 'reason' | 'confirm';

/**
 * Spec §4 account deletion: first the alternatives (another address, a privacy mode, the
 * company's discount), then why, then the password. Deleting ends every session at once and
 * hides the profile; a link to take it all back within 14 days goes to the member's address.
 */
export default function DeleteAccount({
  user: initialUser,
  messages,
  minAge,
  discountCode,
  trial = null,
  links,
}: DeleteAccountProps) {
  useUser(initialUser);
  const t = islandTranslator(messages);
  const [stage, setStage] = useState<Stage>('closed');
  const [reason, setReason] = useState<DeletionReason | ''>('');
  const [comment, setComment] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonName = useId();
  const hydrated = useHydrated();
  const form = useForm({
    ...accountWords(t, minAge),
    read: (data) => ({ password: textOf(data, 'password'), reason, comment }),
    check: schemaCheck(deleteAccountInputSchema),
    send: (values) =>
      api('DELETE /api/account.php', deleteAccountInputSchema.parse(values), { idempotent: false }),
    leaves: true,
    done: (answer) => {
      // The session ended on the server; the browser forgets the member without a round trip,
      // and no call refused meanwhile sends them to the root instead of the farewell page.
      leaveEndedSessionFor(`${links.deleted}?until=${encodeURIComponent(answer.reactivate_until)}`);
    },
    onFields: (fields) => {
      if (fields.reason) setStage('reason');
    },
  });

  useEffect(() => {
    if (stage !== 'closed') headingRef.current?.focus();
  }, [stage]);

  const toConfirm = (event: SubmitEvent) => {
    event.preventDefault();
    if (!reason) {
      form.showFields({ reason: t('accounts.field.reason_invalid') });
      return;
    }
    form.showFields({});
    setStage('confirm');
  };

  if (stage === 'closed') {
    return (
      <div>
        <p>{t('deletion.intro')}</p>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() => setStage('alternatives')}
          disabled={!hydrated}
        >
          {t('deletion.start')}
        </button>
      </div>
    );
  }

  return (
    <div className="border border-danger-subtle rounded-3 p-3">
      {stage === 'alternatives' && (
        <>
          <h3 className="h5" tabIndex={-1} ref={headingRef}>
            {t('deletion.alternatives_title')}
          </h3>
          <p>{t('deletion.alternatives_intro')}</p>
          <ul className="list-unstyled d-grid gap-3 mb-4">
            <li>
              <strong className="d-block">{t('deletion.alt_email')}</strong>
              <a href={links.email}>{t('deletion.alt_email_action')}</a>
            </li>
            <li>
              <strong className="d-block">{t('deletion.alt_privacy')}</strong>
              <a href={links.privacy}>{t('deletion.alt_privacy_action')}</a>
            </li>
            {trial && (
              <li>
                <strong className="d-block">{t('credits.trial', { credits: trial.credits })}</strong>
                <a href={trial.href}>{t('credits.trial_action')}</a>
              </li>
            )}
            {discountCode && (
              <li>
                <strong className="d-block">{t('deletion.alt_discount', { code: discountCode })}</strong>
                <a href={links.credits}>{t('deletion.alt_discount_action')}</a>
              </li>
            )}
          </ul>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={() => setStage('closed')}>
              {t('deletion.keep')}
            </button>
            <button type="button" className="btn btn-outline-danger" onClick={() => setStage('reason')}>
              {t('deletion.continue')}
            </button>
          </div>
        </>
      )}
      {stage === 'reason' && (
        <form {...form.props} onSubmit={toConfirm}>
          <h3 className="h5" tabIndex={-1} ref={headingRef}>
            {t('deletion.reason_title')}
          </h3>
          <fieldset
            className="mb-3"
            aria-describedby={form.fields.reason ? `${reasonName}-error` : undefined}
          >
            <legend className="form-label fs-6">{t('deletion.reason_legend')}</legend>
            {DELETION_REASONS.map((option) => (
              <CheckField
                key={option}
                invalid={!!form.fields.reason}
                type="radio"
                name={reasonName}
                id={`${reasonName}-${option}`}
                checked={reason === option}
                onChange={() => {
                  setReason(option);
                  form.clearField('reason');
                }}
                label={t(`accounts.delete.reason.${option}`)}
              />
            ))}
            <div
              className={`invalid-feedback${form.fields.reason ? ' d-block' : ''}`}
              id={`${reasonName}-error`}
              role="alert"
            >
              {form.fields.reason}
            </div>
          </fieldset>
          <TextAreaField
            label={t('deletion.comment')}
            rows={3}
            maxLength={DELETION_COMMENT_MAX_LENGTH}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            error={form.fields.comment}
          />
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setStage('alternatives')}
            >
              {t('signup.back')}
            </button>
            <button type="submit" className="btn btn-outline-danger">
              {t('deletion.continue')}
            </button>
          </div>
        </form>
      )}
      {stage === 'confirm' && (
        <form {...form.props}>
          <h3 className="h5" tabIndex={-1} ref={headingRef}>
            {t('deletion.confirm_title')}
          </h3>
          <p>{t('deletion.confirm_text', { days: 14 })}</p>
          <PasswordField label={t('settings.password_confirm')} error={form.fields.password} t={t} />
          <FormAlert message={form.error} />
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setStage('reason')}
              disabled={form.busy}
            >
              {t('signup.back')}
            </button>
            <SubmitButton busy={form.busy} busyLabel={t('deletion.deleting')} className="btn btn-danger">
              {t('deletion.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}

// The member only seeds the browser's store: the server HTML is the closed first step alone.
DeleteAccount.serverHtmlIgnores = ['user'] as readonly string[];
