import { useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { api } from '../components/console-client.ts';
import { FailureAlert } from '../components/ConsoleTable.tsx';
import { useConsoleAction } from '../components/use-console-action.ts';
import { BusySubmit } from '../components/BusySubmit.tsx';

export const LOGIN_MESSAGES = [
  'console.login.title',
  'console.login.email',
  'console.login.password',
  'console.login.next',
  'console.login.code',
  'console.login.code_hint',
  'console.login.recovery_code',
  'console.login.recovery_hint',
  'console.login.use_recovery',
  'console.login.use_code',
  'console.login.submit',
  'console.login.back',
  'console.busy',
  'error.try_later',
] as const;

/**
 * The second step's field, by the name the session endpoint takes it under: the authenticator's
 * code, or a recovery code in its place. Each is its own field (keyed by name), so switching
 * starts the other one empty.
 */
const SECOND_FACTORS = {
  code: {
    label: 'console.login.code',
    hint: 'console.login.code_hint',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7 },
  },
  recovery_code: {
    label: 'console.login.recovery_code',
    hint: 'console.login.recovery_hint',
    input: { autoComplete: 'off' },
  },
} as const;

/**
 * The console's login in two steps: e-mail and password, then the authenticator's code (or a
 * recovery code). The password step's answer says only that a code is needed; the session
 * starts with the code. After a first login the one-time password is changed first.
 */
export default function LoginForm({ messages }: { messages: IslandMessages }) {
  const t = islandTranslator(messages);
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [recovery, setRecovery] = useState(false);
  const { busy, error, setError, fields, run } = useConsoleAction(t);
  const credentials = useRef({ email: '', password: '' });
  const factor = recovery ? 'recovery_code' : 'code';

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    await run(async () => {
      if (step === 'password') {
        credentials.current = { email: value('email'), password: value('password') };
        await api('POST /console/api/session.php', credentials.current);
        setStep('code');
      } else {
        const second = recovery ? { recovery_code: value('recovery_code') } : { code: value('code') };
        const answer = await api('POST /console/api/session.php', { ...credentials.current, ...second });
        if ('staff' in answer)
          location.assign(answer.staff.must_change_password ? '/console/password' : '/console');
      }
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <FailureAlert error={error} />
      {step === 'password' ? (
        <>
          <Field
            label={t('console.login.email')}
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            error={fields.email}
          />
          <Field
            label={t('console.login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={fields.password}
          />
          <BusySubmit busy={busy} busyText={t('console.busy')} className="btn btn-primary w-100">
            {t('console.login.next')}
          </BusySubmit>
        </>
      ) : (
        <>
          <Field
            key={factor}
            label={t(SECOND_FACTORS[factor].label)}
            hint={t(SECOND_FACTORS[factor].hint)}
            name={factor}
            {...SECOND_FACTORS[factor].input}
            required
            autoFocus
            error={fields[factor]}
          />
          <BusySubmit busy={busy} busyText={t('console.busy')} className="btn btn-primary w-100 mb-3">
            {t('console.login.submit')}
          </BusySubmit>
          <div className="d-flex justify-content-between">
            <button type="button" className="btn btn-link p-0" onClick={() => setRecovery(!recovery)}>
              {recovery ? t('console.login.use_code') : t('console.login.use_recovery')}
            </button>
            <button
              type="button"
              className="btn btn-link p-0"
              onClick={() => {
                setStep('password');
                setRecovery(false);
                setError('');
              }}
            >
              {t('console.login.back')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
