import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { User } from '../../accounts/accounts.schemas.ts';
import { needsConsent } from '../../notifications/notifications.constants.ts';
import { useUser } from '../../accounts/components/use-user.ts';
import { islandTranslator, type IslandMessages } from '../island-i18n.ts';
import { requestErrorMessage } from '../form.ts';
import { useForm, useHydrated } from '../use-form.ts';
import { AlertSection } from './AlertSection.tsx';
import { Modal } from './Modal.tsx';

export interface ActivationReminderProps {
  user: User;
  messages: IslandMessages;
  /** The page was reached right after signing up (`?api_signup_complete`). */
  signupComplete: boolean;
  /** Where the address can be corrected. */
  settingsUrl: string;
  /** Whether the member may ask for the activation e-mail again (`POST /api/activate.php`). */
  canResend: boolean;
}

/**
 * Spec §4 activation reminder: while the address is unconfirmed (user not_confirmed, profile
 * disabled) and no e-mail category is switched off (promotions and news, off until the member
 * consents, are not switched off by anyone). An alert; on a smartphone right after the
 * signup, a modal. The pages that leave it out (signup, settings, notifications) do not render it.
 */
export function reminderDue(user: User | null): boolean {
  return (
    !!user &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.every(needsConsent)
  );
}

/** Bootstrap's sm breakpoint: below it the device is a phone. */
const SMARTPHONE = '(max-width: 575.98px)';

export default function ActivationReminder({
  user: initialUser,
  messages,
  signupComplete,
  settingsUrl,
  canResend,
}: ActivationReminderProps) {
  const t = islandTranslator(messages);
  const user = useUser(initialUser);
  const hydrated = useHydrated();
  const [modal, setModal] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const resend = useForm({
    failureMessage: (error) => requestErrorMessage(error, t),
    read: () => ({}),
    check: () => {
      setOutcome(undefined);
      return undefined;
    },
    send: () => api('POST /api/activate.php', {}),
    report: (text) => setOutcome({ ok: false, text }),
    done: () => setOutcome({ ok: true, text: t('activation.resent', { email: user.email }) }),
  });

  useEffect(() => {
    if (signupComplete && reminderDue(initialUser) && matchMedia(SMARTPHONE).matches) setModal(true);
  }, []);

  if (!reminderDue(user)) return null;

  const body = (
    <>
      <p className="mb-2">{t('activation.text', { email: user.email })}</p>
      <p className="mb-2 small">{t('activation.why')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        {canResend && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => void resend.submit()}
            disabled={resend.busy || !hydrated}
          >
            {resend.busy && <span className="kindred-spinner me-1" aria-hidden="true" />}
            {t('activation.resend')}
          </button>
        )}
        <a className="small" href={settingsUrl}>
          {t('activation.wrong_address')}
        </a>
      </div>
      <div role="status" className="small mt-2">
        {outcome && <span className={outcome.ok ? 'text-success' : 'text-danger'}>{outcome.text}</span>}
      </div>
    </>
  );

  return (
    <>
      <div className="container mt-3">
        <AlertSection
          tone="warning"
          className="mb-0"
          titleId="activation-reminder-title"
          title={t('activation.title')}
        >
          {body}
        </AlertSection>
      </div>
      <Modal
        open={modal}
        onClose={() => setModal(false)}
        title={t('activation.title')}
        closeLabel={t('toast.close')}
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setModal(false)}>
            {t('activation.ok')}
          </button>
        }
      >
        <p className="mb-2">{t('activation.text', { email: user.email })}</p>
        <p className="mb-0 small">{t('activation.why')}</p>
      </Modal>
    </>
  );
}
