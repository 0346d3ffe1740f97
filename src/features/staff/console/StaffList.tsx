import { useEffect, useState, type SubmitEvent } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import type { AddedStaff, StaffMember } from '../staff.schemas.ts';
import { api, failureText } from '../components/console-client.ts';
import { LoadedColumnTable, FailureAlert, LoadingLine } from '../components/ConsoleTable.tsx';
import { useConsoleAction } from '../components/use-console-action.ts';
import { LabelledSelect, SelectOptions } from '../components/LabelledControl.tsx';
import { TitledSection } from '../components/TitledSection.tsx';
import { BusySubmit } from '../components/BusySubmit.tsx';

export const STAFF_MESSAGES = [
  'console.staff.email',
  'console.staff.roles',
  'console.staff.last_login',
  'console.staff.never',
  'console.staff.disabled',
  'console.staff.active',
  'console.staff.status',
  'console.staff.disable',
  'console.staff.disable_confirm',
  'console.staff.add',
  'console.staff.role',
  'console.staff.network',
  'console.staff.every_network',
  'console.staff.submit',
  'console.staff.added',
  'console.staff.added_role',
  'console.staff.one_time_password',
  'console.staff.totp_secret',
  'console.staff.otpauth',
  'console.staff.shown_once',
  'console.staff.loading',
  'console.staff.empty',
  'console.staff.caption',
  'console.role.owner',
  'console.role.moderator',
  'console.role.support',
  'console.role.host',
  'console.audit.console_itself',
  'console.busy',
  'error.try_later',
] as const;

const ROLES = ['owner', 'moderator', 'support', 'host'] as const;

/**
 * The staff of the networks the owner holds, and the form that adds one (or gives one a role in
 * another network). A new account's one-time password and TOTP secret are shown once, here.
 */
export default function StaffList({
  messages,
  networks,
  everyNetwork,
  self,
}: {
  messages: IslandMessages;
  networks: string[];
  /** The viewer's own staff id (they cannot disable themselves). */
  self: string;
  /** The viewer holds every network, so may add an owner of all of them. */
  everyNetwork: boolean;
}) {
  const t = islandTranslator(messages);
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [error, setError] = useState('');
  const { busy, error: formError, fields, run } = useConsoleAction(t);
  const [added, setAdded] = useState<AddedStaff | null>(null);

  const refresh = () =>
    api('GET /console/api/staff.php')
      .then((answer) => setStaff(answer.staff))
      .catch((failure: unknown) => setError(failureText(failure, t)));

  useEffect(() => {
    void refresh();
  }, []);

  async function disable(member: StaffMember) {
    if (!window.confirm(t('console.staff.disable_confirm', { email: member.email }))) return;
    setError('');
    try {
      await api('PUT /console/api/staff.php', { id: member.id, disabled: true });
      await refresh();
    } catch (failure) {
      setError(failureText(failure, t));
    }
  }

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const network = String(data.get('network') ?? '');
    setAdded(null);
    await run(async () => {
      const answer = await api('POST /console/api/staff.php', {
        email: String(data.get('email') ?? ''),
        role: String(data.get('role') ?? '') as (typeof ROLES)[number],
        ...(network && { network }),
      });
      setAdded(answer.staff);
      form.reset();
      await refresh();
    });
  }

  const networkName = (n: string) => (n === '*' ? t('console.staff.every_network') : n);

  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <FailureAlert error={error} />
        {staff === null && !error && <LoadingLine text={t('console.staff.loading')} />}
        <LoadedColumnTable
          rows={staff}
          empty={t('console.staff.empty')}
          caption={t('console.staff.caption')}
          className="table table-sm align-middle"
          rowKey={(member) => member.id}
          columns={[
            { header: t('console.staff.email'), cell: (member) => member.email },
            {
              header: t('console.staff.roles'),
              cell: (member) =>
                member.roles
                  .map(
                    (r) =>
                      `${t(`console.role.${r.role as (typeof ROLES)[number]}`)} (${networkName(r.network)})`,
                  )
                  .join(', '),
            },
            {
              header: t('console.staff.last_login'),
              cell: (member) =>
                member.last_login_at
                  ? member.last_login_at.replace('T', ' ').slice(0, 16)
                  : t('console.staff.never'),
            },
            {
              header: t('console.staff.status'),
              className: 'text-nowrap',
              cell: (member) => (
                <>
                  {member.disabled ? t('console.staff.disabled') : t('console.staff.active')}
                  {!member.disabled && member.id !== self && (
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm ms-2"
                      onClick={() => void disable(member)}
                    >
                      {t('console.staff.disable')}
                      <span className="visually-hidden"> {member.email}</span>
                    </button>
                  )}
                </>
              ),
            },
          ]}
        />
      </div>
      <TitledSection id="add-staff-title" title={t('console.staff.add')} className="col-lg-4">
        <form onSubmit={add} noValidate aria-busy={busy}>
          <FailureAlert error={formError} />
          <Field label={t('console.staff.email')} name="email" type="email" required error={fields.email} />
          <LabelledSelect
            id="staff-role"
            label={t('console.staff.role')}
            className="mb-3"
            name="role"
            defaultValue="moderator"
          >
            <SelectOptions options={ROLES.map((role) => [role, t(`console.role.${role}`)])} />
          </LabelledSelect>
          <LabelledSelect
            id="staff-network"
            label={t('console.staff.network')}
            className="mb-3"
            name="network"
            error={fields.network}
          >
            {everyNetwork && <option value="">{t('console.staff.every_network')}</option>}
            <SelectOptions options={networks.map((n) => [n, n])} />
          </LabelledSelect>
          <BusySubmit busy={busy} busyText={t('console.busy')}>
            {t('console.staff.submit')}
          </BusySubmit>
        </form>
        {added && (
          <div role="status" className="alert alert-success mt-3" data-testid="added-staff">
            <p className="mb-2">
              {added.password
                ? t('console.staff.added', { email: added.email })
                : t('console.staff.added_role', { email: added.email })}
            </p>
            {added.password && (
              <dl className="mb-2">
                <dt>{t('console.staff.one_time_password')}</dt>
                <dd className="font-monospace">{added.password}</dd>
                <dt>{t('console.staff.totp_secret')}</dt>
                <dd className="font-monospace text-break">{added.totp_secret}</dd>
                <dt>{t('console.staff.otpauth')}</dt>
                <dd className="font-monospace small text-break">{added.otpauth_uri}</dd>
              </dl>
            )}
            {added.password && <p className="small mb-0">{t('console.staff.shown_once')}</p>}
          </div>
        )}
      </TitledSection>
    </div>
  );
}
