import { useState, type SubmitEvent } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../components/console-client.ts';
import { FailureAlert } from '../components/ConsoleTable.tsx';
import { useConsoleAction } from '../components/use-console-action.ts';
import { TitledSection } from '../components/TitledSection.tsx';
import { BusySubmit } from '../components/BusySubmit.tsx';

export const PASSWORD_MESSAGES = [
  'console.password.old',
  'console.password.new',
  'console.password.hint',
  'console.password.submit',
  'console.password.saved',
  'console.recovery.title',
  'console.recovery.intro',
  'console.recovery.done',
  'console.busy',
  'error.try_later',
] as const;

/**
 * A new password for the staff member. At the first login (the one-time password) it is the
 * only thing the console allows; the answer then carries the recovery codes, shown this once.
 */
export default function PasswordForm({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const { busy, error, fields, run } = useConsoleAction(t);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await run(async () => {
      const answer = await api('PUT /console/api/password.php', {
        old_password: String(data.get('old_password') ?? ''),
        password: String(data.get('password') ?? ''),
      });
      setCodes(answer.recovery_codes);
      setSaved(true);
    });
  }

  if (saved)
    return (
      <div>
        <p role="status" className="alert alert-success">
          {t('console.password.saved')}
        </p>
        {codes && (
          <TitledSection id="recovery-title" title={t('console.recovery.title')}>
            <p>{t('console.recovery.intro')}</p>
            <ul
              className="list-unstyled font-monospace fs-5 row row-cols-2 g-1 mb-3"
              data-testid="recovery-codes"
            >
              {codes.map((code) => (
                <li key={code} className="col">
                  {code}
                </li>
              ))}
            </ul>
          </TitledSection>
        )}
        <a className="btn btn-primary" href="/console">
          {t('console.recovery.done')}
        </a>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <FailureAlert error={error} />
      <Field
        label={t('console.password.old')}
        name="old_password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        error={fields.old_password}
      />
      <Field
        label={t('console.password.new')}
        hint={t('console.password.hint')}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={12}
        required
        error={fields.password}
      />
      <BusySubmit busy={busy} busyText={t('console.busy')}>
        {t('console.password.submit')}
      </BusySubmit>
    </form>
  );
}
